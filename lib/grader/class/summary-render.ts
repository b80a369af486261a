/**
 * The class summary (summary.ts) as a self-contained HTML page (`summary.html`, the score distribution as an SVG
 * bar chart from lib/show/chart.ts) and as Markdown (`summary.md`, the distribution as a text histogram). Every
 * text from a report (test names, failure messages: they quote the student's answers) is escaped for HTML in both,
 * and for Markdown tables (`|`, backslashes, line breaks). Other reports (the similarity report) add sections
 * through `extraSections`, appended in order after the built-in ones. The page forbids scripts and every fetch
 * (Content-Security-Policy), so nothing in it runs when an instructor opens it.
 */
import { barChart } from "../../show/chart.js";
import { escapeHtml } from "../../show/table.js";
import type { ClassSummary } from "./summary.js";

/** A section another report adds to the summary: its title, its HTML body and its Markdown body. */
export interface SummarySection {
  title: string;
  html: string;
  markdown: string;
}

export interface SummaryRenderOptions {
  /** Heading of the page ("Class summary"). */
  title?: string;
  /** Line under the heading (what was graded, with which grader). */
  subtitle?: string;
  extraSections?: readonly SummarySection[];
}

const pct = (n: number, of: number): string => (of > 0 ? `${Math.round((100 * n) / of)} %` : "–");
const fmt = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(1));
/** At most three test names, then how many more. */
const someTests = (tests: readonly string[]): string => (tests.length <= 3 ? tests.join("; ") : `${tests.slice(0, 3).join("; ")}; and ${tests.length - 3} more`);
const EXERCISE_HEAD = ["exercise", "mean points", "max", "full marks", "attempted, not full marks", "not attempted (stub)"];
const exerciseRow = (e: ClassSummary["exercises"][number]): string[] => [`${e.id} — ${e.title}`, fmt(e.meanPoints), String(e.maxPoints), `${e.fullMarks} of ${e.of}`, String(e.attemptedWrong), String(e.notAttempted)];
const MESSAGE_HEAD = ["students", "failed tests", "message (first line)", "in tests"];
const messageRow = (m: ClassSummary["messages"][number]): string[] => [String(m.students), String(m.count), m.message, someTests(m.tests)];

/** The summary as a whole HTML page. */
export function summaryHtml(s: ClassSummary, options: SummaryRenderOptions = {}): string {
  const h = escapeHtml;
  const table = (head: string[], rows: string[][]): string =>
    `<table><thead><tr>${head.map((c) => `<th>${h(c)}</th>`).join("")}</tr></thead><tbody>\n${rows
      .map((r) => `<tr>${r.map((c) => `<td>${h(c)}</td>`).join("")}</tr>`)
      .join("\n")}\n</tbody></table>`;
  const parts: string[] = [
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8">`,
    // inert: no script, no fetch, whatever a report's text or an extra section holds
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
    `<title>${h(options.title ?? "Class summary")}</title>`,
    `<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f2328}` +
      `table{border-collapse:collapse;margin:1rem 0}td,th{border:1px solid #d0d7de;padding:.25rem .5rem;text-align:left;vertical-align:top}` +
      `th{background:#f6f8fa}code{font-size:90%}</style></head><body>`,
    `<h1>${h(options.title ?? "Class summary")}</h1>`,
  ];
  if (options.subtitle) parts.push(`<p>${h(options.subtitle)}</p>`);
  parts.push(`<p>${h(overview(s))}</p>`);
  parts.push(`<h2>Score distribution</h2>`);
  parts.push(barChart(s.distribution.map((b) => [b.label, b.count] as const), { title: "students by share of the maximum", digits: 0 }));
  parts.push(`<h2>Exercises</h2>`, table(EXERCISE_HEAD, s.exercises.map(exerciseRow)));
  parts.push(`<h2>Tests by share of the class failing them</h2>`, table(["exercise", "test", "points", "failing"], s.tests.map((t) => [t.exercise, t.name, String(t.maxPoints), `${pct(t.failing, t.of)} (${t.failing} of ${t.of})`])));
  parts.push(`<h2>Most common failure messages</h2>`, s.messages.length ? table(MESSAGE_HEAD, s.messages.map(messageRow)) : "<p>None.</p>");
  parts.push(`<h2>Known mistakes</h2>`, s.misconceptions.length ? table(["students", "mistake", "read", "in tests"], s.misconceptions.map((m) => [String(m.count), m.title, `notebooks/${m.notebook}`, someTests(m.tests)])) : "<p>None named.</p>");
  if (s.notGraded.length) parts.push(`<h2>Not graded</h2>`, table(["student", "why"], s.notGraded.map((n) => [n.id, n.problem])));
  for (const x of options.extraSections ?? []) parts.push(`<h2>${h(x.title)}</h2>`, x.html);
  parts.push("</body></html>");
  return parts.join("\n") + "\n";
}

/** The summary as Markdown. */
export function summaryMarkdown(s: ClassSummary, options: SummaryRenderOptions = {}): string {
  const table = (head: string[], rows: string[][]): string[] => [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`, ...rows.map((r) => `| ${r.map(mdCell).join(" | ")} |`)];
  const widest = Math.max(1, ...s.distribution.map((b) => b.count));
  const out: string[] = [`# ${mdText(options.title ?? "Class summary")}`, ""];
  if (options.subtitle) out.push(mdText(options.subtitle), "");
  out.push(mdText(overview(s)), "", "## Score distribution", "", "```");
  for (const b of s.distribution) out.push(`${b.label.padStart(9)} ${"█".repeat(Math.round((30 * b.count) / widest)).padEnd(30)} ${b.count}`);
  out.push("```", "", "## Exercises", "", ...table(EXERCISE_HEAD, s.exercises.map(exerciseRow)));
  out.push("", "## Tests by share of the class failing them", "", ...table(["exercise", "test", "points", "failing"], s.tests.map((t) => [t.exercise, t.name, String(t.maxPoints), `${pct(t.failing, t.of)} (${t.failing} of ${t.of})`])));
  out.push("", "## Most common failure messages", "");
  out.push(...(s.messages.length ? table(MESSAGE_HEAD, s.messages.map(messageRow)) : ["None."]));
  out.push("", "## Known mistakes", "");
  out.push(...(s.misconceptions.length ? table(["students", "mistake", "read", "in tests"], s.misconceptions.map((m) => [String(m.count), m.title, `notebooks/${m.notebook}`, someTests(m.tests)])) : ["None named."]));
  if (s.notGraded.length) out.push("", "## Not graded", "", ...table(["student", "why"], s.notGraded.map((n) => [n.id, n.problem])));
  for (const x of options.extraSections ?? []) out.push("", `## ${mdText(x.title)}`, "", x.markdown.trimEnd());
  return out.join("\n") + "\n";
}

function overview(s: ClassSummary): string {
  return `${s.students} students, ${s.graded} graded; mean ${fmt(s.meanPoints)} and median ${fmt(s.medianPoints)} of ${s.maxPoints} points.`;
}

/** Text for Markdown outside tables: no raw HTML (`&`, `<`, `>` as entities), backslashes kept, on one line. */
function mdText(text: string): string {
  const html = text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return html.replace(/\\/g, "\\\\").replace(/\r?\n/g, " ");
}

/** A Markdown table cell: escaped like mdText, `|` escaped, on one line. */
function mdCell(text: string): string {
  return mdText(text).replace(/\|/g, "\\|").replace(/`/g, "\\`");
}
