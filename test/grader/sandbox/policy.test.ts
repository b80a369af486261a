/**
 * The import policy's check of the exercise's file itself (issue 14: a class's submissions): a file that is a
 * symbolic link is judged by where it really is, like every file it imports — a link to the reference solution
 * or out of the submission is refused; a link inside the submission is fine.
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bundleSubmission } from "../../../lib/grader/sandbox/policy.js";
import { ROOT } from "../run-grade.js";

const policyFor = (submissionDir: string) => ({ exerciseNumber: "05", libValues: [], root: ROOT, submissionDir });

describe("bundleSubmission: the exercise's file as a symbolic link", () => {
  const sub = mkdtempSync(join(tmpdir(), "wb-policy-"));
  mkdirSync(join(sub, "05-commit-plan"));

  it("refuses a link to the reference solution, naming it", async () => {
    const entry = join(sub, "05-commit-plan", "commit-plan.ts");
    symlinkSync(join(ROOT, "solutions", "05-commit-plan", "commit-plan.ts"), entry);
    const r = await bundleSubmission(entry, policyFor(sub));
    expect(r).toEqual({ ok: false, message: expect.stringMatching(/^exercise 05's file is a link to the reference solutions \(solutions\/05-commit-plan\/commit-plan\.ts\)/) });
  });

  it("refuses a link out of the submission, and a link to nowhere", async () => {
    const outside = mkdtempSync(join(tmpdir(), "wb-policy-out-"));
    writeFileSync(join(outside, "x.ts"), "export const x = 1;\n");
    const a = join(sub, "05-commit-plan", "a.ts");
    symlinkSync(join(outside, "x.ts"), a);
    expect(await bundleSubmission(a, policyFor(sub))).toEqual({ ok: false, message: "exercise 05's file is a link to a file outside your submission: put the file itself there" });
    const b = join(sub, "05-commit-plan", "b.ts");
    symlinkSync(join(outside, "gone.ts"), b);
    expect(await bundleSubmission(b, policyFor(sub))).toEqual({ ok: false, message: expect.stringContaining("cannot be read") });
  });

  it("accepts a link to another file of the submission", async () => {
    writeFileSync(join(sub, "real.ts"), "export const answer = 42;\n");
    const c = join(sub, "05-commit-plan", "c.ts");
    symlinkSync(join(sub, "real.ts"), c);
    const r = await bundleSubmission(c, policyFor(sub));
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.code).toContain("42");
  });
});
