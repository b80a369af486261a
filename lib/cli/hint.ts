/**
 * `workbench hint NN [--shown]`: shows the lowest-numbered unseen hint that helps a failing test of the exercise's
 * last grade (lib/grader/hints.ts; without a recorded grade, or when those are all seen, the next unseen hint in
 * order, saying so) and remembers it in the progress file, unless the file is still the stub. `--shown` repeats
 * the ones seen so far.
 */
import { WorkbenchInputError } from "../core/errors.js";
import { LANG_DEFAULTS, type Lang } from "../core/lang.js";
import { message } from "../core/messages.js";
import { requestedHint, type HintReason } from "../grader/hints.js";
import { isUntouchedStub } from "../grader/catalog.js";
import { loadCatalog } from "../grader/session.js";
import { exerciseState, loadState, saveState, withHintSeen } from "../grader/state.js";
import type { Hint } from "../grader/readme.js";
import { parseCommandArgs, UsageError, type Command } from "./command.js";
import { EXERCISE_PATH_OPTIONS, EXERCISE_PATH_USAGE, EXERCISE_PATH_USAGE_ZH, exercisePaths } from "./exercise-options.js";

const USAGE = `Usage: workbench hint NN [--shown]

Shows a hint for exercise NN (01, 1, 01-pagerank or pagerank) and remembers it. Hints climb one rung at a
time: you get the lowest-numbered hint you have not seen that helps with a test that failed in your last grade.
With no grade recorded (never graded, or reset since), or once every hint for your failing tests is seen, it is
the next unseen hint in order, and the output says so. Hints go from a nudge to nearly the answer; while the
exercise's file is still the stub they are shown but not remembered. \`workbench reset NN\` starts them over.
  --shown        show again every hint seen so far, without a new one
${EXERCISE_PATH_USAGE}`;

const USAGE_ZH = `用法：workbench hint NN [--shown]

显示练习 NN（01、1、01-pagerank 或 pagerank）的一条提示，并记住它。提示一次上一级：你拿到的是编号最小、还没看过、
且对应你上次评分中某个未通过测试的提示。没有评分记录时（从未评分，或之后重置过），或者未通过测试的提示都看过了，
就按顺序给下一条没看过的提示，输出里会说明原因。提示从轻轻一推到几乎就是答案；练习文件还是初始桩代码时，提示会显示，
但不记为已看。\`workbench reset NN\` 让提示从头开始。提示取自练习的 README.zh.md；没有时显示英文，并说明一句。
  --shown        再显示一遍目前看过的所有提示，不给新的
${EXERCISE_PATH_USAGE_ZH}`;

/** The line that says why this hint (shown above it). */
function reasonLine(
  reason: HintReason,
  entry: { id: string; number: string; total: number; solutionNote: string },
  how: { test: string | undefined; lang: Lang },
): string {
  const { id, number: n, total, solutionNote } = entry;
  const { test, lang } = how;
  switch (reason) {
    case "failing":
      return message(lang, "hint.reason.failing", { test: test ?? "" });
    case "no-grade":
      return message(lang, "hint.reason.noGrade", { id, n });
    case "passed":
      return message(lang, "hint.reason.passed", { id });
    case "failing-seen":
      return message(lang, "hint.reason.failingSeen", {});
    case "all-seen":
      return message(lang, "hint.reason.allSeen", { id, total }) + solutionNote;
  }
}

/** A hint as `hint` prints it: its label, then its body indented. */
export function renderHint(h: Hint, total: number, lang: Lang = LANG_DEFAULTS.lang): string {
  const body = h.body.split("\n").map((l) => (l ? `  ${l}` : "")).join("\n");
  return `${message(lang, "hint.label", { number: h.number, total, title: h.title })}\n\n${body}\n`;
}

export const hintCommand: Command = {
  name: "hint",
  summary: "show the hint for your first failing test (and remember it)",
  usage: USAGE,
  usageZh: USAGE_ZH,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("hint", args, { shown: { type: "boolean" }, ...EXERCISE_PATH_OPTIONS });
    if (positionals.length !== 1) throw new UsageError("hint: name one exercise, e.g. workbench hint 01");
    const { root, state: path } = exercisePaths("hint", values);
    let entry;
    try {
      entry = loadCatalog(root, positionals, io.lang ?? LANG_DEFAULTS.lang)[0]!;
    } catch (err) {
      if (err instanceof WorkbenchInputError) throw new UsageError(`hint: ${err.message.replace(/^\w+: /, "")}`);
      throw err;
    }
    if (entry.hints.length === 0) {
      io.stderr(`hint: ${entry.id} has no hints (${entry.readmeProblem ?? "its README lists none"})\n`);
      return 1;
    }
    const total = entry.hints.length;
    const lang = io.lang ?? LANG_DEFAULTS.lang;
    const state = loadState(path, (l) => io.stderr(`hint: ${l}\n`));
    const { hintsSeen, failing } = exerciseState(state, entry.id);
    if (values.shown) {
      if (hintsSeen.length === 0) io.stdout(message(lang, "hint.noneSeen", { id: entry.id, n: entry.number }) + "\n");
      for (const h of entry.hints.filter((x) => hintsSeen.includes(x.number))) io.stdout(renderHint(h, total, lang) + "\n");
      return 0;
    }
    // a student release (lib/grader/release/) has no solutions/ to point at
    const solutionNote = entry.solutionDir !== null ? message(lang, "hint.solutionNote", { id: entry.id }) : "";
    const choice = requestedHint(entry.hints, failing, hintsSeen)!;
    const why = reasonLine(choice.reason, { id: entry.id, number: entry.number, total, solutionNote }, { test: choice.test, lang });
    const englishOnly = entry.englishOnly !== undefined ? `${message(lang, "hint.englishOnly", { id: entry.id })}\n` : "";
    io.stdout(`${entry.id} — ${entry.title}\n${why}\n${englishOnly}\n${renderHint(choice.hint, total, lang)}`);
    const left = entry.hints.filter((h) => h.number !== choice.hint.number && !hintsSeen.includes(h.number)).length;
    if (left > 0) io.stdout(`\n${message(lang, "hint.left", { left, n: entry.number })}\n`);
    else if (choice.reason !== "all-seen") io.stdout(`\n${message(lang, "hint.lastUnseen", { note: solutionNote })}\n`);
    if (isUntouchedStub(root, entry)) {
      io.stdout(`\n${message(lang, "hint.stubNotRecorded", { id: entry.id })}\n`);
      return 0;
    }
    try {
      saveState(path, withHintSeen(state, entry.id, choice.hint.number));
    } catch (err) {
      throw new UsageError(`hint: cannot write the progress file ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
    return 0;
  },
};
