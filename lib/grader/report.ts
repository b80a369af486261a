/**
 * The grade as text for a terminal: a table (exercise, tests passed/total, points, status), the total, and for
 * every exercise that is not done, each failing test's name and message (and the known mistake it matches, if
 * any: lib/misconceptions) followed by the hint to read next.
 */
import { displayWidth, LANG_DEFAULTS, padColumns, type Lang } from "../core/lang.js";
import { message } from "../core/messages.js";
import { localizedMisconception } from "./misconception.js";
import { MISSING_FILE_MESSAGE } from "./protocol.js";
import type { GradeHint } from "./hints.js";
import type { ExerciseResult, GradeReport, TestResult } from "./results.js";
import type { ExerciseState } from "./state.js";
import { isNotImplementedMessage } from "./stubs.js";

export type ExerciseStatus = "done" | "in progress" | "not started" | "no file" | "error";

/** What the table says about one exercise. */
export function exerciseStatus(e: ExerciseResult): ExerciseStatus {
  if (e.error !== undefined) return "error";
  if (e.maxPoints > 0 && e.points === e.maxPoints) return "done";
  if (e.points === 0 && e.tests.every((t) => isNotImplementedMessage(t.message))) return "not started";
  if (e.points === 0 && e.tests.every((t) => t.message.startsWith(MISSING_FILE_MESSAGE))) return "no file";
  return "in progress";
}

export interface TextReportContext {
  /** Progress recorded before this grade, per exercise (only for the student's own exercises). */
  states?: Readonly<Record<string, ExerciseState>>;
  /** The hint to show for an exercise that is not done (hints.ts, `gradeHint`), with how many it has. */
  hintFor?: (id: string) => { hint: GradeHint; total: number; noSolutions?: boolean; englishOnly?: boolean } | null;
  /** The command prefix shown in advice ("npm run -s workbench --"). */
  command?: string;
  /** The language of the fixed sentences and of a known mistake's text (default English). */
  lang?: Lang;
  /** A known mistake's "<file> § <section>" as the learner reads it (the section's heading in their language). */
  notebookRef?: (ref: string) => string;
}

const MAX_MESSAGE_LINES = 12;
const MAX_OUTPUT_LINES = 8;

/** The table and the total. */
export function formatTable(report: GradeReport, context: TextReportContext = {}): string {
  const lang = context.lang ?? LANG_DEFAULTS.lang;
  const rows = report.exercises.map((e) => {
    const passed = e.tests.filter((t) => t.passed).length;
    const plain = exerciseStatus(e);
    let status = message(lang, `status.${plain}`, {});
    if (plain !== "done" && context.states?.[e.id]?.done) status += message(lang, "status.wasDone", {});
    return [e.id, `${passed}/${e.tests.length}`, `${e.points}/${e.maxPoints}`, status];
  });
  const done = report.exercises.filter((e) => exerciseStatus(e) === "done").length;
  const pct = report.maxPoints > 0 ? Math.floor((100 * report.points) / report.maxPoints) : 0;
  const totalTests = report.exercises.reduce((n, e) => n + e.tests.length, 0);
  const totalPassed = report.exercises.reduce((n, e) => n + e.tests.filter((t) => t.passed).length, 0);
  const header = (["table.exercise", "table.tests", "table.points", "table.status"] as const).map((id) => message(lang, id, {}));
  const footer = [
    message(lang, "table.total", {}),
    `${totalPassed}/${totalTests}`,
    `${report.points}/${report.maxPoints}`,
    message(lang, "table.summary", { pct, done, n: report.exercises.length }),
  ];
  const all = [header, ...rows, footer];
  const widths = header.map((_, c) => Math.max(...all.map((r) => displayWidth(r[c]!))));
  const line = (r: string[]): string => r.map((cell, c) => padColumns(cell, widths[c]!, c === 1 || c === 2)).join("   ").trimEnd();
  const rule = widths.map((w) => "─".repeat(w)).join("───");
  return [line(header), rule, ...rows.map(line), rule, line(footer)].join("\n") + "\n";
}

