/**
 * The student's loop, end to end in a throwaway checkout: grade the untouched stub (progress recorded, hint 1
 * shown), keep `grade --watch` running, save a finished file, and see it graded again as done.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, fakeCheckout, runCli, startCli } from "./run-grade.js";

/** Resolves once `read()` matches `pattern`, polling; rejects after `ms`. */
async function waitFor(read: () => string, pattern: RegExp, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!pattern.test(read())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${pattern} in:\n${read()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("grading the student's own exercises", () => {
  it("records progress and the hint shown; --watch grades again on save; Ctrl-C ends with the last grade's status", { timeout: 300_000 }, async () => {
    const root = fakeCheckout({ "05-commit-plan": "stub" });
    const progress = (): Record<string, { hintsShown: number; done: boolean; lastPoints: number }> =>
      (JSON.parse(readFileSync(join(root, ".workbench", "progress.json"), "utf8")) as { exercises: never }).exercises;

    const first = await runCli(["grade", "05", "--root", root]);
    expect(first.code).toBe(1);
    expect(first.out).toMatch(/05-commit-plan\s+0\/7\s+0\/10\s+not started/);
    expect(first.out).toContain("Hint 1 of 3 — Sets first");
    expect(progress()["05-commit-plan"]).toMatchObject({ hintsShown: 1, done: false, lastPoints: 0 });

    const child = startCli(["grade", "05", "--root", root, "--watch"]);
    let out = "";
    let err = "";
    child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
    const exited = new Promise<number | null>((done) => child.on("close", (code) => done(code)));
    try {
      await waitFor(() => err, /watching .* save a file to grade it again/, 90_000);
      expect(out).toMatch(/0\/10\s+not started/);
      const solution = readFileSync(join(ROOT, "solutions", "05-commit-plan", "commit-plan.ts"), "utf8");
      writeFileSync(join(root, "exercises", "05-commit-plan", "commit-plan.ts"), solution);
      await waitFor(() => out, /05-commit-plan\s+7\/7\s+10\/10\s+done/, 90_000);
      expect(err).toContain("grade: 05-commit-plan changed");
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
    expect(progress()["05-commit-plan"]).toMatchObject({ hintsShown: 1, done: true, lastPoints: 10 });
  });
});
