/**
 * What a student may be given after a class grade: `feedback.md` and `feedback.html` from their report — each
 * exercise's passing tests, each failing one with its message (the counterexample the judge found), the known
 * mistake it matches and where to read about it, and the exercise README's hint for the first failing test
 * (readme.ts, hints.ts `hintsForTest`). A hidden test is only "hidden test failed" unless the instructor publishes
 * them: its name and message would tell the student what the hidden inputs are. Pure; grade-class.ts writes it.
 */
import { escapeHtml } from "../../show/table.js";
import { hintsForTest } from "../hints.js";
import type { Hint } from "../readme.js";
import { exerciseStatus } from "../report.js";
import type { ExerciseResult, GradeReport, TestResult } from "../results.js";

export interface FeedbackOptions {
  /** Show hidden tests' names and messages (the instructor published them). */
  publishHidden: boolean;
  /** Each exercise's hints (its README), by exercise id; an exercise without an entry gets none. */
  hints: ReadonlyMap<string, readonly Hint[]>;
  /** At most this many lines of a failure message. */
  messageLines: number;
}

export const FEEDBACK_DEFAULTS: Readonly<FeedbackOptions> = Object.freeze({ publishHidden: false, hints: new Map<string, readonly Hint[]>(), messageLines: 12 });

/** One line of an exercise's feedback, before rendering. */
type Line =
  | { kind: "passed"; name: string; points: number }
  | { kind: "failed"; name: string; maxPoints: number; message: string; status: string; mistake?: { title: string; read: string }; differs?: string }
  | { kind: "hidden"; maxPoints: number };

interface ExerciseFeedback {
  id: string;
  title: string;
  points: number;
  maxPoints: number;
  state: "done" | "not attempted" | "attempted" | "could not be graded" | "no file";
  note?: string;
  lines: Line[];
  hint?: Hint;
}

/** The report as the feedback's exercises: what is shown, hidden tests already masked. */
function feedbackOf(report: GradeReport, o: FeedbackOptions): ExerciseFeedback[] {
  return report.exercises.map((e) => {
    const status = exerciseStatus(e);
    const state = status === "done" ? "done" : status === "not started" ? "not attempted" : status === "error" ? "could not be graded" : status === "no file" ? "no file" : "attempted";
    const f: ExerciseFeedback = { id: e.id, title: e.title, points: e.points, maxPoints: e.maxPoints, state, lines: e.tests.map((t) => lineOf(t, o)) };
    if (status === "error") f.note = "the grader could not run this exercise's tests; your instructor has been told";
    const failing = e.tests.filter((t) => !t.passed && (o.publishHidden || t.hidden !== true));
    const hint = failing.map((t) => hintsForTest(o.hints.get(e.id) ?? [], t.name)[0]).find((h) => h !== undefined);
    if (hint && state === "attempted") f.hint = hint;
    return f;
  });
}

function lineOf(t: TestResult, o: FeedbackOptions): Line {
  if (t.passed) return { kind: "passed", name: t.name, points: t.points };
  if (t.hidden === true && !o.publishHidden) return { kind: "hidden", maxPoints: t.maxPoints };
  const lines = t.message.split("\n");
  const message = lines.slice(0, o.messageLines).join("\n") + (lines.length > o.messageLines ? `\n… (${lines.length - o.messageLines} more lines)` : "");
  const line: Line = { kind: "failed", name: t.name, maxPoints: t.maxPoints, message, status: t.status };
  if (t.misconception) line.mistake = { title: t.misconception.title, read: `notebooks/${t.misconception.notebook}` };
  else if (t.unknownMistake) line.differs = t.unknownMistake;
  return line;
}

function options(o: Partial<FeedbackOptions>): FeedbackOptions {
  return { ...FEEDBACK_DEFAULTS, ...o };
}

const pts = (n: number): string => `${n} ${n === 1 ? "point" : "points"}`;

