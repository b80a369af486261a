/**
 * For maintainers: writes every exercise's stub (exercises/NN-name/<file>.ts) from its reference solution
 * (solutions/NN-name/<file>.ts) by taking out the `// BEGIN SOLUTION` regions (lib/grader/stubs.ts).
 * Run after changing a solution: `npm run -s exercises:stubs`. test/grader/ fails while a stub is out of date.
 * It overwrites the stubs: students reset their own files with `workbench reset NN`, which keeps a backup.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { findProjectRoot } from "../lib/core/project-root.js";
import { listExercises, pristineStub } from "../lib/grader/catalog.js";

const root = findProjectRoot(process.cwd());
let written = 0;
for (const e of listExercises(root)) {
  for (const file of e.files) {
    const stub = pristineStub(root, e, file);
    const out = join(root, "exercises", e.id, file);
    mkdirSync(dirname(out), { recursive: true });
    let old = "";
    try {
      old = readFileSync(out, "utf8");
    } catch {
      // new stub
    }
    if (old !== stub) {
      writeFileSync(out, stub);
      written++;
      process.stdout.write(`wrote ${relative(root, out)}\n`);
    }
  }
}
process.stdout.write(`${written} stub(s) written\n`);
