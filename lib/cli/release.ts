/**
 * `workbench release OUT`: writes the student repository (lib/grader/release/write.ts) — the workbench
 * without the reference solutions, the hidden tests and the instructor-only tests, with the stubs, an exercise
 * manifest and a GitHub Actions workflow that grades each push for GitHub Classroom. Exit 0 when written, 2 when
 * OUT exists and is not empty, is inside the checkout, or the checkout is not the instructor's.
 */
import { WorkbenchInputError } from "../core/errors.js";
import { shownPath, writeRelease } from "../grader/release/write.js";
import { outputFolder, parseCommandArgs, UsageError, type Command } from "./command.js";
import { exercisePaths, userCwd } from "./exercise-options.js";

const USAGE = `Usage: workbench release OUT [--root DIR] [--list]

Writes the student repository to the new folder OUT (outside the checkout; it must not exist, or be empty):
every file git tracks here except the reference solutions (solutions/), the hidden graded tests
(test/exercises/hidden/) and the tests and scripts that need the solutions; the exercises as stubs made from
the solutions, exercises/manifest.json in place of solutions/, and .github/workflows/workbench-feedback.yml,
which grades every push as feedback for the student (never a grade of record: the student controls it; grade
with workbench autograder's packages or grade-class). README.md, "Teaching a class", has the steps after it.
  --root DIR     the instructor's workbench checkout (default: the one containing the current folder)
  --list         also print every file left out, with why`;

export const releaseCommand: Command = {
  name: "release",
  summary: "write the student repository: stubs, graded tests, grader, a feedback workflow; no solutions",
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("release", args, { root: { type: "string" }, list: { type: "boolean" } });
    if (positionals.length !== 1) throw new UsageError("release: name one folder to write, e.g. workbench release ../class-release");
    const { root } = exercisePaths("release", { root: values.root });
    const out = outputFolder("release", "OUT", positionals[0]!); // not a link, device, FIFO or file
    let summary;
    try {
      summary = writeRelease({ root, out, onProgress: (line) => io.stderr(`release: ${line}\n`) });
    } catch (err) {
      if (!(err instanceof WorkbenchInputError)) throw err;
      const rule = err.message.replace(/^\w+: /, "").replace(/\s*\(got .*\)$/, "");
      throw new UsageError(rule.startsWith("out ") ? `release: OUT (${positionals[0]}) ${rule.slice(4)}` : `release: ${rule} (${root})`);
    }
    if (values.list) {
      for (const l of summary.leftOut) io.stdout(`left out ${l.path}: ${l.reason}\n`);
      for (const p of summary.untracked) io.stdout(`left out ${p}: git does not track it (or it is a link)\n`);
    }
    const shown = shownPath(summary.out, userCwd());
    io.stdout(
      `Released ${summary.exercises.length} exercises (${summary.files.length} files, ${summary.leftOut.length} left out) to ${shown}\n` +
        `Next: cd ${shown} && git init -b main && git add -A && git commit -m "Student release" — then push it and make it the\n` +
        `assignment's template repository. Students: npm ci && npm run -s workbench -- grade\n`,
    );
    return 0;
  },
};
