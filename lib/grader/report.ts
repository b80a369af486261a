/**
 * The grade as text for a terminal: a table (exercise, tests passed/total, points, status), the total, and for
 * every exercise that is not done, each failing test's name and message (and the known mistake it matches, if
 * any: lib/misconceptions) followed by the hint to read next.
 */
import { misconceptionExplanation } from "./misconception.js";
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
  hintFor?: (id: string) => { hint: GradeHint; total: number; noSolutions?: boolean } | null;
  /** The command prefix shown in advice ("npm run -s workbench --"). */
  command?: string;
}

const MAX_MESSAGE_LINES = 12;
const MAX_OUTPUT_LINES = 8;

/** The table and the total. */
export function formatTable(report: GradeReport, context: TextReportContext = {}): string {
  const rows = report.exercises.map((e) => {
    const passed = e.tests.filter((t) => t.passed).length;
    let status: string = exerciseStatus(e);
    if (status !== "done" && context.states?.[e.id]?.done) status += " (was done before)";
    return [e.id, `${passed}/${e.tests.length}`, `${e.points}/${e.maxPoints}`, status];
  });
  const done = report.exercises.filter((e) => exerciseStatus(e) === "done").length;
  const pct = report.maxPoints > 0 ? Math.floor((100 * report.points) / report.maxPoints) : 0;
  const totalTests = report.exercises.reduce((n, e) => n + e.tests.length, 0);
  const totalPassed = report.exercises.reduce((n, e) => n + e.tests.filter((t) => t.passed).length, 0);
  const header = ["exercise", "tests", "points", "status"];
  const footer = ["total", `${totalPassed}/${totalTests}`, `${report.points}/${report.maxPoints}`, `${pct} %, ${done} of ${report.exercises.length} done`];
  const all = [header, ...rows, footer];
  const widths = header.map((_, c) => Math.max(...all.map((r) => r[c]!.length)));
  const line = (r: string[]): string => r.map((cell, c) => (c === 1 || c === 2 ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!))).join("   ").trimEnd();
  const rule = widths.map((w) => "─".repeat(w)).join("───");
  return [line(header), rule, ...rows.map(line), rule, line(footer)].join("\n") + "\n";
}

/** For each exercise not done: its failures (name, points, message) and the hint to read next. */
export function formatFailures(report: GradeReport, context: TextReportContext = {}): string {
  const command = context.command ?? "npm run -s workbench --";
  const out: string[] = [];
  for (const e of report.exercises) {
    const status = exerciseStatus(e);
    if (status === "done") continue;
    out.push("");
    if (status === "error") {
      out.push(`${e.id}: could not be graded: ${e.error}`);
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
      out.push(`  not started: every test stops at "not implemented" (${fns.join(", ")})`);
    } else {
      out.push(`${e.id} — ${e.title}`);
      out.push(`  ${failing.length} of ${e.tests.length} tests fail:`);
      failing.forEach((t, i) => {
        out.push(`  ✗ ${t.name} (${t.maxPoints} ${t.maxPoints === 1 ? "point" : "points"}${t.status === "failed" ? "" : `, ${t.status}`})`);
        out.push(...(i > 0 && t.message === failing[i - 1]!.message ? ["      (the same message)"] : indentMessage(t.message, "      ")));
        if (t.misconception) out.push(...misconceptionLines(t.misconception));
        else if (t.unknownMistake) out.push(`      → not a known mistake: ${t.unknownMistake}`);
        if (t.output) out.push("      your code printed:", ...indentMessage(t.output.replace(/\n$/, ""), "        ", MAX_OUTPUT_LINES));
      });
    }
    const h = context.hintFor?.(e.id);
    if (h) out.push(...hintLines(h.hint, h.total, e.id, command, h.noSolutions === true));
  }
  return out.length ? out.join("\n") + "\n" : "";
}

/** A hint under an exercise's failures: in full when new, a one-line reminder when it was seen before. */
function hintLines(h: GradeHint, total: number, id: string, command: string, noSolutions: boolean): string[] {
  const n = id.slice(0, 2);
  const label = `Hint ${h.hint.number} of ${total}${h.hint.title ? ` — ${h.hint.title}` : ""}`;
  if (!h.fresh) return [`  ${label} (for ✗ ${h.test}) was shown before: ${command} hint ${n} --shown shows it again, ${command} hint ${n} the next one`];
  return [
    `  ${label} (for ✗ ${h.test})`,
    ...h.hint.body.split("\n").map((l) => (l ? `    ${l}` : "")),
    h.hint.number < total ? `  (more: ${command} hint ${n})` : noSolutions ? "  (that is the last hint)" : `  (that is the last hint; the reference solution is in solutions/${id}/)`,
  ];
}

/** The known mistake under a failing test: its title, the first sentence of why it is wrong, where to read more. */
function misconceptionLines(m: NonNullable<TestResult["misconception"]>): string[] {
  const why = firstSentence(misconceptionExplanation(m.id));
  return [`      → known mistake: ${m.title}`, ...(why ? [`        ${why}`] : []), `        read: notebooks/${m.notebook}`];
}

function firstSentence(text: string): string {
  const end = text.search(/\.(\s|$)/);
  return end < 0 ? text : text.slice(0, end + 1);
}

function indentMessage(message: string, pad: string, max = MAX_MESSAGE_LINES): string[] {
  const lines = message.split("\n");
  const shown = lines.slice(0, max).map((l) => pad + l);
  if (lines.length > max) shown.push(`${pad}… (${lines.length - max} more lines in --json)`);
  return shown;
}
