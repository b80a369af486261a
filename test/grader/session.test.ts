/**
 * The parts of a `grade` session that need no judge: the catalogue of the chosen exercises with their READMEs'
 * titles and hints (a missing or malformed README is a problem on its entry, not a failure; an unknown exercise is
 * the one-line input error), and `mergeReports`, watch mode's merge of a re-graded exercise into the last report.
 * `gradeSession` itself runs whole grades: end to end in test/grader/grade-hints.test.ts and grade-watch.test.ts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../lib/core/errors.js";
import type { ReportProvenance } from "../../lib/grader/provenance.js";
import { gradeReport, type ExerciseResult } from "../../lib/grader/results.js";
import { loadCatalog, mergeReports, notebookRefIn } from "../../lib/grader/session.js";
import { tempDirs, writeTree } from "../support/temp-dirs.js";

const temp = tempDirs();

const README = (title: string): string =>
  `# ${title}\n\nText.\n\n## Hints\n\n<details><summary>Hint 1 — Start here</summary>\n\nHelps with:\n- test a\n\nLook at a.\n</details>\n`;

function checkout(): string {
  const root = temp("wb-session-");
  writeTree(root, {
    "solutions/01-alpha/a.ts": "",
    "solutions/02-beta/b.ts": "",
    "solutions/03-gamma/c.ts": "",
    "solutions/04-delta/d.ts": "",
    "exercises/01-alpha/README.md": README("Exercise 01 — Alpha <one>"),
    "exercises/02-beta/README.md": README("Exercise 2: Beta"),
    "exercises/04-delta/README.md": "# Exercise 04 — Delta\n\nno hints section\n",
  });
  return root;
}

describe("loadCatalog in Chinese", () => {
  const ZH = (title: string, tests = "- test a"): string =>
    `# ${title}\n\n正文。\n\n## 提示\n\n<details><summary>提示 1 — 从这里开始</summary>\n\n对应的测试：\n${tests}\n\n看 a。\n</details>\n`;

  it("takes the title and hints from README.zh.md when its hints match the English ones", () => {
    const root = checkout();
    writeTree(root, { "exercises/01-alpha/README.zh.md": ZH("练习 01 — 甲") });
    const [alpha] = loadCatalog(root, ["1"], "zh");
    expect(alpha).toMatchObject({ title: "甲" });
    expect(alpha!.englishOnly).toBeUndefined();
    expect(alpha!.hints.map((h) => [h.number, h.title, h.tests, h.body])).toEqual([[1, "从这里开始", ["test a"], "看 a。"]]);
    expect(loadCatalog(root, ["1"], "en")[0]).toMatchObject({ title: "Alpha <one>" });
  });

  it("falls back to the English, saying why, without README.zh.md or when its hints differ", () => {
    const root = checkout();
    expect(loadCatalog(root, ["1"], "zh")[0]).toMatchObject({ title: "Alpha <one>", englishOnly: "has no README.zh.md" });
    writeTree(root, { "exercises/01-alpha/README.zh.md": ZH("练习 01 — 甲", "- 测试 a") });
    const [alpha] = loadCatalog(root, ["1"], "zh");
    expect(alpha).toMatchObject({ title: "Alpha <one>", englishOnly: "README.zh.md's hints differ from the English ones" });
    expect(alpha!.hints[0]!.title).toBe("Start here");
    writeTree(root, { "exercises/01-alpha/README.zh.md": "# 练习 01\n" });
    expect(loadCatalog(root, ["1"], "zh")[0]!.englishOnly).toBe("README.zh.md has no '## Hints' section");
  });
});

describe("notebookRefIn", () => {
  it("names a known mistake's notebook section by its Chinese heading when the notebook has one", () => {
    const root = checkout();
    writeTree(root, { "notebooks/01-pair.ipynb": readFileSync(join(__dirname, "..", "fixtures", "zh", "pair.ipynb"), "utf8") });
    expect(notebookRefIn(root, "01-pair.ipynb § Dangling mass", "zh")).toBe("01-pair.ipynb § 悬空质量");
    expect(notebookRefIn(root, "01-pair.ipynb § Dangling mass", "en")).toBe("01-pair.ipynb § Dangling mass");
    expect(notebookRefIn(root, "09-absent.ipynb § Dangling mass", "zh")).toBe("09-absent.ipynb § Dangling mass");
    writeTree(root, { "notebooks/02-bad.ipynb": "{not json" });
    expect(notebookRefIn(root, "02-bad.ipynb § X", "zh")).toBe("02-bad.ipynb § X");
  });
});

describe("loadCatalog", () => {
  it("gives each chosen exercise its README's title without the 'Exercise NN —' prefix, and its hints", () => {
    const root = checkout();
    const [alpha, beta] = loadCatalog(root, ["1", "beta"]);
    expect(alpha).toMatchObject({ id: "01-alpha", title: "Alpha <one>", solutionDir: join(root, "solutions", "01-alpha") });
    expect(alpha!.hints.map((h) => [h.number, h.title, h.tests])).toEqual([[1, "Start here", ["test a"]]]);
    expect(alpha!.readmeProblem).toBeUndefined();
    expect(beta!.title).toBe("Beta");
  });

  it("a missing or malformed README leaves the id as the title, no hints, and says what is wrong", () => {
    const root = checkout();
    const all = loadCatalog(root, []);
    expect(all.map((e) => e.id)).toEqual(["01-alpha", "02-beta", "03-gamma", "04-delta"]);
    expect(all[2]).toMatchObject({ title: "03-gamma", hints: [], readmeProblem: "has no README.md" });
    expect(all[3]).toMatchObject({ title: "04-delta", hints: [] });
    expect(all[3]!.readmeProblem).toMatch(/^README\.md has no '## Hints' section/);
  });

  it("an exercise that does not exist is a WorkbenchInputError listing the ones that do", () => {
    const root = checkout();
    expect(() => loadCatalog(root, ["9"])).toThrow(WorkbenchInputError);
    expect(() => loadCatalog(root, ["9"])).toThrow(/must be one of 01-alpha, 02-beta, 03-gamma, 04-delta/);
  });
});

describe("mergeReports", () => {
  const ex = (id: string, points: number, maxPoints = 5): ExerciseResult => ({ id, title: id, points, maxPoints, tests: [] });
  const provenance = (seed: number): ReportProvenance => ({ submissionHash: `sha256:${seed}`, grader: { version: "0" }, seed, timeoutMs: 1, startedAt: "2026-12-01T00:00:00.000Z", durationMs: 1 });

  it("replaces the exercises graded again, adds new ones in id order, and recomputes the totals", () => {
    const previous = { ...gradeReport("exercises", [ex("01-a", 1), ex("03-c", 2)]), provenance: provenance(1) };
    const fresh = { ...gradeReport("exercises", [ex("03-c", 5), ex("02-b", 4, 4)]), provenance: provenance(2) };
    const merged = mergeReports(previous, fresh);
    expect(merged.exercises.map((e) => [e.id, e.points])).toEqual([["01-a", 1], ["02-b", 4], ["03-c", 5]]);
    expect([merged.points, merged.maxPoints]).toEqual([10, 14]);
    expect(merged.provenance, "the submission as it is now").toEqual(provenance(2));
    expect(previous.exercises.map((e) => e.points), "the earlier report is left as it was").toEqual([1, 2]);
  });

  it("takes the fresh target, and no provenance when the fresh grade has none", () => {
    const merged = mergeReports({ ...gradeReport("old", [ex("01-a", 1)]), provenance: provenance(1) }, gradeReport("new", []));
    expect(merged.target).toBe("new");
    expect(merged.provenance).toBeUndefined();
    expect(merged.exercises.map((e) => e.id)).toEqual(["01-a"]);
  });
});
