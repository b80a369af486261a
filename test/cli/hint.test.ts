/** lib/cli/hint.ts: `workbench hint`, in a throwaway checkout (it never runs student code). */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderHint } from "../../lib/cli/hint.js";
import type { Hint } from "../../lib/grader/readme.js";
import { fakeCheckout } from "../grader/run-grade.js";
import { gradedWith, HINTS, progressOf, REPEATS, SWITCH } from "./exercise-progress.js";
import { cli } from "./run-cli.js";

describe("workbench hint", () => {
  it("without a recorded grade: the hints in order, saying so, remembered, and the last one again at the end", async () => {
    const root = fakeCheckout({ "05-commit-plan": "solution" });
    for (let i = 1; i <= HINTS.length; i++) {
      const r = await cli("hint", "5", "--root", root);
      expect(r.code).toBe(0);
      expect(r.out).toContain("No grade of 05-commit-plan is recorded (never graded, or reset since), so this is the next hint in order");
      expect(r.out).toContain(`Hint ${i} of ${HINTS.length} — ${HINTS[i - 1]!.title}`);
      expect(r.out).toContain(HINTS[i - 1]!.body.split("\n")[0]!);
      expect(r.out, "the Helps with: list is not part of the hint's text").not.toContain("Helps with:");
      expect(progressOf(root).hintsSeen).toEqual(HINTS.slice(0, i).map((h) => h.number));
    }
    const again = await cli("hint", "commit-plan", "--root", root);
    expect(again.out).toContain(`Hint ${HINTS.length} of ${HINTS.length}`);
    expect(again.out).toContain(`You have seen all ${HINTS.length} hints of 05-commit-plan; this is the last one again. The reference solution is in solutions/05-commit-plan/.`);
    const shown = await cli("hint", "05", "--shown", "--root", root);
    expect(shown.out.match(/^Hint \d of/gm)).toHaveLength(HINTS.length);
  });

  it("follows the last grade one rung at a time: the lowest unseen hint naming a failing test, then the rest in order", async () => {
    const root = fakeCheckout({ "05-commit-plan": "solution" });
    gradedWith(root, [SWITCH, REPEATS]);
    const helping = HINTS.filter((h) => h.tests.includes(SWITCH) || h.tests.includes(REPEATS));
    expect(helping.length, "the fixture's failing tests are helped by two hints").toBeGreaterThanOrEqual(2);
    for (const h of helping) {
      const r = await cli("hint", "05", "--root", root);
      const test = [SWITCH, REPEATS].find((t) => h.tests.includes(t))!;
      expect(r.out).toContain(`For the failing test of your last grade: ✗ ${test}`);
      expect(r.out).toContain(`Hint ${h.number} of ${HINTS.length} — ${h.title}`);
    }
    const rest = HINTS.find((h) => !helping.includes(h))!;
    const after = await cli("hint", "05", "--root", root);
    expect(after.out).toContain("You have seen every hint for the tests that failed in your last grade, so this is the next hint in order.");
    expect(after.out).toContain(`Hint ${rest.number} of ${HINTS.length}`);
    expect(progressOf(root).hintsSeen).toEqual([1, 2, 3]);
  });

  it("an untouched stub: the hint is shown but not remembered, so asking again shows the same first rung", async () => {
    const root = fakeCheckout({ "05-commit-plan": "stub" });
    for (let i = 0; i < 2; i++) {
      const r = await cli("hint", "05", "--root", root);
      expect(r.out).toContain(`Hint 1 of ${HINTS.length} — ${HINTS[0]!.title}`);
      expect(r.out).toContain("Not recorded as seen: 05-commit-plan is not started");
    }
    expect(existsSync(join(root, ".workbench", "progress.json")), "nothing was written").toBe(false);
  });

  it("names one exercise, or says what is wrong in one line (exit 2)", async () => {
    const root = fakeCheckout({});
    expect((await cli("hint", "--root", root)).err).toBe("hint: name one exercise, e.g. workbench hint 01\n");
    const r = await cli("hint", "nope", "--root", root);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^hint: exercise must be one of .* \(got "nope"\)\n$/);
  });
});

