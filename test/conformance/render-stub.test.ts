import { describe, expect, it } from "vitest";
import { parseRenderStub } from "../../lib/conformance/render-stub.js";

describe("parseRenderStub — the render_tree stubs of repomap_ranking.json", () => {
  it("evaluates literals, +, repetition, the names and the join over lois", () => {
    const f = parseRenderStub("'\u2502' + rel_fname + ' lois=' + ','.join(str(l) for l in lois) + '\\n' + '\u2502' + 'y'*3 + \"\\n\"");
    expect(f("/r/a.py", "a.py", [1, 5])).toBe("│a.py lois=1,5\n│yyy\n");
    expect(parseRenderStub("abs_fname + '|' + fname")("/r/a.py", "a.py", [])).toBe("/r/a.py|/r/a.py");
  });

  it("rejects what it cannot evaluate instead of guessing", () => {
    expect(() => parseRenderStub("rel_fname.upper()")).toThrow(/expected \+/);
    expect(() => parseRenderStub("os.system('x')")).toThrow(/the name os/);
    expect(() => parseRenderStub("'abc")).toThrow(/unterminated string/);
    expect(() => parseRenderStub("'\\q'")).toThrow(/escape/);
  });
});
