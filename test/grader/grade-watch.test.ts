/**
 * The student's loop, end to end in a throwaway checkout: grade the untouched stub (progress recorded, the first
 * failing test's hint shown), keep `grade --watch` running, save a finished file the way vim does (a new file
 * renamed over the old one) and see it graded again as done, then put the stub back with a plain write and see
 * a third grade. (Every way of saving is tested on the watcher itself in watch.test.ts.)
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
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
  it("records progress (a stub's hint shown, not recorded); --watch grades again after a rename-save and a plain save; Ctrl-C ends with the last grade's status", { timeout: 400_000 }, async () => {
    const root = fakeCheckout({ "05-commit-plan": "stub" });
    const progress = (): Record<string, { hintsSeen: number[]; failing?: string[]; done: boolean; lastPoints: number; bestPoints: number }> =>
      (JSON.parse(readFileSync(join(root, ".workbench", "progress.json"), "utf8")) as { exercises: never }).exercises;

    const first = await runCli(["grade", "05", "--root", root]);
    expect(first.code).toBe(1);
    expect(first.out).toMatch(/05-commit-plan\s+0\/7\s+0\/10\s+not started/);
    expect(first.out).toMatch(/Hint 1 of 3 — Sets first \(for ✗ the seed's example: /);
    expect(progress()["05-commit-plan"], "an untouched stub's hint is shown, not recorded").toMatchObject({ hintsSeen: [], done: false, lastPoints: 0 });
    expect(progress()["05-commit-plan"]!.failing).toHaveLength(7);

    const child = startCli(["grade", "05", "--root", root, "--watch"]);
    let out = "";
    let err = "";
    child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
    const exited = new Promise<number | null>((done) => child.on("close", (code) => done(code)));
    try {
      await waitFor(() => err, /watching .* save a file to grade it again/, 90_000);
      expect(out).toMatch(/0\/10\s+not started/);
      const file = join(root, "exercises", "05-commit-plan", "commit-plan.ts");
      const stub = readFileSync(file, "utf8");
      const solution = readFileSync(join(ROOT, "solutions", "05-commit-plan", "commit-plan.ts"), "utf8");
      // vim's way: the new text goes to another file, which is renamed over the old one (a new inode).
      writeFileSync(`${file}.new`, solution);
      renameSync(`${file}.new`, file);
      await waitFor(() => out, /05-commit-plan\s+7\/7\s+10\/10\s+done/, 120_000);
      expect(err).toContain("grade: 05-commit-plan changed");
      writeFileSync(file, stub);
      await waitFor(() => out, /10\/10\s+done[\s\S]*0\/10\s+not started \(was done before\)/, 120_000);
      expect(err.match(/grade: 05-commit-plan changed/g)).toHaveLength(2);
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited, "the last grade misses points").toBe(1);
    expect(progress()["05-commit-plan"]).toMatchObject({ hintsSeen: [], done: true, lastPoints: 0, bestPoints: 10 });
  });
});
