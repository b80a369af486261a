/**
 * The grade as JUnit XML for classroom tools and CI dashboards: one `<testsuite>` per exercise, one `<testcase>`
 * per graded test, a `<failure>` with the message for each failed one, and the points as `<properties>`
 * (`points`, `maxPoints`) on every suite and case, since JUnit itself has no notion of points. A failure that
 * matches a known mistake (lib/misconceptions) carries its title in the message and its id as a property.
 * Who and what was graded (provenance.ts) goes on `<testsuites>` as `timestamp` and `time` and, because most
 * readers only look at suites' properties, on every suite as properties (`student`, `submissionHash`,
 * `submissionCommit`, `graderVersion`, `graderCommit`, `seed`, `timeoutMs`, `startedAt`, `durationMs`).
 */
import type { ReportProvenance } from "./provenance.js";
import type { GradeReport, TestResult } from "./results.js";

/** Escapes text for XML attributes and character data, dropping characters XML 1.0 cannot carry. */
export function xmlEscape(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "\uFFFD")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const attrs = (pairs: Record<string, string | number>): string =>
  Object.entries(pairs)
    .map(([k, v]) => ` ${k}="${xmlEscape(String(v))}"`)
    .join("");

const properties = (pad: string, points: number, maxPoints: number, more: readonly (readonly [string, string | number])[] = []): string[] => [
  `${pad}<properties>`,
  `${pad}  <property name="points" value="${points}"/>`,
  `${pad}  <property name="maxPoints" value="${maxPoints}"/>`,
  ...more.map(([name, value]) => `${pad}  <property${attrs({ name, value })}/>`),
  `${pad}</properties>`,
];

/** The provenance as property pairs, the optional ones only when known. */
function provenanceProperties(p: ReportProvenance | undefined): [string, string | number][] {
  if (!p) return [];
  const out: [string, string | number][] = [];
  if (p.student !== undefined) out.push(["student", p.student]);
  out.push(["submissionHash", p.submissionHash]);
  if (p.submissionCommit !== undefined) out.push(["submissionCommit", p.submissionCommit]);
  out.push(["graderVersion", p.grader.version]);
  if (p.grader.commit !== undefined) out.push(["graderCommit", p.grader.commit]);
  out.push(["seed", p.seed], ["timeoutMs", p.timeoutMs], ["startedAt", p.startedAt], ["durationMs", p.durationMs]);
  return out;
}

function testcase(suite: string, t: TestResult): string[] {
  const open = `    <testcase${attrs({ classname: suite, name: t.name })}>`;
  const body = properties("      ", t.points, t.maxPoints);
  if (!t.passed) {
    const first = t.message.split("\n")[0] ?? "";
    const type = t.status === "failed" ? "AssertionError" : t.status;
    const m = t.misconception;
    const message = m ? `known mistake: ${m.title} — ${first}` : first;
    const text = m ? `${t.message}\n\nknown mistake: ${m.title} (${m.id}); read notebooks/${m.notebook}` : t.message;
    if (m) body.splice(body.length - 1, 0, `        <property name="misconception" value="${xmlEscape(m.id)}"/>`);
    body.push(`      <failure${attrs({ message, type })}>${xmlEscape(text)}</failure>`);
  }
  return [open, ...body, "    </testcase>"];
}

/** The whole report as a JUnit XML document. */
export function toJunitXml(report: GradeReport): string {
  const count = (pred: (t: TestResult) => boolean): number => report.exercises.reduce((n, e) => n + e.tests.filter(pred).length, 0);
  const errored = report.exercises.filter((e) => e.error !== undefined).length;
  const p = report.provenance;
  const who = p?.student !== undefined ? `${p.student}: ` : "";
  const suites: Record<string, string | number> = { name: `aider-workbench exercises (${who}${report.target})`, tests: count(() => true) + errored, failures: count((t) => !t.passed), errors: errored };
  if (p) Object.assign(suites, { timestamp: p.startedAt.replace(/\.\d+Z$/, "Z"), time: (p.durationMs / 1000).toFixed(3) });
  const about = provenanceProperties(p);
  const lines = [`<?xml version="1.0" encoding="UTF-8"?>`, `<testsuites${attrs(suites)}>`];
  for (const e of report.exercises) {
    const failures = e.tests.filter((t) => !t.passed).length;
    const errors = e.error !== undefined ? 1 : 0;
    lines.push(`  <testsuite${attrs({ name: e.id, tests: e.tests.length + errors, failures, errors })}>`);
    lines.push(...properties("    ", e.points, e.maxPoints, about));
    for (const t of e.tests) lines.push(...testcase(e.id, t));
    if (e.error !== undefined) {
      lines.push(`    <testcase${attrs({ classname: e.id, name: "(the graded tests)" })}>`);
      lines.push(`      <error${attrs({ message: e.error, type: "GradingError" })}>${xmlEscape(e.error)}</error>`);
      lines.push("    </testcase>");
    }
    lines.push("  </testsuite>");
  }
  lines.push("</testsuites>");
  return lines.join("\n") + "\n";
}
