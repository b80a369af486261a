/**
 * Hidden graded tests (test/exercises/hidden/, issue 14) through the real command: they run only with --hidden,
 * in the exercise's own judge process, are marked hidden in the report, and score like any other test — full on
 * the reference solution, nothing on the stub.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listExercises, pristineStub } from "../../lib/grader/catalog.js";
import { gradeWithReport as grade, ROOT, SLOW } from "./run-grade.js";

const WITH_HIDDEN = listExercises(ROOT).filter((e) => existsSync(e.hiddenFile));

describe("hidden graded tests", () => {
  it("exist for at least one exercise, and every graded test file calls ex.hiddenTests() last", () => {
    expect(WITH_HIDDEN.map((e) => e.id)).toContain("05-commit-plan");
    for (const f of readdirSync(join(ROOT, "test", "exercises")).filter((f) => f.endsWith(".test.ts"))) {
      expect(readFileSync(join(ROOT, "test", "exercises", f), "utf8").trimEnd().endsWith("await ex.hiddenTests();"), f).toBe(true);
    }
  });

  it("run only with --hidden: the solution scores them in full, marked hidden; without the flag they are not there", SLOW, async () => {
    const plain = (await grade(["05", "--target", "solutions"])).report.exercises[0]!;
    const { code, report } = await grade(["05", "--target", "solutions", "--hidden"]);
    const withHidden = report.exercises[0]!;
    const hidden = withHidden.tests.filter((t) => t.hidden === true);
    expect(plain.tests.some((t) => t.hidden)).toBe(false);
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.every((t) => t.passed)).toBe(true);
    expect(withHidden.tests.length).toBe(plain.tests.length + hidden.length);
    expect(withHidden.maxPoints).toBe(plain.maxPoints + hidden.reduce((a, t) => a + t.maxPoints, 0));
    expect(withHidden.points).toBe(withHidden.maxPoints);
    expect(code).toBe(0);
  });

  it("the stub scores nothing on them, failing at its not implemented", SLOW, async () => {
    const dir = mkdtempSync(join(tmpdir(), "wb-hidden-"));
    const e05 = WITH_HIDDEN.find((e) => e.id === "05-commit-plan")!;
    mkdirSync(join(dir, e05.id));
    for (const f of e05.files) writeFileSync(join(dir, e05.id, f), pristineStub(ROOT, e05, f));
    const { report } = await grade(["05", "--target", dir, "--hidden"]);
    const hidden = report.exercises[0]!.tests.filter((t) => t.hidden === true);
    expect(hidden.length).toBeGreaterThan(0);
    for (const t of hidden) {
      expect(t.points).toBe(0);
      expect(t.message).toMatch(/not implemented: commitPlan/);
    }
  });
});
