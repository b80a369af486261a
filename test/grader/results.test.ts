import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { GradeRecord } from "../../lib/grader/protocol.js";
import { emptyProgress, exerciseResult, foldRound, gradeReport, STOP_MESSAGES } from "../../lib/grader/results.js";

const declare = (test: string, points = 1): GradeRecord => ({ type: "declare", test, points, kind: "example" });
const start = (test: string, pid = 7): GradeRecord => ({ type: "start", test, pid, t: 0 });
const end = (test: string, status: "passed" | "failed" = "passed", message = ""): GradeRecord => ({ type: "end", test, status, message, ms: 1 });
const loaded = (pid = 7): GradeRecord => ({ type: "loaded", pid });
const cutOff = (test: string): GradeRecord => ({ type: "cut-off", test, afterMs: 4000 });

describe("foldRound", () => {
  it("a round where every test ends needs no other round, and points follow the passes", () => {
    const p = emptyProgress();
    const r = foldRound(p, [declare("a", 2), declare("b", 3), start("a"), loaded(), end("a"), start("b"), end("b", "failed", "expected 1")], { limitMs: 3000 });
    expect(r.rerun).toBe(false);
    const e = exerciseResult({ id: "01-x", title: "X" }, p);
    expect(e.points).toBe(2);
    expect(e.maxPoints).toBe(5);
    expect(e.tests.map((t) => [t.name, t.status, t.message])).toEqual([["a", "passed", ""], ["b", "failed", "expected 1"]]);
  });

  it("a test cut off after the module loaded: the rest runs again; the next round's results complete it", () => {
    const p = emptyProgress();
    const decl = [declare("a"), declare("b"), declare("c")];
    expect(foldRound(p, [...decl, start("a"), loaded(), end("a"), start("b"), cutOff("b")], { limitMs: 3000 }).rerun).toBe(true);
    expect(foldRound(p, [...decl, start("c", 8), loaded(8), end("c")], { limitMs: 3000 }).rerun).toBe(false);
    const e = exerciseResult({ id: "01-x", title: "X" }, p);
    expect(e.tests.map((t) => t.status)).toEqual(["passed", "cut-off", "passed"]);
    expect(e.tests[1]!.message).toBe(STOP_MESSAGES.cutOff(4000, 3000, true));
  });

  it("cut off while the module was still loading: the rest is not run (it would hang the same way)", () => {
    const p = emptyProgress();
    expect(foldRound(p, [declare("a"), declare("b"), start("a"), cutOff("a")], { limitMs: 3000 }).rerun).toBe(false);
    const e = exerciseResult({ id: "01-x", title: "X" }, p);
    expect(e.tests.map((t) => t.status)).toEqual(["cut-off", "not-run"]);
    expect(e.tests[0]!.message).toMatch(/the grader.s own checks before your module was loaded were still running/);
  });

  it("a process that died mid-test: that test crashed, the rest runs again", () => {
    const p = emptyProgress();
    expect(foldRound(p, [declare("a"), declare("b"), start("a"), loaded()], { limitMs: 3000 }).rerun).toBe(true);
    expect(exerciseResult({ id: "01-x", title: "X" }, p).tests[0]!.status).toBe("crashed");
  });

  it("no progress at all (the file failed before any test): everything is closed as not run, with the reason", () => {
    const p = emptyProgress();
    expect(foldRound(p, [declare("a"), declare("b")], { limitMs: 3000, fileError: "SyntaxError in the test file" }).rerun).toBe(false);
    const e = exerciseResult({ id: "01-x", title: "X" }, p);
    expect(e.tests.map((t) => t.message)).toEqual(["not run: SyntaxError in the test file", "not run: SyntaxError in the test file"]);
  });

  it("property: every declared test ends with exactly one result, points within bounds, and rounds terminate", () => {
    // A simulated student: each test passes, fails, hangs (cut off) or kills its process.
    const outcome = fc.constantFrom("pass", "fail", "hang", "die");
    fc.assert(
      fc.property(fc.array(fc.tuple(outcome, fc.integer({ min: 1, max: 3 })), { minLength: 1, maxLength: 8 }), (tests) => {
        const names = tests.map((_, i) => `t${i}`);
        const decl = tests.map(([, pts], i) => declare(names[i]!, pts));
        const p = emptyProgress();
        let rounds = 0;
        for (let rerun = true; rerun; rounds++) {
          const recs: GradeRecord[] = [...decl, loaded()];
          for (let i = 0; i < tests.length; i++) {
            if (p.done.has(names[i]!)) continue;
            recs.push(start(names[i]!));
            const [o] = tests[i]!;
            if (o === "pass") recs.push(end(names[i]!));
            else if (o === "fail") recs.push(end(names[i]!, "failed", "no"));
            else {
              if (o === "hang") recs.push(cutOff(names[i]!));
              break; // the process is gone
            }
          }
          rerun = foldRound(p, recs, { limitMs: 3000 }).rerun;
          expect(rounds).toBeLessThanOrEqual(tests.length);
        }
        const e = exerciseResult({ id: "01-x", title: "X" }, p);
        expect(e.tests.map((t) => t.name)).toEqual(names);
        const expectedStatus = { pass: "passed", fail: "failed", hang: "cut-off", die: "crashed" } as const;
        expect(e.tests.map((t) => t.status)).toEqual(tests.map(([o]) => expectedStatus[o]));
        expect(e.points).toBe(tests.reduce((n, [o, pts]) => n + (o === "pass" ? pts : 0), 0));
        expect(gradeReport("x", [e]).maxPoints).toBe(tests.reduce((n, [, pts]) => n + pts, 0));
      }),
    );
  });
});
