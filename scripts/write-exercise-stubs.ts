/**
 * For maintainers: writes every exercise's stub (exercises/NN-name/<file>.ts) from its reference solution
 * (solutions/NN-name/<file>.ts) by taking out the `// BEGIN SOLUTION` regions (lib/grader/stubs.ts), and the
 * judge's own copy of the data each exercise gives (lib/grader/judge/given-data.json: the solution's exported
 * values, lib/grader/judge/given.ts), which the graded tests use instead of the student's.
 * Run after changing a solution: `npm run -s exercises:stubs`. test/grader/ fails while either is out of date.
 * It overwrites the stubs: students reset their own files with `workbench reset NN`, which keeps a backup.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { findProjectRoot } from "../lib/core/project-root.js";
import { listExercises, pristineStub } from "../lib/grader/catalog.js";
import { formatGivenData, GIVEN_DATA_PATH, givenValuesOf, type GivenData } from "../lib/grader/judge/given.js";

const root = findProjectRoot(process.cwd());

/** Writes `text` to `out` unless it is there already; true when written. */
function update(out: string, text: string): boolean {
  let old = "";
  try {
    old = readFileSync(out, "utf8");
  } catch {
    // new file
  }
  if (old === text) return false;
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, text);
  process.stdout.write(`wrote ${relative(root, out)}\n`);
  return true;
}

let written = 0;
const given: GivenData = {};
for (const e of listExercises(root)) {
  for (const file of e.files) {
    if (update(join(root, "exercises", e.id, file), pristineStub(root, e, file))) written++;
    const values = givenValuesOf((await import(join(e.solutionDir!, file))) as Record<string, unknown>);
    if (Object.keys(values).length > 0) given[e.id] = { ...given[e.id], ...values };
  }
}
process.stdout.write(`${written} stub(s) written\n`);
if (!update(join(root, GIVEN_DATA_PATH), formatGivenData(given))) process.stdout.write(`${GIVEN_DATA_PATH} unchanged\n`);
