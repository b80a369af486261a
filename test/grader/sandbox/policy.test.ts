/**
 * The import policy's check of the exercise's file itself (issue 14: a class's submissions): a file that is a
 * symbolic link is judged by where it really is, like every file it imports — a link to the reference solution
 * or out of the submission is refused; a link inside the submission is fine.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { HASH_SKIPPED, submissionHash } from "../../../lib/grader/provenance.js";
import { bundleSubmission, ungradableFile } from "../../../lib/grader/sandbox/policy.js";
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

describe("bundleSubmission: only what the submission hash covers can be imported", () => {
  it("refuses an import from node_modules/, .git/ or .workbench/ at any depth, by path or through a link", async () => {
    for (const skipped of HASH_SKIPPED) {
      const sub = mkdtempSync(join(tmpdir(), "wb-policy-skip-"));
      mkdirSync(join(sub, "05-commit-plan", "deep", skipped, "helper"), { recursive: true });
      writeFileSync(join(sub, "05-commit-plan", "deep", skipped, "helper", "index.ts"), "export const answer = 12;\n");
      const entry = join(sub, "05-commit-plan", "commit-plan.ts");
      writeFileSync(entry, `export { answer } from "./deep/${skipped}/helper/index.js";\n`);
      const r = await bundleSubmission(entry, policyFor(sub));
      expect(r, skipped).toEqual({ ok: false, message: `exercise 05 may not import ./deep/${skipped}/helper/index.js: 05-commit-plan/deep/${skipped}/helper/index.ts is under a ${skipped}/ folder, which is tooling, not graded code: put the file beside your exercise` });
      // the swap the refusal prevents: that folder's content never reaches the hash
      const before = submissionHash(sub);
      writeFileSync(join(sub, "05-commit-plan", "deep", skipped, "helper", "index.ts"), "export const answer = 0;\n");
      expect(submissionHash(sub)).toBe(before);
      // a link whose real file is in there is judged by where it really is
      const linked = join(sub, "05-commit-plan", "via-link.ts");
      symlinkSync(join(sub, "05-commit-plan", "deep", skipped, "helper", "index.ts"), linked);
      writeFileSync(entry, `export { answer } from "./via-link.js";\n`);
      expect(await bundleSubmission(entry, policyFor(sub)), skipped).toEqual({ ok: false, message: expect.stringContaining(`is under a ${skipped}/ folder`) });
    }
  });

  it("still accepts files in any other folder, whose changes the hash sees", async () => {
    const sub = mkdtempSync(join(tmpdir(), "wb-policy-vendor-"));
    mkdirSync(join(sub, "05-commit-plan", "vendor"), { recursive: true });
    writeFileSync(join(sub, "05-commit-plan", "vendor", "helper.ts"), "export const answer = 12;\n");
    const entry = join(sub, "05-commit-plan", "commit-plan.ts");
    writeFileSync(entry, `export { answer } from "./vendor/helper.js";\n`);
    expect((await bundleSubmission(entry, policyFor(sub))).ok).toBe(true);
    const before = submissionHash(sub);
    writeFileSync(join(sub, "05-commit-plan", "vendor", "helper.ts"), "export const answer = 0;\n");
    expect(submissionHash(sub)).not.toBe(before);
  });
});

describe("bundleSubmission: special files", () => {
  it("refuses a FIFO as the exercise's file or as an import, naming it, without opening it", async () => {
    const sub = mkdtempSync(join(tmpdir(), "wb-policy-fifo-"));
    mkdirSync(join(sub, "05-commit-plan"));
    const fifo = join(sub, "05-commit-plan", "commit-plan.ts");
    execFileSync("mkfifo", [fifo]);
    // a build that opened the FIFO would block here until vitest's timeout
    expect(await bundleSubmission(fifo, policyFor(sub))).toEqual({ ok: false, message: "exercise 05's file cannot be graded: 05-commit-plan/commit-plan.ts is not a regular file (a FIFO)" });
    const entry = join(sub, "05-commit-plan", "other.ts");
    writeFileSync(entry, `export * from "./commit-plan.ts";\n`);
    expect(await bundleSubmission(entry, policyFor(sub))).toEqual({ ok: false, message: "exercise 05 may not import ./commit-plan.ts: 05-commit-plan/commit-plan.ts is not a regular file (a FIFO)" });
  });

  it("ungradableFile names a device and passes a regular file", () => {
    expect(ungradableFile("/", "/dev/null")).toBe("dev/null is not a regular file (a device)");
    const dir = mkdtempSync(join(tmpdir(), "wb-policy-regular-"));
    writeFileSync(join(dir, "a.ts"), "export {};\n");
    expect(ungradableFile(dir, join(dir, "a.ts"))).toBeNull();
  });
});
