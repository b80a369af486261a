/**
 * `workbench hint NN [--shown]`: shows an exercise's next hint (hints go from a nudge to nearly the answer) and
 * remembers how many were shown, in the progress file. `--shown` repeats the ones shown so far.
 */
import { WorkbenchInputError } from "../core/errors.js";
import { loadCatalog } from "../grader/session.js";
import { exerciseState, loadState, saveState, withHintsShown } from "../grader/state.js";
import type { Hint } from "../grader/readme.js";
import { parseCommandArgs, UsageError, type Command } from "./command.js";
import { EXERCISE_PATH_OPTIONS, EXERCISE_PATH_USAGE, exercisePaths } from "./exercise-options.js";

const USAGE = `Usage: workbench hint NN [--shown]

Shows the next hint for exercise NN (01, 1, 01-pagerank or pagerank) and remembers it. Hints go from a nudge
to nearly the answer; the first failed grade of an exercise shows hint 1.
  --shown        show again every hint shown so far, without a new one
${EXERCISE_PATH_USAGE}`;

export function renderHint(h: Hint, total: number): string {
  const body = h.body.split("\n").map((l) => (l ? `  ${l}` : "")).join("\n");
  return `Hint ${h.number} of ${total}${h.title ? ` — ${h.title}` : ""}\n\n${body}\n`;
}

export const hintCommand: Command = {
  name: "hint",
  summary: "show the next hint for an exercise (and remember it)",
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("hint", args, { shown: { type: "boolean" }, ...EXERCISE_PATH_OPTIONS });
    if (positionals.length !== 1) throw new UsageError("hint: name one exercise, e.g. workbench hint 01");
    const { root, state: path } = exercisePaths("hint", values);
    let entry;
    try {
      entry = loadCatalog(root, positionals)[0]!;
    } catch (err) {
      if (err instanceof WorkbenchInputError) throw new UsageError(`hint: ${err.message.replace(/^\w+: /, "")}`);
      throw err;
    }
    if (entry.hints.length === 0) {
      io.stderr(`hint: ${entry.id} has no hints (${entry.readmeProblem ?? "its README lists none"})\n`);
      return 1;
    }
    const total = entry.hints.length;
    const state = loadState(path, (l) => io.stderr(`hint: ${l}\n`));
    const shown = exerciseState(state, entry.id).hintsShown;
    if (values.shown) {
      if (shown === 0) io.stdout(`No hints shown yet for ${entry.id}: npm run -s workbench -- hint ${entry.number} shows the first.\n`);
      for (const h of entry.hints.slice(0, shown)) io.stdout(renderHint(h, total) + "\n");
      return 0;
    }
    const next = Math.min(shown + 1, total);
    io.stdout(`${entry.id} — ${entry.title}\n\n${renderHint(entry.hints[next - 1]!, total)}`);
    if (shown >= total) io.stdout(entry.solutionDir !== null ? `\nThat is the last hint. The reference solution is in solutions/${entry.id}/.\n` : "\nThat is the last hint.\n");
    else if (next < total) io.stdout(`\n(${total - next} more: npm run -s workbench -- hint ${entry.number})\n`);
    try {
      saveState(path, withHintsShown(state, entry.id, next));
    } catch (err) {
      throw new UsageError(`hint: cannot write the progress file ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
    return 0;
  },
};