describe("workbench hint in Chinese", () => {
  it("shows the Chinese hint from README.zh.md, or the English with one line saying so", async () => {
    const root = fakeCheckout({ "05-commit-plan": "solution" });
    const english = await cli("hint", "05", "--root", root, "--lang", "zh");
    expect(english.out).toContain("（05-commit-plan 还没有中文 README：提示以英文显示。）");
    expect(english.out).toContain(`提示 1/${HINTS.length} — ${HINTS[0]!.title}`);
    const readme = join(root, "exercises", "05-commit-plan", "README.md");
    const zh = readFileSync(readme, "utf8").replace(/<summary>Hint (\d+) — [^<]*<\/summary>/g, "<summary>提示 $1 — 中文标题 $1</summary>").replace(/^## Hints$/m, "## 提示").replace(/^Helps with:$/gm, "对应的测试：");
    writeFileSync(join(root, "exercises", "05-commit-plan", "README.zh.md"), zh);
    const chinese = await cli("hint", "05", "--root", root, "--lang", "zh");
    expect(chinese.out).toContain(`提示 2/${HINTS.length} — 中文标题 2`);
    expect(chinese.out).not.toContain("还没有中文 README");
  });
});

describe("--help in the learner's language", () => {
  it("grade, hint and reset explain themselves in Chinese with --lang zh, in English with --lang en", async () => {
    for (const command of ["grade", "hint", "reset"]) {
      const zh = await cli(command, "--help", "--lang", "zh");
      expect(zh.code).toBe(0);
      expect(zh.out).toMatch(new RegExp(`^用法：workbench ${command}`));
      expect(zh.out).toContain("--root DIR     workbench 的检出目录");
      expect((await cli(command, "--help", "--lang", "en")).out).toMatch(new RegExp(`^Usage: workbench ${command}`));
    }
    // a malformed --lang does not break --help: it is English
    expect((await cli("hint", "--help", "--lang", "fr")).out).toMatch(/^Usage: workbench hint/);
  });
});

describe("renderHint", () => {
  it("heads the hint with its number, the total and its title; indents the body, leaving blank lines empty", () => {
    expect(renderHint({ number: 2, title: "Look at the edges", body: "First line.\n\nSecond line.", tests: [] }, 3)).toBe("Hint 2 of 3 — Look at the edges\n\n  First line.\n\n  Second line.\n");
    expect(renderHint({ number: 1, title: "", body: "x", tests: [] }, 1)).toBe("Hint 1 of 1\n\n  x\n");
  });
});

describe("workbench hint --shown", () => {
  it("with none seen says how to get one; afterwards repeats exactly the ones seen, writing nothing new", async () => {
    const root = fakeCheckout({ "05-commit-plan": "solution" });
    const none = await cli("hint", "05", "--shown", "--root", root);
    expect(none).toEqual({ code: 0, out: "No hints seen yet for 05-commit-plan: npm run -s workbench -- hint 05 shows one.\n", err: "" });
    const first = await cli("hint", "05", "--root", root);
    expect(first.out).toContain(`(${HINTS.length - 1} more not seen yet: npm run -s workbench -- hint 05)`);
    const shown = await cli("hint", "05", "--shown", "--root", root);
    expect(shown.out).toBe(renderHint(HINTS[0]!, HINTS.length) + "\n");
    expect(progressOf(root).hintsSeen).toEqual([1]);
  });

  it("the last unseen hint says so and points at the reference solution", async () => {
    const root = fakeCheckout({ "05-commit-plan": "solution" });
    for (let i = 1; i < HINTS.length; i++) await cli("hint", "05", "--root", root);
    const last = await cli("hint", "05", "--root", root);
    expect(last.out).toMatch(/\nThat was the last hint not seen\. The reference solution is in solutions\/05-commit-plan\/\.\n$/);
  });
});