/** `feedback.md` for `student`'s report. */
export function feedbackMarkdown(student: string, report: GradeReport, opts: Partial<FeedbackOptions> = {}): string {
  const o = options(opts);
  const fence = (text: string): string => {
    const ticks = "`".repeat(Math.max(3, ...[...text.matchAll(/`+/g)].map((m) => m[0].length + 1)));
    return `${ticks}text\n${text}\n${ticks}`;
  };
  const esc = (text: string): string => text.replace(/([\\`*_[\]<>#|])/g, "\\$1");
  const out = [`# Feedback for ${esc(student)}`, "", `**${report.points} of ${pts(report.maxPoints)}.**`];
  for (const e of feedbackOf(report, o)) {
    out.push("", `## ${esc(e.id)} — ${esc(e.title)}: ${e.points} of ${e.maxPoints} (${e.state})`);
    if (e.note) out.push("", e.note);
    if (e.state === "not attempted") {
      out.push("", "Every test stops at the stub's \"not implemented\": write the function(s) and grade again.");
      continue;
    }
    out.push("");
    for (const l of e.lines) {
      if (l.kind === "passed") out.push(`- ✓ ${esc(l.name)} (${pts(l.points)})`);
      else if (l.kind === "hidden") out.push(`- ✗ hidden test failed (${pts(l.maxPoints)})`);
      else {
        out.push(`- ✗ ${esc(l.name)} (${pts(l.maxPoints)}${l.status === "failed" ? "" : `, ${l.status}`})`, "", fence(l.message), "");
        if (l.mistake) out.push(`  Known mistake: **${esc(l.mistake.title)}** — read ${esc(l.mistake.read)}`, "");
        if (l.differs) out.push(`  Where your answer differs: ${esc(l.differs)}`, "");
      }
    }
    if (e.hint) out.push("", `### Hint ${e.hint.number}${e.hint.title ? ` — ${esc(e.hint.title)}` : ""}`, "", e.hint.body);
  }
  return out.join("\n") + "\n";
}

/** `feedback.html` for `student`'s report: a page that runs no script and fetches nothing. */
export function feedbackHtml(student: string, report: GradeReport, opts: Partial<FeedbackOptions> = {}): string {
  const o = options(opts);
  const h = escapeHtml;
  const parts = [
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8">`,
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    `<title>Feedback for ${h(student)}</title>`,
    `<style>body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1f2328}` +
      `pre{background:#f6f8fa;padding:.5rem;overflow:auto;white-space:pre-wrap}.ok{color:#1a7f37}.no{color:#cf222e}` +
      `.mistake,.hint{border-left:4px solid #bf8700;padding:.25rem .75rem;background:#fff8c5}.hint{border-color:#0969da;background:#ddf4ff}li{margin:.3rem 0}</style></head><body>`,
    `<h1>Feedback for ${h(student)}</h1>`,
    `<p><strong>${report.points} of ${pts(report.maxPoints)}.</strong></p>`,
  ];
  for (const e of feedbackOf(report, o)) {
    parts.push(`<h2>${h(e.id)} — ${h(e.title)}: ${e.points} of ${e.maxPoints} (${h(e.state)})</h2>`);
    if (e.note) parts.push(`<p>${h(e.note)}</p>`);
    if (e.state === "not attempted") {
      parts.push(`<p>Every test stops at the stub's "not implemented": write the function(s) and grade again.</p>`);
      continue;
    }
    parts.push("<ul>");
    for (const l of e.lines) {
      if (l.kind === "passed") parts.push(`<li class="ok">✓ ${h(l.name)} (${pts(l.points)})</li>`);
      else if (l.kind === "hidden") parts.push(`<li class="no">✗ hidden test failed (${pts(l.maxPoints)})</li>`);
      else {
        parts.push(`<li><span class="no">✗ ${h(l.name)}</span> (${pts(l.maxPoints)}${l.status === "failed" ? "" : `, ${h(l.status)}`})<pre>${h(l.message)}</pre>`);
        if (l.mistake) parts.push(`<div class="mistake">Known mistake: <strong>${h(l.mistake.title)}</strong> — read <code>${h(l.mistake.read)}</code></div>`);
        if (l.differs) parts.push(`<div class="mistake">Where your answer differs: ${h(l.differs)}</div>`);
        parts.push("</li>");
      }
    }
    parts.push("</ul>");
    if (e.hint) parts.push(`<div class="hint"><strong>Hint ${e.hint.number}${e.hint.title ? ` — ${h(e.hint.title)}` : ""}</strong><pre>${h(e.hint.body)}</pre></div>`);
  }
  parts.push("</body></html>\n");
  return parts.join("\n");
}

/** Whether `e` was attempted: graded and not every test stopped at the stub (the class summary's split). */
export function attempted(e: ExerciseResult): boolean {
  const s = exerciseStatus(e);
  return s === "done" || s === "in progress";
}
