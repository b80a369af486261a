import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../lib/core/errors.js";
import { findProjectRoot } from "../../lib/core/project-root.js";
import { isUntouchedStub, listExercises, selectExercises } from "../../lib/grader/catalog.js";
import { stubFromSolution } from "../../lib/grader/stubs.js";

function fakeCheckout(): string {
  const root = mkdtempSync(join(tmpdir(), "wb-cat-"));
  writeFileSync(join(root, "package.json"), JSON.stringify({ name: "aider-workbench" }));
  for (const id of ["02-beta", "01-alpha-one", "xx-ignored", "3-bad"]) {
    mkdirSync(join(root, "solutions", id), { recursive: true });
    writeFileSync(join(root, "solutions", id, "b.ts"), "");
    writeFileSync(join(root, "solutions", id, "a.ts"), "");
    writeFileSync(join(root, "solutions", id, "notes.md"), "");
  }
  return root;
}

describe("catalog", () => {
  it("lists NN-name folders of solutions/ in order, with their .ts files and where README and tests live", () => {
    const root = fakeCheckout();
    const all = listExercises(root);
    expect(all.map((e) => [e.id, e.number, e.files])).toEqual([["01-alpha-one", "01", ["a.ts", "b.ts"]], ["02-beta", "02", ["a.ts", "b.ts"]]]);
    expect(all[0]!.testFile).toBe(join(root, "test", "exercises", "01-alpha-one.test.ts"));
    expect(findProjectRoot(join(root, "solutions", "02-beta"))).toBe(root);
  });

  it("selects by number, zero-padded number, id or name, in catalog order without repeats", () => {
    const all = listExercises(fakeCheckout());
    expect(selectExercises(all, ["beta", "1", "01", "01-alpha-one"]).map((e) => e.id)).toEqual(["01-alpha-one", "02-beta"]);
    expect(selectExercises(all, []).length).toBe(2);
    expect(() => selectExercises(all, ["9"])).toThrow(WorkbenchInputError);
    expect(() => selectExercises(all, ["9"])).toThrow(/must be one of 01-alpha-one, 02-beta/);
  });
});

describe("isUntouchedStub", () => {
  it("is true only when every file is exactly the stub made from the solution", () => {
    const root = mkdtempSync(join(tmpdir(), "wb-untouched-"));
    writeFileSync(join(root, "package.json"), JSON.stringify({ name: "aider-workbench" }));
    const solution = "export function f(): number {\n  // BEGIN SOLUTION\n  return 1;\n  // END SOLUTION\n}\n";
    mkdirSync(join(root, "solutions", "01-one"), { recursive: true });
    writeFileSync(join(root, "solutions", "01-one", "f.ts"), solution);
    const entry = listExercises(root)[0]!;
    expect(isUntouchedStub(root, entry), "no file at all").toBe(false);
    mkdirSync(join(root, "exercises", "01-one"), { recursive: true });
    const file = join(root, "exercises", "01-one", "f.ts");
    writeFileSync(file, stubFromSolution(solution, "01"));
    expect(isUntouchedStub(root, entry)).toBe(true);
    writeFileSync(file, stubFromSolution(solution, "01") + " ");
    expect(isUntouchedStub(root, entry), "one space added").toBe(false);
    rmSync(file);
    writeFileSync(join(root, "stub.ts"), stubFromSolution(solution, "01"));
    symlinkSync(join(root, "stub.ts"), file);
    expect(isUntouchedStub(root, entry), "a link is not the stub file").toBe(false);
  });
});
