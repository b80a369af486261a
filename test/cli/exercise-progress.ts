/** Exercise 05's hints and stub, and progress files as a grade leaves them: shared by the hint and reset tests. */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { listExercises } from "../../lib/grader/catalog.js";
import { parseReadme } from "../../lib/grader/readme.js";
import { stubFromSolution } from "../../lib/grader/stubs.js";
import { ROOT } from "../grader/run-grade.js";

export const E05 = listExercises(ROOT).find((e) => e.id === "05-commit-plan")!;
export const HINTS = parseReadme(readFileSync(E05.readme, "utf8")).hints;
export const STUB = stubFromSolution(readFileSync(join(E05.solutionDir!, "commit-plan.ts"), "utf8"), "05");

type Entry = { hintsSeen: number[]; failing?: string[]; done: boolean };
/** Exercise 05's entry in the checkout's progress file. */
export const progressOf = (root: string): Entry =>
  (JSON.parse(readFileSync(join(root, ".workbench", "progress.json"), "utf8")) as { exercises: Record<string, Entry> }).exercises["05-commit-plan"]!;
const TITLES = HINTS.flatMap((h) => h.tests);
export const SWITCH = TITLES.find((t) => t.startsWith("each switch"))!;
export const REPEATS = TITLES.find((t) => t.startsWith("repeats and order"))!;

/** A progress file as a grade whose failing tests are `failing` leaves it (grading itself is tested in test/grader/). */
export function gradedWith(root: string, failing: string[]): void {
  mkdirSync(join(root, ".workbench"), { recursive: true });
  const entry = { hintsSeen: [], failing, done: false, bestPoints: 3, lastPoints: 3, maxPoints: 10, lastGradedAt: new Date(0).toISOString() };
  writeFileSync(join(root, ".workbench", "progress.json"), JSON.stringify({ version: 2, exercises: { "05-commit-plan": entry } }));
}
