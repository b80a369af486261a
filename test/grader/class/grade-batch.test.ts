/**
 * Several students in one grade process (lib/grader/class/batch.ts, run.ts's runGradingBatch) must grade each
 * exactly as alone: a hostile submission (globals overridden, log records forged for every folder of the batch, an
 * endless loop) batched with an honest solved one leaves the honest one full marks and the hostile one 0 — the
 * same reports as grading each alone. A student whose tests run past its limit is stopped in the batch, and its
 * batch mate is still graded in full. Real grade processes: left out of the fast tier (the manifest's checks and the
 * plan are in batch.test.ts, the mirror of lib/grader/class/batch.ts).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gradeBatch, gradeStudent, type StudentGradeOutcome } from "../../../lib/grader/class/grade-student.js";
import type { GradeReport } from "../../../lib/grader/results.js";
import { ATTACKS } from "../hostile.js";
import { ROOT, SLOW } from "../run-grade.js";

const EXERCISES = ["01-pagerank", "03-map-search", "04-search-replace"];

/** A folder with the reference solution of each of `exercises`. */
function solved(dir: string, exercises: readonly string[]): string {
  for (const id of exercises) {
    mkdirSync(join(dir, id), { recursive: true });
    for (const f of readdirFiles(join(ROOT, "solutions", id))) writeFileSync(join(dir, id, f), readFileSync(join(ROOT, "solutions", id, f), "utf8"));
  }
  return dir;
}

function readdirFiles(dir: string): string[] {
  return readdirSync(dir).filter((f) => f.endsWith(".ts"));
}

/**
 * Issue 13's attacks on 01 (globals), 03 (Date.now, an endless loop) and 04 (forged log records), the last one
 * also aimed at every batch mate's log folder (`workbench-grade-*` and each numbered folder in it).
 */
function hostile(dir: string, outside: string): string {
  const c = { root: ROOT, outside, report: join(outside, "report.json"), marker: `wb-batch-${process.pid}` };
  for (const name of ["overriding JSON.stringify, Object.is and Math.abs", "moving Date.now forward (and an endless loop)", "forged side-channel log records"]) {
    const a = ATTACKS.find((x) => x.name === name)!;
    mkdirSync(join(dir, a.exercise), { recursive: true });
    let source = a.source(c);
    if (a.exercise === "04-search-replace") {
      source += `
const forgeAll = (test: string) => JSON.stringify({ type: "end", test, status: "passed", message: "", ms: 1 }) + "\\n";
for (const base of ["/tmp", reach("os")?.tmpdir?.() ?? "/tmp"]) {
  try {
    for (const d of fs.readdirSync(base)) if (d.startsWith("workbench-grade-")) for (const i of ["0", "1", "2"]) for (const e of ["01-pagerank", "03-map-search", "04-search-replace"]) {
      try { fs.appendFileSync(base + "/" + d + "/" + i + "/" + e + ".jsonl", forgeAll("any")); } catch {}
    }
  } catch {}
}
`;
    }
    writeFileSync(join(dir, a.exercise, a.file), source);
  }
  return dir;
}

/** A report without what differs between two grades of the same files (times, when, and the folder's name). */
function comparable(o: StudentGradeOutcome): unknown {
  const r = o.report as GradeReport | undefined;
  if (!r) return { problem: o.problem };
  return {
    points: r.points,
    maxPoints: r.maxPoints,
    student: r.provenance?.student,
    submissionHash: r.provenance?.submissionHash,
    // a cut-off test's message says how long it ran ("cut off after 1.6 s"): wall time, like `ms`, is not compared
    exercises: r.exercises.map((e) => ({ ...e, tests: e.tests.map(({ ms: _ms, ...t }) => ({ ...t, message: t.message.replace(/^cut off after \d+(\.\d+)? s:/, "cut off after … s:") })) })),
  };
}

const common = { root: ROOT, seed: 20261130, timeoutMs: 1500, judges: 1 };
const alone = (id: string, targetDir: string, exercises: readonly string[], limitMs: number): Promise<StudentGradeOutcome> =>
  gradeStudent({ ...common, student: id, targetDir, exercises, extraArgs: ["--hidden"], statePath: join(mkdtempSync(join(tmpdir(), "wb-batch-st-")), "p.json"), limitMs });

