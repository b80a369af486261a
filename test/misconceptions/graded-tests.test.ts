/**
 * Issue 15, item 5: every catalogued misconception is caught by a graded test and named there, and the right
 * answer never matches one — checked on the graded tests themselves, not on inputs chosen for this test.
 *
 * One plain-vitest run of test/exercises/ in catalogue mode (lib/grader/judge/grading.ts, `WORKBENCH_CATALOGUE_LOG`)
 * runs each graded test against the reference solution and again once per misconception of its exercise, with
 * that one function replaced by the catalogue's variant (lib's code, in the judge; the rest is the solution in the
 * sandbox). Because only that function differs, a test that fails against the variant is one on whose inputs the
 * variant's outputs differ from the right function's; the matcher must then name the variant. 41 variants without
 * 41 grades; test/grader/grade-misconceptions.test.ts grades submissions end to end, at least one per exercise.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { MISCONCEPTIONS } from "../../lib/misconceptions/catalogue.js";
import type { VariantPair } from "../../lib/misconceptions/pairs.js";
import { childEnv, ROOT, SLOW } from "../grader/run-grade.js";

interface Run {
  test: string;
  variant: string | null;
  status: "passed" | "failed";
  named: string | null;
  message: string;
}

let runs: (Run & { exercise: string })[] = [];
let pairs: (VariantPair & { exercise: string })[] = [];

beforeAll(() => {
  const log = mkdtempSync(join(tmpdir(), "wb-catalogue-"));
  const r = spawnSync(process.execPath, ["node_modules/vitest/vitest.mjs", "run", "--config", "lib/grader/judge/vitest.config.ts", "--maxWorkers=1", "--testTimeout=120000"], {
    cwd: ROOT,
    env: { ...childEnv(), WORKBENCH_TARGET: "solutions", WORKBENCH_CATALOGUE_LOG: log, CI: "1" },
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`the catalogue run failed (exit ${r.status}):\n${r.stdout.slice(-3000)}\n${r.stderr.slice(-2000)}`);
  pairs = readdirSync(log)
    .filter((f) => f.endsWith(".pairs.json"))
    .flatMap((f) => (JSON.parse(readFileSync(join(log, f), "utf8")) as VariantPair[]).map((p) => ({ ...p, exercise: f.replace(/\.pairs\.json$/, "") })));
  runs = readdirSync(log).filter((f) => f.endsWith(".jsonl")).flatMap((f) =>
    readFileSync(join(log, f), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => ({ ...(JSON.parse(l) as Run), exercise: f.replace(/\.jsonl$/, "") })),
  );
}, 600_000);

describe("the catalogue against the graded tests", () => {
  it("ran every graded test of every exercise against the right answer and each variant", SLOW, () => {
    const exercises = new Set(MISCONCEPTIONS.map((m) => m.exercise));
    for (const e of exercises) expect(runs.some((r) => r.exercise === e && r.variant === null), e).toBe(true);
    for (const m of MISCONCEPTIONS) expect(runs.filter((r) => r.variant === m.id).length, m.id).toBe(runs.filter((r) => r.exercise === m.exercise && r.variant === null).length);
  });

  it("the right answer passes every graded test and is never named a misconception", SLOW, () => {
    const right = runs.filter((r) => r.variant === null);
    expect(right.filter((r) => r.status !== "passed").map((r) => `${r.exercise} / ${r.test}: ${r.message}`)).toEqual([]);
    expect(right.filter((r) => r.named !== null).map((r) => `${r.exercise} / ${r.test} named ${r.named}`)).toEqual([]);
  });

  it("each variant fails at least one graded test, and that test names it", SLOW, () => {
    const unnamed = MISCONCEPTIONS.filter((m) => !runs.some((r) => r.variant === m.id && r.status === "failed" && r.named === m.id)).map((m) => {
      const failed = runs.filter((r) => r.variant === m.id && r.status === "failed");
      return `${m.id}: ${failed.length === 0 ? "passes every graded test" : `fails ${failed.map((r) => `"${r.test}" (named ${r.named ?? "nothing"})`).join(", ")}`}`;
    });
    expect(unnamed).toEqual([]);
  });

  it("no variant is ever named for another: the diagnosis of each variant names itself or nothing", SLOW, () => {
    const wrong = runs.filter((r) => r.variant !== null && r.named !== null && r.named !== r.variant).map((r) => `${r.variant} named ${r.named} on "${r.test}"`);
    expect(wrong).toEqual([]);
  });

  it("every two variants of one function answer differently on some input of the graded tests", SLOW, () => {
    const fns = new Set(MISCONCEPTIONS.map((m) => `${m.exercise}/${m.fn}`));
    const expectedPairs = [...fns].reduce((n, key) => {
      const k = MISCONCEPTIONS.filter((m) => `${m.exercise}/${m.fn}` === key).length;
      return n + (k * (k - 1)) / 2;
    }, 0);
    expect(pairs.length, "one entry per pair of variants of the same function").toBe(expectedPairs);
    expect(pairs.filter((p) => !p.told).map((p) => `${p.exercise}: ${p.a} and ${p.b} (${p.fn}) agree on every graded input`)).toEqual([]);
  });
});
