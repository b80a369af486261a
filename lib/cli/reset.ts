/**
 * `workbench reset NN… | --all`: puts an exercise's stub back (made from the reference solution, see
 * lib/grader/stubs.ts, or in a student release the one in exercises/manifest.json), after copying the student's file to .workbench/backups/<exercise>/<time>/, and starts the
 * exercise's progress over, hints included (a reset that kept the near-answer hint taught nothing); which
 * hints were seen is noted in that backup folder as hints-seen.json.
 */
import { lstatSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { WorkbenchInputError } from "../core/errors.js";
import { LANG_DEFAULTS } from "../core/lang.js";
import { message } from "../core/messages.js";
import { checkOutputPath } from "../core/safe-write.js";
import { tryReadUserFile } from "../core/user-file.js";
import { listExercises, pristineStub, selectExercises, type ExerciseEntry } from "../grader/catalog.js";
import { parseReadme, type Hint } from "../grader/readme.js";
import { exerciseState, loadState, saveState, withReset } from "../grader/state.js";
import { parseCommandArgs, UsageError, userFileError, writeOutput, type Command } from "./command.js";
import { EXERCISE_PATH_OPTIONS, EXERCISE_PATH_USAGE, EXERCISE_PATH_USAGE_ZH, exercisePaths } from "./exercise-options.js";

const USAGE = `Usage: workbench reset NN…
       workbench reset --all

Restores the stub of each named exercise (01, 1, 01-pagerank or pagerank) and starts its progress over: points,
the last grade, and the hints (the next \`workbench hint NN\` shows hint 1 again). Your file is first copied to
.workbench/backups/<exercise>/<time>/ (nothing is copied when it is still the stub), and the hints you had seen
are noted there in hints-seen.json.
  --all          every exercise
${EXERCISE_PATH_USAGE}`;

const USAGE_ZH = `用法：workbench reset NN…
       workbench reset --all

恢复每个指定练习（01、1、01-pagerank 或 pagerank）的初始桩代码，并让它的进度从头开始：得分、上次评分和提示
（下一次 \`workbench hint NN\` 又从提示 1 开始）。你的文件会先复制到 .workbench/backups/<练习>/<时间>/
（仍是初始桩代码时不复制），你看过的提示记在那里的 hints-seen.json 中。
  --all          所有练习
${EXERCISE_PATH_USAGE_ZH}`;

/** What hints-seen.json in a reset's backup folder holds. */
export interface HintsSeenNote {
  exercise: string;
  /** The hint numbers seen before the reset, ascending. */
  hintsSeen: number[];
  /** Their titles, as the README had them then. */
  titles: string[];
  /** When the reset happened. */
  resetAt: string;
}

/** The folder backups of one reset go to: .workbench/backups/<id>/<ISO time with ':' → '-'>. */
export function backupDir(root: string, id: string, now: Date): string {
  return join(root, ".workbench", "backups", id, now.toISOString().replace(/:/g, "-"));
}

export const resetCommand: Command = {
  name: "reset",
  summary: "restore an exercise's stub, keeping a backup of your file",
  usage: USAGE,
  usageZh: USAGE_ZH,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("reset", args, { all: { type: "boolean" }, hints: { type: "boolean" }, ...EXERCISE_PATH_OPTIONS });
    if (values.hints) io.stderr("reset: --hints is no longer needed: reset always starts the hints over\n");
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
    const lang = io.lang ?? LANG_DEFAULTS.lang;
    let state = loadState(path, (l) => io.stderr(`reset: ${l}\n`));
    for (const e of chosen) {
      for (const file of e.files) {
        const stub = pristineStub(root, e, file);
        const dest = join(root, "exercises", e.id, file);
        const shown = relative(root, dest);
        const mine = currentExerciseFile(dest, shown);
        if (mine !== null && mine.toString("utf8") === stub) {
          io.stdout(message(lang, "reset.alreadyStub", { file: shown }) + "\n");
          continue;
        }
        if (mine !== null) {
          const backup = join(backupDir(root, e.id, now), file);
          mkdirSync(dirname(backup), { recursive: true });
          writeOutput("reset", "backup", { path: backup, text: mine }); // the bytes as they were
          io.stdout(message(lang, "reset.saved", { file: shown, backup: relative(root, backup) }) + "\n");
        }
        mkdirSync(dirname(dest), { recursive: true });
        writeOutput("reset", "exercise file", { path: dest, text: stub });
        io.stdout(message(lang, "reset.restored", { file: shown }) + "\n");
      }
      const seen = exerciseState(state, e.id).hintsSeen;
      if (seen.length > 0) {
        const note = join(backupDir(root, e.id, now), "hints-seen.json");
        const titles = hintTitles(e.readme);
        writeNote(note, { exercise: e.id, hintsSeen: seen, titles: seen.map((n) => titles.get(n) ?? ""), resetAt: now.toISOString() });
        io.stdout(message(lang, "reset.hintsOver", { id: e.id, seen, note: relative(root, note) }) + "\n");
      }
      state = withReset(state, e.id);
    }
    saveState(path, state);
    return 0;
  },
};

/** The README's hint titles by number (none when it cannot be read: the note then has empty titles). */
function hintTitles(readme: string): Map<number, string> {
  let hints: Hint[] = [];
  try {
    hints = parseReadme(readFileSync(readme, "utf8")).hints;
  } catch {
    // a missing or malformed README: the numbers alone are still worth keeping
  }
  return new Map(hints.map((h) => [h.number, h.title]));
}

/** Writes the note through a temporary file and a rename, like the progress file. */
function writeNote(path: string, note: HintsSeenNote): void {
  mkdirSync(dirname(path), { recursive: true });
  writeOutput("reset", "hints note", { path, text: JSON.stringify(note, null, 2) + "\n" });
}

/** The largest exercise file reset backs up (an exercise's file is a few KiB). */
const MAX_EXERCISE_FILE_BYTES = 4 << 20;

/**
 * The student's exercise file before it is replaced (null: none): a regular file, not a link, device or FIFO, at
 * most 4 MiB — anything else is refused in one line and left as it is (a FIFO is never opened).
 */
function currentExerciseFile(dest: string, shown: string): Buffer | null {
  if (lstatSync(dest, { throwIfNoEntry: false }) === undefined) return null; // its folder may not exist yet either
  try {
    checkOutputPath(dest, "exercise file");
  } catch (err) {
    throw userFileError("reset", shown, err);
  }
  const r = tryReadUserFile(dest, { maxBytes: MAX_EXERCISE_FILE_BYTES, param: "exercise file" });
  if ("bytes" in r) return r.bytes;
  throw new UsageError(`reset: ${shown} ${r.rule}; move it away, then reset again`);
}