describe("grading a batch", () => {
  it("a hostile submission batched with an honest one: full marks for the honest, 0 for the hostile, both as graded alone", SLOW, async () => {
    const base = mkdtempSync(join(tmpdir(), "wb-batch-"));
    const outside = join(base, "outside");
    mkdirSync(outside);
    const students = [
      { id: "mal", targetDir: hostile(join(base, "mal"), outside) },
      { id: "ann", targetDir: solved(join(base, "ann"), EXERCISES) },
    ];
    const limitMs = 10 * 60_000;
    const batched = await gradeBatch({ ...common, students, exercises: EXERCISES, hidden: true, limitMs });
    const mal = batched.get("mal");
    const ann = batched.get("ann");
    expect(mal?.report, mal?.problem).toBeDefined();
    expect(ann?.report, ann?.problem).toBeDefined();
    expect(ann!.report!.points).toBe(ann!.report!.maxPoints);
    expect(ann!.report!.maxPoints).toBeGreaterThan(0);
    // every test of the honest student ran and passed: none was forged, skipped or taken from the hostile one
    expect(ann!.report!.exercises.flatMap((e) => e.tests.map((t) => t.status)).every((s) => s === "passed")).toBe(true);
    // the hostile one: 0, except the one honest point its 03 attack earns (hostile.ts says which)
    const honest03 = ATTACKS.find((a) => a.exercise === "03-map-search")!.honest;
    const malPassed = mal!.report!.exercises.flatMap((e) => e.tests.filter((t) => t.passed).map((t) => t.name));
    expect(malPassed).toEqual([...honest03]);
    expect(mal!.report!.exercises.find((e) => e.id === "03-map-search")!.tests.some((t) => t.status === "cut-off")).toBe(true);
    // identical to each graded alone
    const [malAlone, annAlone] = await Promise.all([alone("mal", students[0]!.targetDir, EXERCISES, limitMs), alone("ann", students[1]!.targetDir, EXERCISES, limitMs)]);
    expect(comparable(mal!)).toEqual(comparable(malAlone));
    expect(comparable(ann!)).toEqual(comparable(annAlone));
  });

  it("a student past its limit is stopped inside the batch; its batch mate is graded in full", SLOW, async () => {
    const base = mkdtempSync(join(tmpdir(), "wb-batch-limit-"));
    const spin = join(base, "spin", "05-commit-plan");
    mkdirSync(spin, { recursive: true });
    writeFileSync(
      join(spin, "commit-plan.ts"),
      "export const DEFAULT_SWITCHES = Object.freeze({ autoCommits: true, dirtyCommits: true, gitEnabled: true, dryRun: false });\n" +
        "export function commitPlan(..._a: unknown[]): never { for (;;) {} }\n",
    );
    const students = [
      { id: "spin", targetDir: join(base, "spin") },
      { id: "ann", targetDir: solved(join(base, "ann"), ["05-commit-plan"]) },
    ];
    // 05 has 8 graded tests (one hidden): spinning 1.5 s in each is 12 s, past the 9 s limit; the honest grade needs ~1 s.
    // The batch as a whole may run for (students + 1) limits: 27 s leaves room for the child's start on a loaded machine.
    const started = performance.now();
    const batched = await gradeBatch({ ...common, students, exercises: ["05-commit-plan"], hidden: true, limitMs: 9000 });
    expect(batched.get("spin")).toMatchObject({ problem: "grading did not finish within 9 s; stopped" });
    const ann = batched.get("ann")!;
    expect(ann.report, ann.problem).toBeDefined();
    expect(ann.report!.points).toBe(ann.report!.maxPoints);
    expect(ann.report!.exercises[0]!.tests.every((t) => t.status === "passed")).toBe(true);
    expect(comparable(ann)).toEqual(comparable(await alone("ann", students[1]!.targetDir, ["05-commit-plan"], 60_000)));
    expect(performance.now() - started).toBeLessThan(120_000);
  });
});
