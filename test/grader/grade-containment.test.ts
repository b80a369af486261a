/**
 * The grader end to end on submissions that are not simply right or wrong, through the real command in a child
 * process: a half-done exercise gets partial points; code that loops forever, exits or never finishes loading is
 * stopped in its sandbox and the other exercises are still graded; reports and usage errors.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { GradeReport } from "../../lib/grader/results.js";
import { gradeWithReport as grade, ROOT, runCli, SLOW } from "./run-grade.js";

const FIXTURES = join(ROOT, "test", "fixtures", "exercises");


function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

const byId = (report: GradeReport, id: string) => report.exercises.find((e) => e.id === id)!;

describe("workbench grade: partial work and misbehaving code", () => {
  it("a half-done exercise gets partial points: the parts written pass, the stub parts fail", SLOW, async () => {
    const { code, out, report } = await grade(["01", "--target", join(FIXTURES, "half-done")]);
    const e = byId(report, "01-pagerank");
    expect(e.points).toBeGreaterThan(0);
    expect(e.points).toBeLessThan(e.maxPoints);
    for (const t of e.tests) {
      // parts 1 and 2 are written; every test of parts 3 and 4 stops at the stub
      const stubPart = /not implemented: (personalizedPageRank|massLostWithoutRedistribution)/.test(t.message);
      expect(t.passed !== stubPart, `${t.name}: ${t.message}`).toBe(true);
    }
    expect(out).toMatch(/01-pagerank\s+\d+\/8\s+\d+\/12\s+in progress/);
    // Hints follow the failure: the first failing test is part 3's, so its hint, not hint 1 (about part 1, which passes).
    expect(out).toMatch(/Hint 3 of 4 — [^\n]* \(for ✗ the seed's example: ranks and residual/);
    expect(out).not.toContain("Hint 1 of 4");
    expect(code).toBe(1);
  });

  it("an endless loop is cut off with a clear message; process.exit and a module that never loads fail only their tests; missing files are said to be missing; the other exercises are graded", SLOW, async () => {
    const { out, err, report } = await grade(["--target", join(FIXTURES, "misbehaving"), "--timeout", "2000"]);
    const pagerank = byId(report, "01-pagerank");
    const loops = pagerank.tests.filter((t) => t.status === "cut-off");
    expect(loops.map((t) => t.name)).toEqual([
      "the seed's example: ranks and residual after 50 iterations",
      "random graphs: the teaching model's ranks and residual, and the total mass stays 1",
    ]);
    for (const t of loops) expect(t.message).toMatch(/^cut off after \d+\.\d s: personalizedPageRank\(\) was still running when the 2\.0 s limit ran out \(an endless loop/);
    expect(pagerank.tests.filter((t) => t.status !== "cut-off").every((t) => t.passed), "the other parts of 01 still earn their points").toBe(true);
    expect(err, "a cut-off in the sandbox needs no second round of the judge").not.toMatch(/round 2/);

    const symbols = byId(report, "02-symbol-budget");
    const exits = symbols.tests.filter((t) => !t.passed);
    expect(exits.length).toBeGreaterThan(0);
    for (const t of exits) expect(t.message).toMatch(/^crashed: the sandbox process exited with code 3 while spreadToSymbols\(\) was running/);
    expect(symbols.points, "strictBudgetPrefix's tests still pass").toBeGreaterThan(0);
    expect(exits[0]!.output, "what the code printed before exiting is kept").toMatch(/^\[ 'A', 'B' \] Map\(2\) \{/);
    expect(out).toContain("      your code printed:\n        [ 'A', 'B' ] Map(2)");

    const stuck = byId(report, "04-search-replace");
    expect(stuck.points).toBe(0);
    expect(stuck.tests[0]!.status).toBe("cut-off");
    expect(stuck.tests[0]!.message).toMatch(/^cut off after \d+\.\d s: your module's top level was still running/);
    expect(stuck.tests.slice(1).every((t) => t.status === "not-run" && /loading your module was cut off in an earlier test/.test(t.message))).toBe(true);

    // the fixture has no 03, 06, 07 or 08: a submission without them gets 0 and says so, no stack trace
    for (const id of ["03-map-search", "06-trace-the-path", "07-token-estimate", "08-reflection-loop"]) {
      expect(byId(report, id).tests.every((t) => t.message.startsWith("there is nothing to grade: the graded folder has no " + id + "/")), id).toBe(true);
      expect(out).toMatch(new RegExp(`${id}\\s+0/\\d+\\s+0/\\d+\\s+no file`));
    }

    const plan = byId(report, "05-commit-plan");
    expect(plan.points).toBe(plan.maxPoints);
    expect(out).toMatch(/05-commit-plan\s+7\/7\s+10\/10\s+done/);
  });

  it("writes JUnit XML beside the JSON, and rejects a bad option with one line and exit 2", SLOW, async () => {
    const dir = tempDir("wb-junit-");
    const r = await runCli(["grade", "05", "--target", "solutions", "--junit", join(dir, "r.xml")]);
    expect(r.code).toBe(0);
    const xml = readFileSync(join(dir, "r.xml"), "utf8");
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="aider-workbench exercises \(solutions\)" tests="7" failures="0" errors="0"[^>]*>/);
    const bad = await runCli(["grade", "42"]);
    expect(bad.code).toBe(2);
    expect(bad.err.trim().split("\n")).toEqual([expect.stringMatching(/^grade: exercise must be one of 01-pagerank, .* \(got "42"\)$/)]);
  });
});
