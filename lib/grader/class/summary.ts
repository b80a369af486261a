/**
 * What the class got right and wrong, from the students' reports: the score distribution (share
 * of the maximum in tenths, 100 % its own bin), per exercise the mean, per graded test the share of the class
 * failing it, the most common failure messages (their first line) and the known mistakes the grader named
 * (the reports' `misconception` field, lib/grader/misconception.ts). Students, not tests, are counted: per exercise
 * who did not attempt it (every test stops at the stub) apart from who attempted it and got something wrong; a
 * stub's "not implemented" is not a failure message, and a known mistake counts the students who made it.
 * Pure: summary-render.ts draws it.
 */
import { isNotImplementedMessage } from "../stubs.js";
import { attempted } from "./feedback.js";
import type { ClassRow } from "./gradebook.js";

export interface ClassSummary {
  /** Rows in the gradebook. */
  students: number;
  /** Rows with a report. */
  graded: number;
  /** Rows without a report, and why. */
  notGraded: { id: string; problem: string }[];
  /** The largest maximum among the reports (they normally all have the same). */
  maxPoints: number;
  meanPoints: number;
  medianPoints: number;
  /** Eleven bins: 0–9 %, 10–19 %, …, 90–99 %, 100 %. */
  distribution: { label: string; count: number }[];
  /** `notAttempted`: students whose every test stops at the stub; `attemptedWrong`: attempted, not full marks. */
  exercises: { id: string; title: string; meanPoints: number; maxPoints: number; fullMarks: number; notAttempted: number; attemptedWrong: number; of: number }[];
  /** Sorted by the share failing, highest first; `of` counts the students who attempted the function the test calls. */
  tests: { exercise: string; name: string; maxPoints: number; failing: number; of: number }[];
  /** `count`: failed tests with this message over the class; `students`: how many students got it. */
  messages: { message: string; count: number; students: number; tests: string[] }[];
  /** `count`: the students who made the mistake (in any number of tests). */
  misconceptions: { id: string; title: string; notebook: string; count: number; tests: string[] }[];
}

export const SUMMARY_DEFAULTS = Object.freeze({ topMessages: 10, messageLength: 200 });

/** The summary of `rows`. */
export function classSummary(rows: readonly ClassRow[]): ClassSummary {
  const graded = rows.filter((r) => r.report !== undefined);
  const reports = graded.map((r) => r.report!);
  const maxPoints = Math.max(0, ...reports.map((r) => r.maxPoints));
  const totals = reports.map((r) => r.points).sort((a, b) => a - b);
  const bins = Array.from({ length: 11 }, (_, i) => ({ label: i === 10 ? "100 %" : `${i * 10}–${i * 10 + 9} %`, count: 0 }));
  for (const r of reports) {
    const share = r.maxPoints > 0 ? r.points / r.maxPoints : 0;
    bins[share >= 1 ? 10 : Math.min(9, Math.floor(share * 10))]!.count++;
  }
  const exercises = new Map<string, ClassSummary["exercises"][number] & { sum: number }>();
  const tests = new Map<string, ClassSummary["tests"][number]>();
  const messages = new Map<string, { count: number; students: Set<string>; tests: Set<string> }>();
  const named = new Map<string, { title: string; notebook: string; count: number; students: Set<string>; tests: Set<string> }>();
  for (const [i, r] of reports.entries()) {
    const student = graded[i]!.id;
    for (const e of r.exercises) {
      const ex = exercises.get(e.id) ?? { id: e.id, title: e.title, meanPoints: 0, maxPoints: e.maxPoints, fullMarks: 0, notAttempted: 0, attemptedWrong: 0, of: 0, sum: 0 };
      ex.of++;
      ex.sum += e.points;
      ex.maxPoints = Math.max(ex.maxPoints, e.maxPoints);
      const full = e.maxPoints > 0 && e.points === e.maxPoints;
      if (full) ex.fullMarks++;
      else if (!attempted(e)) ex.notAttempted++;
      else ex.attemptedWrong++;
      exercises.set(e.id, ex);
      for (const t of e.tests) {
        const key = `${e.id}\u0000${t.name}`;
        const test = tests.get(key) ?? { exercise: e.id, name: t.name, maxPoints: t.maxPoints, failing: 0, of: 0 };
        tests.set(key, test);
        if (!t.passed && isNotImplementedMessage(t.message)) continue; // not attempted: not in the test's share
        test.of++;
        if (!t.passed) {
          test.failing++;
          const first = firstLine(t.message);
          const m = messages.get(first) ?? { count: 0, students: new Set<string>(), tests: new Set<string>() };
          m.count++;
          m.students.add(student);
          m.tests.add(`${e.id.slice(0, 2)} ${t.name}`);
          messages.set(first, m);
          if (t.misconception) {
            const k = named.get(t.misconception.id) ?? { title: t.misconception.title, notebook: t.misconception.notebook, count: 0, students: new Set<string>(), tests: new Set<string>() };
            k.students.add(student);
            k.count = k.students.size;
            k.tests.add(`${e.id.slice(0, 2)} ${t.name}`);
            named.set(t.misconception.id, k);
          }
        }
        tests.set(key, test);
      }
    }
  }
  const byCount = <T extends { count: number }>(a: [string, T], b: [string, T]): number => b[1].count - a[1].count || (a[0] < b[0] ? -1 : 1);
  return {
    students: rows.length,
    graded: graded.length,
    notGraded: rows.filter((r) => r.report === undefined).map((r) => ({ id: r.id, problem: r.problem ?? "not graded" })),
    maxPoints,
    meanPoints: totals.length ? totals.reduce((a, b) => a + b, 0) / totals.length : 0,
    medianPoints: totals.length ? (totals[(totals.length - 1) >> 1]! + totals[totals.length >> 1]!) / 2 : 0,
    distribution: bins,
    exercises: [...exercises.values()].sort((a, b) => (a.id < b.id ? -1 : 1)).map(({ sum, ...e }) => ({ ...e, meanPoints: e.of ? sum / e.of : 0 })),
    tests: [...tests.values()].sort((a, b) => share(b) - share(a) || (a.exercise + a.name < b.exercise + b.name ? -1 : 1)),
    messages: [...messages.entries()].sort(byCount).slice(0, SUMMARY_DEFAULTS.topMessages).map(([message, m]) => ({ message, count: m.count, students: m.students.size, tests: [...m.tests].sort() })),
    misconceptions: [...named.entries()].sort(byCount).map(([id, k]) => ({ id, title: k.title, notebook: k.notebook, count: k.count, tests: [...k.tests].sort() })),
  };
}

const share = (t: { failing: number; of: number }): number => (t.of ? t.failing / t.of : 0);

function firstLine(message: string): string {
  const line = message.split("\n").find((l) => l.trim() !== "")?.trim() ?? "(no message)";
  return line.length > SUMMARY_DEFAULTS.messageLength ? `${line.slice(0, SUMMARY_DEFAULTS.messageLength - 1)}…` : line;
}
