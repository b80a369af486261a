import { describe, expect, it } from "vitest";
import { cellFunctionSource, transformCell } from "../../../lib/notebooks/static/cell-transform.js";

type CellFn = (scope: Record<string, unknown>, load: (m: string) => Promise<unknown>, toDefault: (m: { default?: unknown }) => unknown) => Promise<unknown>;

/** Runs cells one after another in one scope, as the browser runtime does. */
function session(modules: Record<string, unknown> = {}) {
  const scope: Record<string, unknown> = Object.create(null);
  return async (source: string) => {
    const program = transformCell(source);
    if (program.diagnostics.length) return { diagnostics: program.diagnostics };
    for (const n of program.names) if (!(n in scope)) scope[n] = undefined;
    const fn = new Function("__scope", "__import", "__default", cellFunctionSource(program)) as CellFn;
    const value = await fn(scope, async (m) => modules[m], (m) => ("default" in m ? m.default : m));
    return { value, scope };
  };
}

describe("transformCell: a cell's top-level names outlive it, as tslab's do", () => {
  it("keeps const, let, destructured, class and function names for later cells, and redeclaring is allowed", async () => {
    const run = session();
    await run("const a: number = 2, { b, c: [d] } = { b: 3, c: [4] };\nlet e;\nclass K { v() { return a * 10; } }\nfunction f(n: number) { return n + a; }");
    expect((await run("[a, b, d, e, new K().v(), f(1)]")).value).toEqual([2, 3, 4, undefined, 20, 3]);
    await run("const a = 5;");
    expect((await run("f(1)")).value).toBe(6);
  });

  it("runs top-level await, and returns the last expression's value only", async () => {
    const run = session();
    expect((await run("const x = await Promise.resolve(7);\nx * 2")).value).toBe(14);
    expect((await run("const y = 1;")).value).toBeUndefined();
  });

  it("turns imports into names: named (renamed, type-only dropped), namespace and default", async () => {
    const run = session({ m: { p: 1, q: 2 }, d: { default: "dflt" } });
    await run('import { p, q as r, type T } from "m";\nimport * as ns from "m";\nimport D from "d";');
    expect((await run("[p, r, ns.q, D]")).value).toEqual([1, 2, 2, "dflt"]);
  });

  it("reports syntax errors with 1-based line and column and gives no body", () => {
    const program = transformCell("const ok = 1;\nconst a = ;");
    expect(program.body).toBe("");
    expect(program.diagnostics).toEqual([{ line: 2, column: 11, message: "Unexpected token" }]);
  });

  it("reports an error only the JavaScript parser finds (a name declared twice) at its 1-based position too", () => {
    expect(transformCell("let a = 1;\n  let a = 2;").diagnostics).toEqual([{ line: 2, column: 7, message: "Identifier 'a' has already been declared" }]);
  });

  it("drops types, keeps enums, parameter properties and imports used only as values or not at all", async () => {
    const run = session({ m: { used: 1, unused: 2 } });
    await run('import type { T } from "t";\nimport { used, unused, type U } from "m";\nenum Color { Red, Green = 5 }\nclass P { x: number = 1; constructor(private y: string) {} }\ninterface I { a: T }\nconst id = <V,>(v: V): V => v;');
    expect((await run("[used, unused, Color.Green, Color[0], new P('z') as unknown as { y: string }, id<number>(3)!]")).value).toEqual([1, 2, 5, "Red", { x: 1, y: "z" }, 3]);
  });

  it("leaves names inside blocks local", async () => {
    const run = session();
    const { scope } = (await run("for (const i of [1]) { const inner = i; }\nconst outer = 1;")) as { scope: Record<string, unknown> };
    expect(Object.keys(scope)).toEqual(["outer"]);
  });

  it("refuses a source that is not a string", () => {
    expect(() => transformCell(1 as unknown as string)).toThrow(/source/);
  });
});
