/**
 * `workbench reset NN… | --all [--hints]`: puts an exercise's stub back (made from the reference solution, see
 * lib/grader/stubs.ts, or in a student release the one in exercises/manifest.json), after copying the student's file to .workbench/backups/<exercise>/<time>/, and starts the
 * exercise's progress over (its hints too with --hints).
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { WorkbenchInputError } from "../core/errors.js";
import { listExercises, pristineStub, selectExercises, type ExerciseEntry } from "../grader/catalog.js";
import { loadState, saveState, withReset } from "../grader/state.js";
import { parseCommandArgs, UsageError, type Command } from "./command.js";
import { EXERCISE_PATH_OPTIONS, EXERCISE_PATH_USAGE, exercisePaths } from "./exercise-options.js";

const USAGE = `Usage: workbench reset NN… [--hints]
       workbench reset --all [--hints]

Restores the stub of each named exercise (01, 1, 01-pagerank or pagerank). Your file is first copied to
.workbench/backups/<exercise>/<time>/ (nothing is copied when it is still the stub).
  --all          every exercise
  --hints        also start the hints over
${EXERCISE_PATH_USAGE}`;

/** The folder backups of one reset go to: .workbench/backups/<id>/<ISO time with ':' → '-'>. */
export function backupDir(root: string, id: string, now: Date): string {
  return join(root, ".workbench", "backups", id, now.toISOString().replace(/:/g, "-"));
}

export const resetCommand: Command = {
  name: "reset",
  summary: "restore an exercise's stub, keeping a backup of your file",
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("reset", args, { all: { type: "boolean" }, hints: { type: "boolean" }, ...EXERCISE_PATH_OPTIONS });
    if (values.all && positionals.length > 0) throw new UsageError("reset: give exercise names or --all, not both");
    if (!values.all && positionals.length === 0) throw new UsageError("reset: name the exercise(s) to reset, e.g. workbench reset 01 (or --all)");
    const { root, state: path } = exercisePaths("reset", values);
    let chosen: ExerciseEntry[];
    try {
      chosen = selectExercises(listExercises(root), positionals);
    } catch (err) {
      if (err instanceof WorkbenchInputError) throw new UsageError(`reset: ${err.message.replace(/^\w+: /, "")}`);
      throw err;
    }
    const now = new Date();
    let state = loadState(path, (l) => io.stderr(`reset: ${l}\n`));
    for (const e of chosen) {
      for (const file of e.files) {
        const stub = pristineStub(root, e, file);
        const dest = join(root, "exercises", e.id, file);
        const shown = relative(root, dest);
        if (existsSync(dest) && readFileSync(dest, "utf8") === stub) {
          io.stdout(`${shown}: already the stub\n`);
          continue;
        }
        if (existsSync(dest)) {
          const backup = join(backupDir(root, e.id, now), file);
          mkdirSync(dirname(backup), { recursive: true });
          copyFileSync(dest, backup);
          io.stdout(`${shown}: your version is saved as ${relative(root, backup)}\n`);
        }
        mkdirSync(dirname(dest), { recursive: true });
        writeFileSync(dest, stub);
        io.stdout(`${shown}: stub restored\n`);
      }
      state = withReset(state, e.id, values.hints === true);
    }
    saveState(path, state);
    return 0;
  },
};
