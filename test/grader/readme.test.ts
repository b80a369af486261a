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
