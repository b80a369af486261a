/** locateExercises on the shapes students upload, on empty and hostile uploads, never following a link. */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { locateExercises, LOCATE_LIMITS } from "../../../lib/grader/platforms/locate.js";
import { tempDirs } from "../../support/temp-dirs.js";

const tmp = tempDirs();
const withTmpdir = (body: (dir: string) => void): void => body(tmp("locate-"));

const EXERCISES = [
  { id: "01-pagerank", files: ["pagerank.ts"] },
  { id: "05-commit-plan", files: ["commit-plan.ts"] },
];

function put(root: string, path: string, text = "export {};\n"): void {
  mkdirSync(join(root, path, ".."), { recursive: true });
  writeFileSync(join(root, path), text);
}

describe("locateExercises", () => {
  it("finds a checkout's exercises/, an exercises folder, and either inside one top folder (with a note)", () =>
    withTmpdir((dir) => {
      const staging = join(dir, "staging");
      mkdirSync(staging);
      put(dir, "a/exercises/01-pagerank/pagerank.ts");
      put(dir, "a/README.md");
      expect(locateExercises(join(dir, "a"), EXERCISES, staging)).toEqual({ ok: true, dir: join(dir, "a/exercises"), layout: "checkout", notes: [] });
      put(dir, "b/05-commit-plan/commit-plan.ts");
      expect(locateExercises(join(dir, "b"), EXERCISES, staging)).toMatchObject({ ok: true, dir: join(dir, "b"), layout: "exercises" });
      put(dir, "c/my-work/exercises/05-commit-plan/commit-plan.ts");
      put(dir, "c/__MACOSX/junk");
      const nested = locateExercises(join(dir, "c"), EXERCISES, staging);
      expect(nested).toMatchObject({ ok: true, dir: join(dir, "c/my-work/exercises"), layout: "checkout" });
      expect(nested.ok && nested.notes[0]).toMatch(/top folder my-work\//);
    }));

  it("copies loose files into the layout, each to its exercise", () =>
    withTmpdir((dir) => {
      const staging = join(dir, "staging");
      mkdirSync(staging);
      put(dir, "up/pagerank.ts", "export const mine = 1;\n");
      put(dir, "up/notes.txt");
      const r = locateExercises(join(dir, "up"), EXERCISES, staging);
      expect(r).toMatchObject({ ok: true, dir: staging, layout: "loose files" });
      expect(readFileSync(join(staging, "01-pagerank/pagerank.ts"), "utf8")).toBe("export const mine = 1;\n");
      expect(r.ok && r.notes[0]).toContain("pagerank.ts → 01-pagerank");
    }));

  it("says why when there is nothing to grade: empty, an empty top folder, no exercise, not a folder", () =>
    withTmpdir((dir) => {
      const staging = join(dir, "staging");
      mkdirSync(staging);
      mkdirSync(join(dir, "empty"));
      expect(locateExercises(join(dir, "empty"), EXERCISES, staging)).toEqual({ ok: false, problem: "the submission is empty" });
      mkdirSync(join(dir, "top/inner"), { recursive: true });
      expect(locateExercises(join(dir, "top"), EXERCISES, staging)).toEqual({ ok: false, problem: "the submission's top folder is empty" });
      put(dir, "other/main.py");
      const r = locateExercises(join(dir, "other"), EXERCISES, staging);
      expect(r.ok).toBe(false);
      expect(!r.ok && r.problem).toMatch(/^no exercise found: expected exercises\/01-pagerank\/pagerank.ts/);
      put(dir, "file");
      expect(locateExercises(join(dir, "file"), EXERCISES, staging).ok).toBe(false);
    }));

  it("never follows links: a linked exercises folder or loose file counts for nothing", () =>
    withTmpdir((dir) => {
      const staging = join(dir, "staging");
      mkdirSync(staging);
      put(dir, "real/01-pagerank/pagerank.ts");
      put(dir, "secret/pagerank.ts", "SECRET");
      mkdirSync(join(dir, "sub"));
      symlinkSync(join(dir, "real"), join(dir, "sub/exercises"));
      symlinkSync(join(dir, "secret/pagerank.ts"), join(dir, "sub/pagerank.ts"));
      expect(locateExercises(join(dir, "sub"), EXERCISES, staging).ok).toBe(false);
    }));

  it("refuses a loose file over the size limit", () =>
    withTmpdir((dir) => {
      const staging = join(dir, "staging");
      mkdirSync(staging);
      put(dir, "big/pagerank.ts", "x".repeat(LOCATE_LIMITS.looseFileBytes + 1));
      const r = locateExercises(join(dir, "big"), EXERCISES, staging);
      expect(!r.ok && r.problem).toMatch(/pagerank.ts is larger than/);
    }));

  it("needs at least one exercise", () => expect(() => locateExercises("/x", [], "/y")).toThrow(/exercises must name at least one/));
});
