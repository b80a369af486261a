/**
 * The Chinese kept in step with the English, over the repository: every prose cell of every study notebook has its
 * Chinese (`metadata.zh`) written from the English as it is now, and every Markdown page of TRANSLATED_MARKDOWN has
 * a current `.zh.md` of the same structure. The logic is proven both ways on test/fixtures/zh (language.test.ts,
 * markdown-translations.test.ts, grader/readme-pair.test.ts); the catalogue's own check is in
 * test/misconceptions/translations.test.ts.
 */
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseNotebook } from "../../lib/notebooks/ipynb.js";
import { notebookTranslationProblems } from "../../lib/notebooks/language.js";
import { repositoryMarkdownProblems } from "../../lib/notebooks/markdown-translations.js";
import { listNotebooks } from "../../lib/notebooks/project.js";

const ROOT = join(__dirname, "..", "..");
const NOTEBOOKS = listNotebooks(join(ROOT, "notebooks"));

describe("the Chinese is in step with the English", () => {
  it("finds the study notebooks", () => {
    expect(NOTEBOOKS.length).toBeGreaterThanOrEqual(7);
  });

  for (const file of NOTEBOOKS) {
    it(`notebooks/${basename(file)}: every prose cell has a current Chinese text`, () => {
      const problems = notebookTranslationProblems(parseNotebook(readFileSync(file, "utf8"), basename(file)), `notebooks/${basename(file)}`);
      expect(problems.join("\n")).toBe("");
    });
  }

  it("every required Markdown page has a current Chinese sibling of the same structure", () => {
    expect(repositoryMarkdownProblems(ROOT).join("\n")).toBe("");
  });
});
