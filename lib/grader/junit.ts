/**
 * The grade as JUnit XML for classroom tools and CI dashboards: one `<testsuite>` per exercise, one `<testcase>`
 * per graded test, a `<failure>` with the message for each failed one, and the points as `<properties>`
 * (`points`, `maxPoints`) on every suite and case, since JUnit itself has no notion of points. A failure that
 * matches a known mistake (lib/misconceptions) carries its title in the message and its id as a property.
 */
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

const properties = (pad: string, points: number, maxPoints: number): string[] => [
  `${pad}<properties>`,
  `${pad}  <property name="points" value="${points}"/>`,
  `${pad}  <property name="maxPoints" value="${maxPoints}"/>`,
  `${pad}</properties>`,
];

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
  const suites = { name: `aider-workbench exercises (${report.target})`, tests: count(() => true) + errored, failures: count((t) => !t.passed), errors: errored };
  const lines = [`<?xml version="1.0" encoding="UTF-8"?>`, `<testsuites${attrs(suites)}>`];
  for (const e of report.exercises) {
    const failures = e.tests.filter((t) => !t.passed).length;
    const errors = e.error !== undefined ? 1 : 0;
    lines.push(`  <testsuite${attrs({ name: e.id, tests: e.tests.length + errors, failures, errors })}>`);
    lines.push(...properties("    ", e.points, e.maxPoints));
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
