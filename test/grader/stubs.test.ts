import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../lib/core/errors.js";
import { isNotImplementedMessage, notImplementedMessage, stubFromSolution } from "../../lib/grader/stubs.js";

const SOLUTION = `/** header kept */
import { a } from "x";
// BEGIN SOLUTION
import { helper } from "y";
// END SOLUTION

// BEGIN SOLUTION
function privateHelper(): number {
  return 1;
}
// END SOLUTION

/** doc kept */
export function first(n: number): number {
  // BEGIN SOLUTION
  return privateHelper() + n;
  // END SOLUTION
}

export async function* second(): AsyncGenerator<number> {
    const kept = 1;
    // BEGIN SOLUTION
    yield kept;
    // END SOLUTION
}
`;

describe("stubFromSolution", () => {
  it("replaces regions inside functions by a pointer and a throw naming the function, and drops top-level ones", () => {
    const stub = stubFromSolution(SOLUTION, "07");
    expect(stub).toBe(`/** header kept */
import { a } from "x";

/** doc kept */
export function first(n: number): number {
  // Exercise 07: your code goes here, in place of the throw (hints: \`npm run -s workbench -- hint 07\`).
  throw new Error("not implemented: first");
}

export async function* second(): AsyncGenerator<number> {
    const kept = 1;
    // Exercise 07: your code goes here, in place of the throw (hints: \`npm run -s workbench -- hint 07\`).
    throw new Error("not implemented: second");
}
`);
  });

  it("rejects unmatched or nested markers, a region outside any function, and a file with no region", () => {
    const bad = [
      "function f() {\n  // BEGIN SOLUTION\n  return 1;\n}\n",
      "function f() {\n  return 1;\n  // END SOLUTION\n}\n",
      "function f() {\n  // BEGIN SOLUTION\n  // BEGIN SOLUTION\n  // END SOLUTION\n}\n",
      "  // BEGIN SOLUTION\n  x\n  // END SOLUTION\n",
      "export const x = 1;\n",
    ];
    for (const text of bad) expect(() => stubFromSolution(text, "01"), text).toThrow(WorkbenchInputError);
    expect(() => stubFromSolution(SOLUTION, "1")).toThrow(/exerciseNumber must be two digits/);
  });

  it("the stub's message is recognised, and only that", () => {
    expect(isNotImplementedMessage(notImplementedMessage("spreadToSymbols"))).toBe(true);
    expect(isNotImplementedMessage("Property failed\nFailed because: not implemented: f")).toBe(true);
    expect(isNotImplementedMessage("expected 1 to be 2")).toBe(false);
    expect(isNotImplementedMessage("not implemented")).toBe(false);
  });

  it("property: one throw per function region, no marker left, and everything outside regions kept in order", () => {
    const line = fc.constantFrom("const a = 1;", "// note", "", "x();");
    const fn = fc.tuple(fc.constantFrom("alpha", "beta", "gamma_2"), fc.array(line, { maxLength: 3 }), fc.array(line, { maxLength: 3 }));
    fc.assert(
      fc.property(fc.array(fn, { minLength: 1, maxLength: 4 }), (fns) => {
        const outside: string[] = [];
        const src = fns.flatMap(([name, before, body], i) => {
          const head = `export function ${name}${i}(): void {`;
          outside.push(head, ...before.map((l) => `  ${l}`), "}");
          return [head, ...before.map((l) => `  ${l}`), "  // BEGIN SOLUTION", ...body.map((l) => `  ${l}`), "  // END SOLUTION", "}"];
        });
        const stub = stubFromSolution(src.join("\n"), "03");
        expect(stub).not.toMatch(/BEGIN SOLUTION|END SOLUTION/);
        fns.forEach(([name], i) => expect(stub).toContain(`throw new Error("not implemented: ${name}${i}");`));
        const kept = stub.split("\n").filter((l) => !/Exercise 03:|throw new Error/.test(l));
        expect(kept).toEqual(outside);
      }),
    );
  });
});
