/** The exercise manifest of a student release, and the catalog and `reset` reading it when there is no solutions/. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../lib/core/errors.js";
import { listExercises, pristineStub } from "../../lib/grader/catalog.js";
import { formatManifest, MANIFEST_PATH, parseManifest, type ExerciseManifest } from "../../lib/grader/manifest.js";

const M: ExerciseManifest = {
  format: 1,
  exercises: [
    { id: "02-two", stubs: { "b.ts": "export const b = 2;\n", "a.ts": "// a\n" } },
    { id: "01-one", stubs: { "one.ts": "throw new Error(\"not implemented: one\");\n" } },
  ],
};

describe("manifest", () => {
  it("round-trips, sorted by exercise and file", () => {
    const text = formatManifest(M);
    const back = parseManifest(text);
    expect(back.exercises.map((e) => e.id)).toEqual(["01-one", "02-two"]);
    expect(Object.keys(back.exercises[1]!.stubs)).toEqual(["a.ts", "b.ts"]);
    expect(back.exercises[1]!.stubs["b.ts"]).toBe("export const b = 2;\n");
    expect(formatManifest(back)).toBe(text);
  });

  it.each([
    ["not JSON", "{", /must be JSON/],
    ["another format", JSON.stringify({ format: 2, exercises: [] }), /"format": 1/],
    ["a bad id", JSON.stringify({ format: 1, exercises: [{ id: "1-x", stubs: { "a.ts": "" } }] }), /id must look like/],
    ["a path for a file name", JSON.stringify({ format: 1, exercises: [{ id: "01-x", stubs: { "../a.ts": "" } }] }), /plain \.ts file name/],
    ["a repeated id", JSON.stringify({ format: 1, exercises: [{ id: "01-x", stubs: { "a.ts": "" } }, { id: "01-x", stubs: { "a.ts": "" } }] }), /listed twice/],
    ["no files", JSON.stringify({ format: 1, exercises: [{ id: "01-x", stubs: {} }] }), /at least one file/],
    ["a stub that is not text", JSON.stringify({ format: 1, exercises: [{ id: "01-x", stubs: { "a.ts": 3 } }] }), /stub's text/],
  ])("refuses %s", (_, text, why) => {
    expect(() => parseManifest(text)).toThrow(WorkbenchInputError);
    expect(() => parseManifest(text)).toThrow(why);
  });
});

describe("a checkout without solutions/ (a student release)", () => {
  const root = mkdtempSync(join(tmpdir(), "workbench-manifest-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, "exercises"), { recursive: true });
  writeFileSync(join(root, MANIFEST_PATH), formatManifest(M));

  it("lists the manifest's exercises, with no solution folder", () => {
    const all = listExercises(root);
    expect(all.map((e) => [e.id, e.number, e.files, e.solutionDir])).toEqual([
      ["01-one", "01", ["one.ts"], null],
      ["02-two", "02", ["a.ts", "b.ts"], null],
    ]);
    expect(all[0]!.testFile).toBe(join(root, "test", "exercises", "01-one.test.ts"));
  });

  it("takes the pristine stub from the manifest, and refuses a file the exercise does not have", () => {
    const [one, two] = listExercises(root);
    expect(pristineStub(root, two!, "b.ts")).toBe("export const b = 2;\n");
    expect(pristineStub(root, one!, "one.ts")).toContain("not implemented: one");
    expect(() => pristineStub(root, one!, "b.ts")).toThrow(/must be one of 01-one's files/);
  });

  it("with neither solutions/ nor a manifest there are no exercises", () => {
    const empty = mkdtempSync(join(tmpdir(), "workbench-manifest-none-"));
    try {
      expect(listExercises(empty)).toEqual([]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
