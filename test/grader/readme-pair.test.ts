import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fencedBlocks, translationStructureProblems } from "../../lib/grader/readme-pair.js";

const DIR = join(__dirname, "..", "fixtures", "zh");
const EN = readFileSync(join(DIR, "exercise.md"), "utf8");
const ZH = readFileSync(join(DIR, "exercise.zh.md"), "utf8");

describe("fencedBlocks", () => {
  it("finds fenced blocks with their fences, in order, ``` and ~~~ alike", () => {
    expect(fencedBlocks("a\n```ts\nx\n```\nb\n~~~\ny\n~~~\n")).toEqual(["```ts\nx\n```", "~~~\ny\n~~~"]);
    expect(fencedBlocks("no code")).toEqual([]);
    expect(fencedBlocks("```\nunclosed")).toEqual(["```\nunclosed"]);
  });
});

describe("translationStructureProblems: a README and its Chinese hold the same structure", () => {
  it("passes the fixture pair (hints under 提示, tests named verbatim under 对应的测试：)", () => {
    expect(translationStructureProblems(EN, ZH)).toEqual([]);
  });

  it("counts '## ' sections (not those inside code blocks)", () => {
    expect(translationStructureProblems(EN, ZH.replace("## 任务\n", ""))).toEqual(["has 1 '## ' sections, the English 2"]);
    expect(translationStructureProblems("## a\n```\n## not a section\n```\n", "## 甲\n```\n## not a section\n```\n")).toEqual([]);
  });

  it("holds code blocks byte for byte", () => {
    const problems = translationStructureProblems(EN, ZH.replace("export function step(): number;", "export function step(): number; // 步"));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^code block 1 differs from the English/);
    expect(translationStructureProblems(EN, ZH.replace(/```ts[\s\S]*?```\n/, ""))).toEqual(["has 0 code blocks, the English 1"]);
  });

  it("holds the hints: their number, numbering and the tests each names", () => {
    const dropped = ZH.replace(/<details><summary>提示 2[\s\S]*?<\/details>\n/, "");
    expect(translationStructureProblems(EN, dropped)).toEqual(["has 1 hints, the English 2"]);
    const renamed = ZH.replace("- keeps the total at 1\n", "- 总和保持为 1\n");
    expect(translationStructureProblems(EN, renamed)[0]).toMatch(/^hint 1 names the tests \["总和保持为 1","sends the dangling mass back"\] under 对应的测试：/);
    const renumbered = ZH.replace("提示 2 —", "提示 3 —");
    expect(translationStructureProblems(EN, renumbered)).toEqual(["the Chinese README numbers its hints out of order: hint 2 is labelled 3"]);
  });

  it("reports a Chinese README whose hints section is missing", () => {
    expect(translationStructureProblems(EN, ZH.replace("## 提示", "## 线索"))).toEqual(["the Chinese README has no '## Hints' section"]);
  });
});