/** For each exercise not done: its failures (name, points, message) and the hint to read next. */
export function formatFailures(report: GradeReport, context: TextReportContext = {}): string {
  const command = context.command ?? "npm run -s workbench --";
  const lang = context.lang ?? LANG_DEFAULTS.lang;
  const out: string[] = [];
  for (const e of report.exercises) {
    const status = exerciseStatus(e);
    if (status === "done") continue;
    out.push("");
    if (status === "error") {
      out.push(message(lang, "failures.couldNotGrade", { id: e.id, error: e.error ?? "" }));
      continue;
    }
    const failing = e.tests.filter((t) => !t.passed);
    if (status === "no file") {
      out.push(`${e.id} — ${e.title}`, `  ${failing[0]!.message}`);
      continue;
    }
    if (status === "not started") {
      const fns = [...new Set(failing.flatMap((t) => [...t.message.matchAll(/not implemented: ([\w$]+)/g)].map((m) => m[1]!)))];
      out.push(`${e.id} — ${e.title}`);
      out.push(`  ${message(lang, "failures.notStarted", { fns: fns.join(", ") })}`);
    } else {
      out.push(`${e.id} — ${e.title}`);
      out.push(`  ${message(lang, "failures.count", { failing: failing.length, total: e.tests.length })}`);
      failing.forEach((t, i) => {
        const points = message(lang, "failures.points", { n: t.maxPoints });
        out.push(lang === "en" ? `  ✗ ${t.name} (${points}${t.status === "failed" ? "" : `, ${t.status}`})` : `  ✗ ${t.name}（${points}${t.status === "failed" ? "" : `，${t.status}`}）`);
        const same = i > 0 && t.message === failing[i - 1]!.message;
        out.push(...(same ? [`      ${message(lang, "failures.sameMessage", {})}`] : indentMessage(t.message, "      ", { lang })));
        if (t.misconception) out.push(...misconceptionLines(t.misconception, { lang, ref: context.notebookRef ?? ((r) => r) }));
        else if (t.unknownMistake) out.push(`      ${message(lang, "failures.unknownMistake", { evidence: t.unknownMistake })}`);
        if (t.output) out.push(`      ${message(lang, "failures.printed", {})}`, ...indentMessage(t.output.replace(/\n$/, ""), "        ", { lang, max: MAX_OUTPUT_LINES }));
      });
    }
    const h = context.hintFor?.(e.id);
    if (h) out.push(...hintLines(h, e.id, { command, lang }));
  }
  return out.length ? out.join("\n") + "\n" : "";
}

/** A hint under an exercise's failures: in full when new, a one-line reminder when it was seen before. */
function hintLines(
  shown: { hint: GradeHint; total: number; noSolutions?: boolean; englishOnly?: boolean },
  id: string,
  how: { command: string; lang: Lang },
): string[] {
  const { hint: h, total } = shown;
  const { command, lang } = how;
  const n = id.slice(0, 2);
  const label = message(lang, "hint.label", { number: h.hint.number, total, title: h.hint.title }) + message(lang, "hint.forTest", { test: h.test });
  if (!h.fresh) return [`  ${label}${message(lang, "hint.shownBefore", { command, n })}`];
  const last = shown.noSolutions === true ? message(lang, "hint.lastNoSolution", {}) : message(lang, "hint.lastSolution", { id });
  const note = shown.englishOnly === true ? [`  ${message(lang, "hint.englishOnly", { id })}`] : [];
  return [...note, `  ${label}`, ...h.hint.body.split("\n").map((l) => (l ? `    ${l}` : "")), `  ${h.hint.number < total ? message(lang, "hint.more", { command, n }) : last}`];
}

/** The known mistake under a failing test: its title, the first sentence of why it is wrong, where to read more. */
function misconceptionLines(m: NonNullable<TestResult["misconception"]>, how: { lang: Lang; ref: (ref: string) => string }): string[] {
  const { lang } = how;
  const text = localizedMisconception(m, lang);
  const why = firstSentence(text.explanation);
  return [
    `      ${message(lang, "failures.knownMistake", { title: text.title })}`,
    ...(why ? [`        ${why}`] : []),
    `        ${message(lang, "failures.read", { where: `notebooks/${how.ref(m.notebook)}` })}`,
  ];
}

/** Up to the first full stop: ". " in English, "。" in Chinese. */
function firstSentence(text: string): string {
  const end = text.search(/\.(\s|$)|。/);
  return end < 0 ? text : text.slice(0, end + 1);
}

function indentMessage(text: string, pad: string, how: { lang?: Lang; max?: number } = {}): string[] {
  const max = how.max ?? MAX_MESSAGE_LINES;
  const lines = text.split("\n");
  const shown = lines.slice(0, max).map((l) => pad + l);
  if (lines.length > max) shown.push(`${pad}${message(how.lang ?? LANG_DEFAULTS.lang, "failures.moreLines", { n: lines.length - max })}`);
  return shown;
}
