/**
 * `--target`: exercises (the student's own, the only target whose progress is recorded), solutions, or an existing
 * folder (relative to the caller's folder); anything else is a one-line `WorkbenchInputError` naming `target`. The
 * judge's aliases map the lib package only: `@target` never resolves in the judge.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../lib/core/errors.js";
import { gradingAliases, LIB_ENTRIES, LIB_PACKAGE, resolveTarget } from "../../lib/grader/target.js";
import { tempDirs } from "../support/temp-dirs.js";

const temp = tempDirs();

function checkout(): string {
  const root = temp("wb-target-");
  for (const d of ["exercises", "solutions/02-beta", "submission"]) mkdirSync(join(root, d), { recursive: true });
  writeFileSync(join(root, "a-file"), "");
  return root;
}

describe("resolveTarget", () => {
  it("exercises (the default) is the student's work; solutions is not; both inside the checkout", () => {
    const root = checkout();
    expect(resolveTarget(root)).toEqual({ label: "exercises", dir: join(root, "exercises"), isStudentWork: true });
    expect(resolveTarget(root, "solutions")).toEqual({ label: "solutions", dir: join(root, "solutions"), isStudentWork: false });
  });

  it("another folder is taken relative to cwd (or as given when absolute), labelled as given", () => {
    const root = checkout();
    expect(resolveTarget(root, "solutions/02-beta", root)).toEqual({ label: "solutions/02-beta", dir: join(root, "solutions", "02-beta"), isStudentWork: false });
    expect(resolveTarget(root, "../submission", join(root, "exercises")).dir).toBe(join(root, "submission"));
    expect(resolveTarget(root, join(root, "submission"), "/").dir).toBe(join(root, "submission"));
  });

  it("the checkout's exercises/ named by path is still the student's work (progress is kept)", () => {
    const root = checkout();
    expect(resolveTarget(root, "./exercises/", root).isStudentWork).toBe(true);
    expect(resolveTarget(root, join(root, "exercises"), "/").isStudentWork).toBe(true);
  });

  it("a missing folder, a file or a non-string is a WorkbenchInputError naming target", () => {
    const root = checkout();
    for (const bad of ["nowhere", "a-file"]) {
      expect(() => resolveTarget(root, bad, root)).toThrow(WorkbenchInputError);
      expect(() => resolveTarget(root, bad, root)).toThrow(/resolveTarget.*target.*must be exercises, solutions or an existing folder/);
    }
    expect(() => resolveTarget(root, 42 as unknown as string, root)).toThrow(WorkbenchInputError);
    expect(() => resolveTarget(root, 42 as unknown as string, root)).toThrow(/target/);
  });
});

describe("gradingAliases", () => {
  it("maps the lib package, exactly, to lib/index.ts, and nothing maps @target", () => {
    const root = checkout();
    const aliases = gradingAliases(root);
    expect(aliases).toHaveLength(2);
    expect(aliases.some((a) => a.find.test("@target/01-x/a.js")), "the judge cannot import student code").toBe(false);
    expect(aliases[0]!.find.test(LIB_PACKAGE)).toBe(true);
    expect(aliases[0]!.find.test(`${LIB_PACKAGE}/x`)).toBe(false);
    expect(aliases[0]!.find.test(`x${LIB_PACKAGE}`)).toBe(false);
    expect(aliases[0]!.replacement).toBe(join(root, "lib", "index.ts"));
  });

  it("maps each entry point of lib/package.json, and nothing else under the package, to that folder's index.ts", () => {
    const root = checkout();
    const entries = gradingAliases(root)[1]!;
    const repo = join(__dirname, "..", "..");
    const exported = Object.keys((JSON.parse(readFileSync(join(repo, "lib", "package.json"), "utf8")) as { exports: Record<string, unknown> }).exports);
    expect(exported.filter((e) => e !== ".").map((e) => e.slice(2))).toEqual([...LIB_ENTRIES]);
    for (const e of LIB_ENTRIES) {
      expect(`${LIB_PACKAGE}/${e}`.replace(entries.find, entries.replacement)).toBe(join(root, "lib", e, "index.ts"));
      expect(existsSync(join(repo, "lib", e, "index.ts")), e).toBe(true);
    }
    expect(entries.find.test(`${LIB_PACKAGE}/core`)).toBe(false);
    expect(entries.find.test(`${LIB_PACKAGE}/repomap/x`)).toBe(false);
  });
});
