import { describe, expect, it } from "vitest";
import { hintFoldProblems, parseReadme, ReadmeFormatError } from "../../lib/grader/readme.js";

const GOOD = `# Exercise 09 — Title here

## Read first
stuff

## Hints

<details><summary>Hint 1 — A nudge</summary>

Helps with:
- a test: its title, with \`code\` and "quotes"
- another test

First **hint**.

</details>

<details>
<summary>Hint 2: More</summary>
Second
line.
</details>

## After
<details><summary>Hint 3 — not a hint: outside the section</summary>x</details>
`;

describe("parseReadme", () => {
  it("reads the title, the sections and the hints of the Hints section, in order", () => {
    const r = parseReadme(GOOD);
    expect(r.title).toBe("Exercise 09 — Title here");
    expect(r.sections).toEqual(["Read first", "Hints", "After"]);
    expect(r.hints).toEqual([
      { number: 1, title: "A nudge", body: "First **hint**.", tests: ['a test: its title, with \`code\` and "quotes"', "another test"] },
      { number: 2, title: "More", body: "Second\nline.", tests: [] },
    ]);
  });

  it("names what is wrong with a README that does not follow the layout", () => {
    expect(() => parseReadme("no title\n## Hints\n")).toThrow(/no title/);
    expect(() => parseReadme("# T\n## Task\n")).toThrow(/no '## Hints' section/);
    expect(() => parseReadme("# T\n## Hints\nnothing here\n")).toThrow(/has no hints/);
    expect(() => parseReadme("# T\n## Hints\n<details><summary>Hint 2 — x</summary>y</details>\n")).toThrow(/hint 1 is labelled 2/);
    expect(() => parseReadme("# T\n## Hints\n<details><summary>Hint 1 — x</summary>  </details>\n")).toThrow(ReadmeFormatError);
    expect(() => parseReadme("# T\n## Hints\n<details><summary>Hint 1 — x</summary>\nHelps with:\nbody\n</details>\n")).toThrow(/"Helps with:" line not followed by a list/);
    expect(() => parseReadme("# T\n## Hints\n<details><summary>Hint 1 — x</summary>\nHelps with:\n- a test\n</details>\n")).toThrow(/empty hint 1/);
  });
});

describe("hintFoldProblems", () => {
  const folded = "<details><summary>Hint 1 — t</summary>\n\nbody\n</details>\n";
  it("accepts hints that are all folded and last", () => {
    expect(hintFoldProblems(`# T\n\n## Task\n\nDo it.\n\n## Hints\n\n${folded}`)).toEqual([]);
  });
  it("names plain text in the hints, a section after them, a hint in the task, and a missing section", () => {
    expect(hintFoldProblems(`# T\n\n## Hints\n\nJust use a set.\n${folded}`)).toEqual(['has text in \'## Hints\' outside a folded <details> hint: "Just use a set."']);
    expect(hintFoldProblems(`# T\n\n## Hints\n\n${folded}\n## More\n`)[0]).toMatch(/section after '## Hints' \("More"\)/);
    expect(hintFoldProblems(`# T\n\n## Task\n\n${folded}\n## Hints\n\n${folded}`)).toEqual(["has a hint above '## Hints' (in the task text)"]);
    expect(hintFoldProblems("# T\n")).toEqual(["has no '## Hints' section"]);
  });
});

describe("a Chinese README", () => {
  const ZH = `# 练习 09 — 标题

## 先读
内容

## 提示

<details><summary>提示 1 — 轻轻一推</summary>

对应的测试：
- finds the first match
- keeps the file byte-identical

先看第一处匹配。
</details>

<details><summary>提示 2 — 差不多就是答案</summary>

对应的测试:
- finds the first match

几乎就是答案。
</details>
`;

  it("is read like the English: 提示 N — 标题, and 对应的测试： with the English test titles", () => {
    const r = parseReadme(ZH);
    expect(r.title).toBe("练习 09 — 标题");
    expect(r.sections).toEqual(["先读", "提示"]);
    expect(r.hints.map((h) => [h.number, h.title, h.tests, h.body])).toEqual([
      [1, "轻轻一推", ["finds the first match", "keeps the file byte-identical"], "先看第一处匹配。"],
      [2, "差不多就是答案", ["finds the first match"], "几乎就是答案。"],
    ]);
    expect(hintFoldProblems(ZH)).toEqual([]);
  });

  it("is held to the same rules: numbering, a list after 对应的测试：, folded hints", () => {
    expect(() => parseReadme(ZH.replace("提示 2 —", "提示 3 —"))).toThrow(/hint 2 is labelled 3/);
    expect(() => parseReadme(ZH.replace("- finds the first match\n- keeps", "keeps"))).toThrow(/not followed by a list/);
    expect(hintFoldProblems(ZH.replace("## 提示\n", "## 提示\n\n外面的文字\n"))).toEqual([`has text in '## Hints' outside a folded <details> hint: "外面的文字"`]);
  });
});
