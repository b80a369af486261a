/** `workbench hint` and `workbench reset`, in a throwaway checkout (they never run student code). */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listExercises } from "../../lib/grader/catalog.js";
import { parseReadme, type Hint } from "../../lib/grader/readme.js";
import { stubFromSolution } from "../../lib/grader/stubs.js";
import { fakeCheckout, ROOT } from "../grader/run-grade.js";
import { cli } from "./run-cli.js";

const E05 = listExercises(ROOT).find((e) => e.id === "05-commit-plan")!;
const HINTS = parseReadme(readFileSync(E05.readme, "utf8")).hints;
const STUB = stubFromSolution(readFileSync(join(E05.solutionDir!, "commit-plan.ts"), "utf8"), "05");

type Entry = { hintsSeen: number[]; failing?: string[]; done: boolean };
const progressOf = (root: string): Entry => (JSON.parse(readFileSync(join(root, ".workbench", "progress.json"), "utf8")) as { exercises: Record<string, Entry> }).exercises["05-commit-plan"]!;
const TITLES = HINTS.flatMap((h) => h.tests);
const SWITCH = TITLES.find((t) => t.startsWith("each switch"))!;
const REPEATS = TITLES.find((t) => t.startsWith("repeats and order"))!;

/** A progress file as a grade whose failing tests are `failing` leaves it (grading itself is tested in test/grader/). */
function gradedWith(root: string, failing: string[]): void {
  mkdirSync(join(root, ".workbench"), { recursive: true });
  const entry = { hintsSeen: [], failing, done: false, bestPoints: 3, lastPoints: 3, maxPoints: 10, lastGradedAt: new Date(0).toISOString() };
  writeFileSync(join(root, ".workbench", "progress.json"), JSON.stringify({ version: 2, exercises: { "05-commit-plan": entry } }));
}

describe("workbench hint", () => {
  it("without a recorded grade: the hints in order, saying so, remembered, and the last one again at the end", async () => {
    const root = fakeCheckout({ "05-commit-plan": "stub" });
    for (let i = 1; i <= HINTS.length; i++) {
      const r = await cli("hint", "5", "--root", root);
      expect(r.code).toBe(0);
      expect(r.out).toContain("No grade of 05-commit-plan is recorded (never graded, or reset since), so this is the next hint in order");
      expect(r.out).toContain(`Hint ${i} of ${HINTS.length} — ${HINTS[i - 1]!.title}`);
      expect(r.out).toContain(HINTS[i - 1]!.body.split("\n")[0]!);
      expect(r.out, "the Helps with: list is not part of the hint's text").not.toContain("Helps with:");
      expect(progressOf(root).hintsSeen).toEqual(HINTS.slice(0, i).map((h) => h.number));
    }
    const again = await cli("hint", "commit-plan", "--root", root);
    expect(again.out).toContain(`Hint ${HINTS.length} of ${HINTS.length}`);
    expect(again.out).toContain(`You have seen all ${HINTS.length} hints of 05-commit-plan; this is the last one again. The reference solution is in solutions/05-commit-plan/.`);
    const shown = await cli("hint", "05", "--shown", "--root", root);
    expect(shown.out.match(/^Hint \d of/gm)).toHaveLength(HINTS.length);
  });

  it("follows the last grade: the first failing test's unseen hint, then the next failing test's, then the rest in order", async () => {
    const root = fakeCheckout({ "05-commit-plan": "stub" });
    gradedWith(root, [SWITCH, REPEATS]);
    const own = (t: string): Hint => HINTS.find((h) => h.tests[0] !== undefined && h.tests.includes(t))!;
    const first = await cli("hint", "05", "--root", root);
    expect(first.out).toContain(`For the failing test of your last grade: ✗ ${SWITCH}`);
    expect(first.out).toContain(`Hint ${own(SWITCH).number} of ${HINTS.length} — ${own(SWITCH).title}`);
    const second = await cli("hint", "05", "--root", root);
    expect(second.out).toContain(`For the failing test of your last grade: ✗ ${REPEATS}`);
    expect(second.out).toContain(`Hint ${own(REPEATS).number} of ${HINTS.length}`);
    const rest = HINTS.find((h) => h.number !== own(SWITCH).number && h.number !== own(REPEATS).number)!;
    const third = await cli("hint", "05", "--root", root);
    expect(third.out).toContain("You have seen every hint for the tests that failed in your last grade, so this is the next hint in order.");
    expect(third.out).toContain(`Hint ${rest.number} of ${HINTS.length}`);
    expect(progressOf(root).hintsSeen).toEqual([1, 2, 3]);
  });

  it("reset, then hint, shows hint 1 again; the hints seen before are noted in the backup folder", async () => {
    const root = fakeCheckout({ "05-commit-plan": "stub" });
    gradedWith(root, [SWITCH]);
    await cli("hint", "05", "--root", root);
    await cli("hint", "05", "--root", root);
    const seen = progressOf(root).hintsSeen;
    expect(seen.length).toBe(2);
    const reset = await cli("reset", "05", "--root", root);
    expect(reset.code).toBe(0);
    const notePath = reset.out.match(/hints start over \(you had seen hints (\d, \d): noted in (\S+)\)/);
    expect(notePath?.[1]).toBe(seen.join(", "));
    expect(notePath![2]).toMatch(/^\.workbench\/backups\/05-commit-plan\/[^/]+\/hints-seen\.json$/);
    const note = JSON.parse(readFileSync(join(root, notePath![2]!), "utf8")) as { exercise: string; hintsSeen: number[]; titles: string[] };
    expect(note).toMatchObject({ exercise: "05-commit-plan", hintsSeen: seen, titles: seen.map((n) => HINTS[n - 1]!.title) });
    expect(progressOf(root)).toEqual({ hintsSeen: [], done: false, bestPoints: 0, lastPoints: 0, maxPoints: 10 });
    const after = await cli("hint", "05", "--root", root);
    expect(after.out).toContain(`Hint 1 of ${HINTS.length} — ${HINTS[0]!.title}`);
    expect(after.out).toContain("No grade of 05-commit-plan is recorded (never graded, or reset since)");
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

  it("starts progress over, hints included (--hints is no longer needed, and says so); refuses to guess what to reset", async () => {
    const root = fakeCheckout({ "05-commit-plan": "solution" });
    await cli("hint", "05", "--root", root);
    expect(progressOf(root)).toMatchObject({ hintsSeen: [1], done: false });
    await cli("reset", "05", "--root", root);
    expect(progressOf(root).hintsSeen).toEqual([]);
    const old = await cli("reset", "05", "--hints", "--root", root);
    expect(old.code).toBe(0);
    expect(old.err).toBe("reset: --hints is no longer needed: reset always starts the hints over\n");
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
