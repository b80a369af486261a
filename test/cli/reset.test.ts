/** lib/cli/reset.ts: `workbench reset`, in a throwaway checkout (it never runs student code). */
import { execFileSync } from "node:child_process";
import { existsSync, lstatSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { backupDir } from "../../lib/cli/reset.js";
import { listExercises } from "../../lib/grader/catalog.js";
import { stubFromSolution } from "../../lib/grader/stubs.js";
import { fakeCheckout, ROOT } from "../grader/run-grade.js";
import { gradedWith, HINTS, progressOf, STUB, SWITCH } from "./exercise-progress.js";
import { cli } from "./run-cli.js";

describe("backupDir", () => {
  it("is .workbench/backups/<id>/<ISO time>, with ':' made '-' for file systems that refuse it", () => {
    expect(backupDir("/r", "05-commit-plan", new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6)))).toBe("/r/.workbench/backups/05-commit-plan/2026-01-02T03-04-05.006Z");
  });
});

describe("workbench reset", () => {
  it("reset, then hint, shows hint 1 again; the hints seen before are noted in the backup folder", async () => {
    const root = fakeCheckout({ "05-commit-plan": "solution" });
    gradedWith(root, [SWITCH]);
    await cli("hint", "05", "--root", root);
    await cli("hint", "05", "--root", root);
    const seen = progressOf(root).hintsSeen;
    expect(seen.length).toBe(2);
    const reset = await cli("reset", "05", "--root", root);
    expect(reset.code).toBe(0);
    const notePath = reset.out.match(/hints start over \(you had seen hints (\d, \d): noted in (\S+)\)/);
    expect(notePath?.[1]).toBe(seen.join(", "));
    expect(notePath![2]).toMatch(/^\.workbench\/backups\/05-commit-plan\/[^/]+\/hints-seen\.json$/);
    const note = JSON.parse(readFileSync(join(root, notePath![2]!), "utf8")) as { exercise: string; hintsSeen: number[]; titles: string[] };
    expect(note).toMatchObject({ exercise: "05-commit-plan", hintsSeen: seen, titles: seen.map((n) => HINTS[n - 1]!.title) });
    expect(progressOf(root)).toEqual({ hintsSeen: [], done: false, bestPoints: 0, lastPoints: 0, maxPoints: 10 });
    const after = await cli("hint", "05", "--root", root);
    expect(after.out).toContain(`Hint 1 of ${HINTS.length} — ${HINTS[0]!.title}`);
    expect(after.out).toContain("No grade of 05-commit-plan is recorded (never graded, or reset since)");
  });

  it("restores the stub and keeps the student's file as a backup; a second reset has nothing to back up", async () => {
    const root = fakeCheckout({ "05-commit-plan": "stub" });
    const file = join(root, "exercises", "05-commit-plan", "commit-plan.ts");
    writeFileSync(file, "// my attempt\n");
    const r = await cli("reset", "05", "--root", root);
    expect(r.code).toBe(0);
    expect(readFileSync(file, "utf8")).toBe(STUB);
    const saved = r.out.match(/saved as (\S+)/)![1]!;
    expect(readFileSync(join(root, saved), "utf8")).toBe("// my attempt\n");
    expect(saved).toMatch(/^\.workbench\/backups\/05-commit-plan\/\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z\/commit-plan\.ts$/);
    const twice = await cli("reset", "05", "--root", root);
    expect(twice.out).toBe("exercises/05-commit-plan/commit-plan.ts: already the stub\n");
    expect(readdirSync(join(root, ".workbench", "backups", "05-commit-plan"))).toHaveLength(1);
  });

  it("starts progress over, hints included (--hints is no longer needed, and says so); refuses to guess what to reset", async () => {
    const root = fakeCheckout({ "05-commit-plan": "solution" });
    await cli("hint", "05", "--root", root);
    expect(progressOf(root)).toMatchObject({ hintsSeen: [1], done: false });
    await cli("reset", "05", "--root", root);
    expect(progressOf(root).hintsSeen).toEqual([]);
    const old = await cli("reset", "05", "--hints", "--root", root);
    expect(old.code).toBe(0);
    expect(old.err).toBe("reset: --hints is no longer needed: reset always starts the hints over\n");
    expect((await cli("reset", "--root", root)).code).toBe(2);
    expect((await cli("reset", "05", "--all", "--root", root)).err).toBe("reset: give exercise names or --all, not both\n");
    expect(existsSync(join(root, "exercises", "01-pagerank"))).toBe(false);
  });
});

