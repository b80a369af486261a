import { describe, expect, it } from "vitest";
import { lineAt, lineStarts, shapeTokens } from "../../../lib/grader/class/tokens.js";

const shapes = (text: string): string => shapeTokens(text).map((t) => t.shape).join(" ");

describe("shapeTokens", () => {
  it("turns names into ID and literals into LIT, keeps keywords and punctuation, drops comments and whitespace", () => {
    expect(shapes("const total = a + 2; // sum\n/* block */ if (ok) return 'x';")).toBe("const ID = ID + LIT ; if ( ID ) return LIT ;");
    expect(shapes("let b = true || false || null || 10n || #p")).toBe("let ID = LIT || LIT || null || LIT || ID");
  });

  it("takes contextual keywords for names (a variable may be called `from`), reserved words for themselves", () => {
    expect(shapes("for (const from of to) type = from as number;")).toBe("for ( const ID ID ID ) ID = ID ID ID ;");
    expect(shapes("for (const src of dst) tip = src as number;")).toBe(shapes("for (const from of to) type = from as number;"));
  });

  it("gives renamed code with other constants the same shape, and other code another", () => {
    const a = "for (const n of graph.nodes) total += rank.get(n)! * 0.85;";
    const b = "for (const v of g.vs)   sum +=  r.get(v)! * 1.5; // renamed";
    const c = "for (let i = 0; i < g.vs.length; i++) sum += r.get(g.vs[i]);";
    expect(shapes(a)).toBe(shapes(b));
    expect(shapes(a)).not.toBe(shapes(c));
  });

  it("scans a regular expression as one literal, but `/` after a value as division", () => {
    expect(shapes("x = /a+b/g.test(s)")).toBe("ID = LIT . ID ( ID )");
    expect(shapes("x = a / b / c")).toBe("ID = ID / ID / ID");
    expect(shapes("x = (a) / 2")).toBe("ID = ( ID ) / LIT");
  });

  it("scans a template with nested braces as literal parts around its expressions", () => {
    expect(shapes("s = `a${ {k: 1}.k }b${c}d`; t = 1")).toBe("ID = LIT { ID : LIT } . ID LIT ID LIT ; ID = LIT");
  });

  it("numbers the lines each token starts on", () => {
    const t = shapeTokens("a\n\n  b(\n c)");
    expect(t.map((x) => [x.shape, x.line])).toEqual([["ID", 1], ["ID", 3], ["(", 3], ["ID", 4], [")", 4]]);
  });

  it("finds the line of an offset", () => {
    const starts = lineStarts("ab\ncd\n\nef");
    expect(starts).toEqual([0, 3, 6, 7]);
    expect([0, 2, 3, 6, 7, 8].map((p) => lineAt(starts, p))).toEqual([1, 1, 2, 3, 4, 4]);
  });
});
