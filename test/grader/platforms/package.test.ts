/**
 * packageAutograder for each platform: what each package holds (the platform's entry files where it looks for
 * them, the release without solutions, the hidden tests, autograder.json) and where it refuses to write.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { AUTOGRADER_DEFAULTS, parseAutograderConfig, type Platform } from "../../../lib/grader/platforms/config.js";
import { packageAutograder, stableUuid } from "../../../lib/grader/platforms/package.js";
import { tempDirs } from "../../support/temp-dirs.js";

const ROOT = resolve(import.meta.dirname, "../../..");
const tmp = tempDirs();
const EXERCISES = ["01-pagerank", "05-commit-plan"];
const config = (platform: Platform) => ({ platform, exercises: EXERCISES, ...AUTOGRADER_DEFAULTS });

let dir: string;
beforeAll(() => {
  dir = tmp("package-");
  for (const p of ["prairielearn", "classroom50"] as const) packageAutograder({ root: ROOT, out: join(dir, p), config: config(p), image: "registry.test/grader:1" });
  packageAutograder({ root: ROOT, out: join(dir, "gs.zip"), config: config("gradescope") });
}, 240_000);

const ZIP_NAMES = `import sys, zipfile\nprint("\\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))`;

describe("packageAutograder", () => {
  it("Gradescope: setup.sh and run_autograder at the zip's root, the config, the hidden tests, no solutions", () => {
    const names = execFileSync("python3", ["-c", ZIP_NAMES, join(dir, "gs.zip")], { encoding: "utf8" }).trim().split("\n");
    expect(names).toEqual(expect.arrayContaining(["setup.sh", "run_autograder", "autograder.json", "package.json", "package-lock.json", "lib/cli.ts", "test/exercises/05-commit-plan.test.ts", "test/exercises/hidden/05-commit-plan.ts"]));
    expect(names.filter((n) => n.startsWith("solutions/"))).toEqual([]);
  });

  it("PrairieLearn: a Dockerfile for the image, the entrypoint, and one question per exercise naming it", () => {
    const pl = join(dir, "prairielearn");
    expect(readFileSync(join(pl, "Dockerfile"), "utf8")).toMatch(/^FROM node:\d+/m);
    expect(statSync(join(pl, "grader/run-prairielearn")).mode & 0o111).not.toBe(0);
    for (const id of EXERCISES) {
      const q = join(pl, "questions", `workbench-${id}`);
      const info = JSON.parse(readFileSync(join(q, "info.json"), "utf8")) as Record<string, unknown>;
      expect(info).toMatchObject({ uuid: stableUuid(`aider-workbench/${id}`), gradingMethod: "External", externalGradingOptions: { enabled: true, image: "registry.test/grader:1", entrypoint: "/grader/run-prairielearn" } });
      expect(JSON.parse(readFileSync(join(q, "tests/workbench.json"), "utf8"))).toEqual({ exercise: id });
      expect(readFileSync(join(q, "question.html"), "utf8")).toContain("<pl-external-grader-results>");
    }
    // the stub is HTML-escaped inside the editor element (a `<` of a type would open a tag)
    expect(readFileSync(join(pl, "questions/workbench-05-commit-plan/question.html"), "utf8")).toMatch(/ReadonlySet&lt;|&lt;/);
  });

  it("Classroom 50: autograder.py that Python compiles, the runtime block, the grader beside it", () => {
    const c = join(dir, "classroom50");
    execFileSync("python3", ["-m", "py_compile", join(c, "autograder.py")]);
    expect(JSON.parse(readFileSync(join(c, "runtime.json"), "utf8"))).toMatchObject({ node: expect.any(String) });
    expect(parseAutograderConfig(readFileSync(join(c, "grader/autograder.json"), "utf8"))).toMatchObject({ platform: "classroom50", exercises: EXERCISES, hidden: true });
    expect(existsSync(join(c, "grader/solutions"))).toBe(false);
  });

  it("refuses an OUT inside the checkout, an existing zip, a zip without .zip, an unknown exercise", () => {
    expect(() => packageAutograder({ root: ROOT, out: join(ROOT, "build", "x"), config: config("classroom50") })).toThrow(/outside the workbench checkout/);
    expect(() => packageAutograder({ root: ROOT, out: join(dir, "gs.zip"), config: config("gradescope") })).toThrow(/must not exist yet/);
    expect(() => packageAutograder({ root: ROOT, out: join(dir, "gs"), config: config("gradescope") })).toThrow(/must be a .zip file name/);
    const empty = join(dir, "fresh");
    mkdirSync(empty);
    expect(() => packageAutograder({ root: ROOT, out: join(empty, "p"), config: { ...config("prairielearn"), exercises: ["99-nothing"] } })).toThrow(/exercise must be one of/);
    expect(existsSync(join(empty, "p"))).toBe(false);
  });

  it("gives each question a stable, well-formed UUID", () => {
    expect(stableUuid("a")).toBe(stableUuid("a"));
    expect(stableUuid("a")).not.toBe(stableUuid("b"));
    expect(stableUuid("a")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