describe("workbench reset --all, and a missing README", () => {
  it("--all puts every exercise's stub in place, with nothing to back up where there was no file", async () => {
    const root = fakeCheckout({});
    const r = await cli("reset", "--all", "--root", root);
    expect(r.code).toBe(0);
    const all = listExercises(ROOT);
    for (const e of all) {
      for (const f of e.files) {
        expect(readFileSync(join(root, "exercises", e.id, f), "utf8"), e.id).toBe(stubFromSolution(readFileSync(join(e.solutionDir!, f), "utf8"), e.number));
        expect(r.out).toContain(`exercises/${e.id}/${f}: stub restored\n`);
      }
    }
    expect(r.out).not.toContain("saved as");
    expect(existsSync(join(root, ".workbench", "backups"))).toBe(false);
  });

  it("notes the hints seen with empty titles when the README cannot be read", async () => {
    const root = fakeCheckout({ "05-commit-plan": "solution" });
    gradedWith(root, [SWITCH]);
    await cli("hint", "05", "--root", root);
    rmSync(join(root, "exercises", "05-commit-plan", "README.md"));
    const r = await cli("reset", "05", "--root", root);
    expect(r.code).toBe(0);
    const note = r.out.match(/you had seen hint (\d): noted in (\S+)\)/)!;
    expect(JSON.parse(readFileSync(join(root, note[2]!), "utf8"))).toMatchObject({ exercise: "05-commit-plan", hintsSeen: [Number(note[1])], titles: [""] });
  });

  it("an exercise file that is a FIFO or a link to /dev/zero is refused in one line and left as it is (never opened)", async () => {
    for (const make of [(f: string) => execFileSync("mkfifo", [f]), (f: string) => symlinkSync("/dev/zero", f)]) {
      const root = fakeCheckout({ "05-commit-plan": "stub" });
      const entry = listExercises(root).find((e) => e.id === "05-commit-plan")!;
      const file = join(root, "exercises", entry.id, entry.files[0]!);
      rmSync(file);
      make(file);
      const before = lstatSync(file);
      const r = await cli("reset", "05", "--root", root);
      expect(r.code, r.err).toBe(2);
      expect(r.err.trim().split("\n")).toHaveLength(1);
      expect(r.err).toMatch(/^reset: exercises\/05-commit-plan\/\S+ must be a regular file or a new file's name, not a (FIFO|symbolic link)/);
      const after = lstatSync(file);
      expect([after.ino, after.mode]).toEqual([before.ino, before.mode]);
    }
  });
});

describe("reset and hint in the learner's language", () => {
  it("--lang zh prints the fixed sentences in Chinese; WORKBENCH_LANG does the same; a bad choice is one line, exit 2", async () => {
    const root = fakeCheckout({ "05-commit-plan": "solution" });
    gradedWith(root, [SWITCH]);
    const hint = await cli("hint", "05", "--root", root, "--lang", "zh");
    // this checkout has no README.zh.md: one line says the hint is in English
    expect(hint.out).toMatch(new RegExp(`^针对你上次评分中未通过的测试：✗ .+\n（05-commit-plan 还没有中文 README：提示以英文显示。）\n\n提示 \\d/${HINTS.length} — `, "m"));
    expect(hint.out).toMatch(/^（还有 \d 条没看过：npm run -s workbench -- hint 05）$/m);
    const reset = await cli("reset", "05", "--lang=zh", "--root", root);
    expect(reset.code).toBe(0);
    expect(reset.out).toMatch(/^exercises\/05-commit-plan\/\S+：你的版本已另存为 \.workbench\/backups\//m);
    expect(reset.out).toMatch(/^05-commit-plan：提示从头开始（你看过的提示 \d 已记在 \S+hints-seen\.json）$/m);
    const saved = process.env.WORKBENCH_LANG;
    process.env.WORKBENCH_LANG = "zh";
    try {
      expect((await cli("hint", "05", "--root", root)).out).toContain("没有 05-commit-plan 的评分记录");
      expect((await cli("hint", "05", "--root", root, "--lang", "en")).out).toContain("No grade of 05-commit-plan is recorded");
      process.env.WORKBENCH_LANG = "fr";
      const bad = await cli("hint", "05", "--root", root);
      expect([bad.code, bad.out, bad.err]).toEqual([2, "", 'chooseLang: WORKBENCH_LANG must be one of en, zh (got "fr")\n']);
    } finally {
      if (saved === undefined) delete process.env.WORKBENCH_LANG;
      else process.env.WORKBENCH_LANG = saved;
    }
    const noValue = await cli("hint", "05", "--root", root, "--lang");
    expect([noValue.code, noValue.err]).toEqual([2, "takeLangOption: --lang needs a value (en or zh)\n"]);
  });
});
