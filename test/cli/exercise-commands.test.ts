/** `workbench hint` and `workbench reset`, in a throwaway checkout (they never run student code). */
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listExercises } from "../../lib/grader/catalog.js";
import { parseReadme } from "../../lib/grader/readme.js";
import { stubFromSolution } from "../../lib/grader/stubs.js";
import { fakeCheckout, ROOT } from "../grader/run-grade.js";
import { cli } from "./run-cli.js";

const E05 = listExercises(ROOT).find((e) => e.id === "05-commit-plan")!;
const HINTS = parseReadme(readFileSync(E05.readme, "utf8")).hints;
const STUB = stubFromSolution(readFileSync(join(E05.solutionDir!, "commit-plan.ts"), "utf8"), "05");

describe("workbench hint", () => {
  it("shows the hints one at a time, remembers how many, and stops at the last", async () => {
    const root = fakeCheckout({ "05-commit-plan": "stub" });
    for (let i = 1; i <= HINTS.length; i++) {
      const r = await cli("hint", "5", "--root", root);
      expect(r.code).toBe(0);
      expect(r.out).toContain(`Hint ${i} of ${HINTS.length} — ${HINTS[i - 1]!.title}`);
      expect(r.out).toContain(HINTS[i - 1]!.body.split("\n")[0]!);
    }
    const again = await cli("hint", "commit-plan", "--root", root);
    expect(again.out).toContain(`Hint ${HINTS.length} of ${HINTS.length}`);
    expect(again.out).toContain("That is the last hint. The reference solution is in solutions/05-commit-plan/.");
    const shown = await cli("hint", "05", "--shown", "--root", root);
    expect(shown.out.match(/^Hint \d of/gm)).toHaveLength(HINTS.length);
  });

  it("names one exercise, or says what is wrong in one line (exit 2)", async () => {
    const root = fakeCheckout({});
    expect((await cli("hint", "--root", root)).err).toBe("hint: name one exercise, e.g. workbench hint 01\n");
    const r = await cli("hint", "nope", "--root", root);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^hint: exercise must be one of .* \(got "nope"\)\n$/);
  });
});

describe("workbench reset", () => {
  it("restores the stub and keeps the student's file as a backup; a second reset has nothing to back up", async () => {
    const root = fakeCheckout({ "05-commit-plan": "stub" });
    const file = join(root, "exercises", "05-commit-plan", "commit-plan.ts");
    writeFileSync(file, "// my attempt\n");
    const r = await cli("reset", "05", "--root", root);
    expect(r.code).toBe(0);
    expect(readFileSync(file, "utf8")).toBe(STUB);
    const saved = r.out.match(/saved as (\S+)/)![1]!;
    expect(readFileSync(join(root, saved), "utf8")).toBe("// my attempt\n");
    expect(saved).toMatch(/^\.workbench\/backups\/05-commit-plan\/\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z\/commit-plan\.ts$/);
    const twice = await cli("reset", "05", "--root", root);
    expect(twice.out).toBe("exercises/05-commit-plan/commit-plan.ts: already the stub\n");
    expect(readdirSync(join(root, ".workbench", "backups", "05-commit-plan"))).toHaveLength(1);
  });

  it("starts progress over, hints only with --hints; refuses to guess what to reset", async () => {
    const root = fakeCheckout({ "05-commit-plan": "solution" });
    await cli("hint", "05", "--root", root);
    await cli("reset", "05", "--root", root);
    const state = (): { hintsShown: number; done: boolean } =>
      (JSON.parse(readFileSync(join(root, ".workbench", "progress.json"), "utf8")) as { exercises: Record<string, never> }).exercises["05-commit-plan"]!;
    expect(state()).toMatchObject({ hintsShown: 1, done: false });
    await cli("reset", "05", "--hints", "--root", root);
    expect(state().hintsShown).toBe(0);
    expect((await cli("reset", "--root", root)).code).toBe(2);
    expect((await cli("reset", "05", "--all", "--root", root)).err).toBe("reset: give exercise names or --all, not both\n");
    expect(existsSync(join(root, "exercises", "01-pagerank"))).toBe(false);
  });
});

describe("workbench grade: usage errors before any grading", () => {
  it("an option value that looks like a flag is one line, not parseArgs' three (exit 2)", async () => {
    const r = await cli("grade", "--seed", "-1", "--root", fakeCheckout({}));
    expect(r.code).toBe(2);
    expect(r.err.trim().split("\n")).toEqual([expect.stringMatching(/^grade: Option '--seed' argument is ambiguous\. .* \(see: workbench grade --help\)$/)]);
  });

  it("a report path in a folder that does not exist, or that is a folder, is refused at once (exit 2)", async () => {
    const root = fakeCheckout({ "05-commit-plan": "stub" });
    const missing = join(root, "no-such-folder", "r.json");
    const r = await cli("grade", "05", "--root", root, "--json", missing);
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(r.err).toBe(`grade: --json ${missing}: the folder ${join(root, "no-such-folder")} does not exist\n`);
    const dir = await cli("grade", "05", "--root", root, "--junit", root);
    expect(dir.code).toBe(2);
    expect(dir.err).toBe(`grade: --junit ${root} is a folder; give a file name\n`);
  });
});
