/**
 * The golden vector files (test/fixtures/golden/, and lib/grader/judge/golden/ for those the grader reads) for the conformance suites' mirrors: a fresh parsed copy per
 * call (a test may corrupt its copy), and the one failure a corrupted copy must produce.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { runSuite, type CaseOutcome, type ConformanceSuite, type SuiteReport } from "../../lib/conformance/suite.js";

/** One case of a vector file, as JSON.parse gives it. */
export type VectorCase = Record<string, unknown>;

/** The golden vector files the grader reads while grading live with the judge, not with the tests' fixtures. */
export const JUDGE_GOLDEN = join(__dirname, "..", "..", "lib", "grader", "judge", "golden");
export const GOLDEN = join(__dirname, "..", "fixtures", "golden");

/** The path of `<name>.json`: in test/fixtures/golden/, or lib/grader/judge/golden/ for the two the grader reads. */
export const goldenPath = (name: string): string => (existsSync(join(JUDGE_GOLDEN, `${name}.json`)) ? join(JUDGE_GOLDEN, `${name}.json`) : join(GOLDEN, `${name}.json`));

/** A fresh parsed copy of the golden file `<name>.json` (`goldenPath`). */
export function loadGolden<T = Record<string, VectorCase[]>>(name: string): T {
  return JSON.parse(readFileSync(goldenPath(name), "utf8")) as T;
}

/** The report's only failed outcome, which must be the case `id`. */
export function onlyFailure(report: SuiteReport, id: string): CaseOutcome {
  const failed = report.outcomes.filter((o) => !o.passed);
  expect(failed.map((o) => o.id)).toEqual([id]);
  expect(report.failed).toBe(1);
  return failed[0]!;
}

/** Renames every case of each list to `renamed-<list>-<i>`: a suite's verdicts must not depend on ids. */
export function renameIds(lists: readonly unknown[]): void {
  lists.forEach((list, l) => (list as VectorCase[]).forEach((c, i) => (c.id = `renamed-${l}-${i}`)));
}

/** An edit-format vector case: `{id, category, function, input, expected, error}`. */
export type FunctionCase = VectorCase & { id: string; function: string; input: Record<string, unknown>; expected: unknown; error: unknown };

/**
 * Corrupts the first case of every function in `cases` (its first expected field, or else its error) and returns
 * their ids: a suite must then fail exactly those.
 */
export function corruptFirstOfEachFunction(cases: FunctionCase[]): string[] {
  const firsts = new Map<string, FunctionCase>();
  for (const c of cases) if (!firsts.has(c.function)) firsts.set(c.function, c);
  for (const c of firsts.values()) {
    if (c.error === null && c.expected !== null && typeof c.expected === "object" && !Array.isArray(c.expected)) {
      const e = c.expected as Record<string, unknown>;
      e[Object.keys(e)[0]!] = ["corrupted"];
    } else c.error = { type: "ValueError", message: "corrupted" };
  }
  return [...firsts.values()].map((c) => c.id);
}

/** The largest `metrics.maxRelDiff` of a report's outcomes (0 when none has one). */
export const maxRelDiff = (outcomes: readonly CaseOutcome[]): number => Math.max(0, ...outcomes.map((o) => o.metrics?.maxRelDiff ?? 0));

/**
 * The two tests every suite's mirror opens with: each of the file's `count` cases passes (so a suite that silently
 * skips cases fails), and renaming the ids of the case lists `lists` picks changes no verdict.
 */
export function itPassesEveryCase<F>(suite: ConformanceSuite, load: () => F, count: number, lists: (file: F) => unknown[]): void {
  it(`every case passes (${count})`, async () => {
    const file = load();
    expect(lists(file).reduce<number>((n, l) => n + (l as unknown[]).length, 0)).toBe(count);
    const report = await runSuite(suite, file);
    expect(report.outcomes.filter((o) => !o.passed)).toEqual([]);
    expect(report.passed).toBe(count);
  });

  it("ids play no part in the result", async () => {
    const file = load();
    renameIds(lists(file));
    expect((await runSuite(suite, file)).failed).toBe(0);
  });
}

/** An edit-format suite catches a changed expectation in the first case of each of its (at least `atLeast`) functions. */
export function itCatchesEveryFunction(suite: ConformanceSuite, load: () => { cases: FunctionCase[] }, atLeast: number): void {
  it("a changed expectation in any function's case is caught, and nothing else fails", async () => {
    const file = load();
    const corrupted = corruptFirstOfEachFunction(file.cases);
    expect(corrupted.length).toBeGreaterThanOrEqual(atLeast);
    const report = await runSuite(suite, file);
    expect(report.failed).toBe(corrupted.length);
    expect(new Set(report.outcomes.filter((o) => !o.passed).map((o) => o.id))).toEqual(new Set(corrupted));
  });
}
