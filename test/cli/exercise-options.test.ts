/**
 * lib/cli/exercise-options.ts: which checkout and progress file `grade`, `hint` and `reset` use (--root, --state,
 * relative to the user's folder), and the integer options they share; each mistake one UsageError line.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { UsageError } from "../../lib/cli/command.js";
import { exercisePaths, integerOption } from "../../lib/cli/exercise-options.js";
import { statePath } from "../../lib/grader/state.js";
import { tempDirs, writeTree } from "../support/temp-dirs.js";

const tempDir = tempDirs();
const REPO = resolve(__dirname, "..", "..");

/** A folder that findProjectRoot takes for a checkout: a package.json named aider-workbench, and a sub-folder. */
function checkout(): string {
  const root = tempDir("wb-opts-");
  writeTree(root, { "package.json": JSON.stringify({ name: "aider-workbench" }), "exercises/.keep": "" });
  return root;
}

describe("exercisePaths", () => {
  const saved = process.env.INIT_CWD;
  beforeEach(() => void delete process.env.INIT_CWD);
  afterEach(() => {
    if (saved === undefined) delete process.env.INIT_CWD;
    else process.env.INIT_CWD = saved;
  });

  it("defaults to the checkout holding the current folder and its .workbench/progress.json", () => {
    expect(exercisePaths("hint", {})).toEqual({ root: REPO, state: statePath(REPO) });
  });

  it("--root finds the checkout a folder belongs to, resolved from the user's folder (INIT_CWD)", () => {
    const root = checkout();
    expect(exercisePaths("grade", { root: join(root, "exercises") })).toEqual({ root, state: join(root, ".workbench", "progress.json") });
    process.env.INIT_CWD = root;
    expect(exercisePaths("grade", { root: "exercises" }).root).toBe(root);
    expect(exercisePaths("grade", { root: "." }).root).toBe(root);
  });

  it("a --root outside any checkout is one line naming it", () => {
    const outside = tempDir("wb-outside-");
    expect(() => exercisePaths("reset", { root: outside })).toThrow(new UsageError(`reset: ${outside} is not inside the aider-workbench checkout`));
    expect(() => exercisePaths("reset", { root: outside })).toThrow(UsageError);
  });

  it("--state: a file (existing or not) in an existing folder, resolved from the user's folder", () => {
    const root = checkout();
    const dir = tempDir("wb-state-");
    expect(exercisePaths("hint", { root, state: join(dir, "p.json") })).toEqual({ root, state: join(dir, "p.json") });
    writeFileSync(join(dir, "there.json"), "{}");
    expect(exercisePaths("hint", { root, state: join(dir, "there.json") }).state).toBe(join(dir, "there.json"));
    process.env.INIT_CWD = dir;
    expect(exercisePaths("hint", { root, state: "mine.json" }).state).toBe(join(dir, "mine.json"));
  });

  it("--state that is a folder, or in a folder that does not exist, is refused and nothing is created", () => {
    const root = checkout();
    const dir = tempDir("wb-state-");
    mkdirSync(join(dir, "sub"));
    expect(() => exercisePaths("hint", { root, state: join(dir, "sub") })).toThrow(`hint: --state ${join(dir, "sub")} must be a regular file or a new file's name, not a folder`);
    const missing = join(dir, "missing", "deeper", "p.json");
    expect(() => exercisePaths("hint", { root, state: missing })).toThrow(`hint: --state ${missing} must be in a folder that exists (${join(dir, "missing", "deeper")} does not)`);
    writeFileSync(join(dir, "file"), "");
    expect(() => exercisePaths("hint", { root, state: join(dir, "file", "p.json") })).toThrow(/ must be in a folder that exists \(.*file does not\)$/);
  });
});

describe("integerOption", () => {
  it("the fallback when not given; a decimal integer at least min otherwise", () => {
    expect(integerOption("grade", "timeout", undefined, 5000, 100)).toBe(5000);
    expect(integerOption("grade", "timeout", "100", 5000, 100)).toBe(100);
    expect(integerOption("grade", "seed", "0", 42, 0)).toBe(0);
    expect(integerOption("grade", "seed", "9007199254740991", 42, 0)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("anything else is one UsageError naming the option, its minimum and the value", () => {
    for (const bad of ["99", "-1", "1e3", "0x10", "5.0", " 200", "", "9007199254740993", "two"]) {
      expect(() => integerOption("grade", "timeout", bad, 5000, 100), JSON.stringify(bad)).toThrow(new UsageError(`grade: --timeout must be an integer ≥ 100 (got "${bad}")`));
    }
  });
});
