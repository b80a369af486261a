import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { translationHash } from "../../lib/core/lang.js";
import { expandTranslated, markdownTranslationProblems, repositoryMarkdownProblems, TRANSLATED_MARKDOWN, zhSibling } from "../../lib/notebooks/markdown-translations.js";
import { tempDirs } from "../support/temp-dirs.js";

const DIR = join(__dirname, "..", "fixtures", "zh");
const EN = readFileSync(join(DIR, "exercise.md"), "utf8");
const ZH = readFileSync(join(DIR, "exercise.zh.md"), "utf8");
const tempDir = tempDirs();

describe("zhSibling", () => {
  it("names the Chinese sibling of an English Markdown file", () => {
    expect(zhSibling("exercises/01-pagerank/README.md")).toBe("exercises/01-pagerank/README.zh.md");
    expect(() => zhSibling("README.zh.md")).toThrow(/zhSibling: path must name an English \.md file/);
    expect(() => zhSibling("notes.txt")).toThrow(/zhSibling/);
  });
});

describe("markdownTranslationProblems", () => {
  it("passes a current pair", () => {
    expect(markdownTranslationProblems("exercise.md", EN, ZH)).toEqual([]);
  });

  it("fails when the Chinese file is missing", () => {
    expect(markdownTranslationProblems("exercise.md", EN, null)).toEqual(["exercise.md has no Chinese: write exercise.zh.md"]);
  });

  it("fails when the English changed after the Chinese was written, giving the new hash", () => {
    const changed = EN.replace("Read first: the seed.", "Read first: the seed page.");
    expect(markdownTranslationProblems("exercise.md", changed, ZH)).toEqual([
      `exercise.zh.md: exercise.md changed since it was translated (en ${translationHash(EN)}, now ${translationHash(changed)}): review the Chinese against the new English, then renew en`,
    ]);
  });

  it("wants the switch on the first line of both and the hash on the second of the Chinese", () => {
    const problems = markdownTranslationProblems("exercise.md", EN.split("\n").slice(2).join("\n"), ZH.split("\n").slice(2).join("\n"));
    expect(problems[0]).toBe("exercise.md: its first line must be the switch **English** · [中文](exercise.zh.md)");
    expect(problems[1]).toBe("exercise.zh.md: its first line must be the switch [English](exercise.md) · **中文**");
    expect(problems[2]).toMatch(/^exercise\.zh\.md: the line after the switch must be <!-- en: [0-9a-f]{16} — … -->/);
  });

  it("includes the structure problems, prefixed with the Chinese file", () => {
    const renamed = ZH.replace("- keeps the total at 1\n", "- 总和保持为 1\n");
    expect(markdownTranslationProblems("exercise.md", EN, renamed)[0]).toMatch(/^exercise\.zh\.md hint 1 names the tests/);
  });
});

describe("the list of required translations", () => {
  it("is one constant holding the learner's pages", () => {
    expect(TRANSLATED_MARKDOWN).toEqual(["README.md", "exercises/*/README.md", "docs/what-you-can-do.md", "docs/seed-000.md"]);
  });

  it("expands '*' to folders, in order, keeping only files that exist", () => {
    const root = tempDir("zh-md-");
    for (const d of ["exercises/02-b", "exercises/01-a", "exercises/03-c", "docs"]) mkdirSync(join(root, d), { recursive: true });
    for (const f of ["README.md", "exercises/01-a/README.md", "exercises/02-b/README.md", "docs/seed-000.md"]) writeFileSync(join(root, f), "x");
    writeFileSync(join(root, "exercises", "notes.md"), "not a folder");
    expect(expandTranslated(root)).toEqual(["README.md", "exercises/01-a/README.md", "exercises/02-b/README.md", "docs/seed-000.md"]);
  });

  it("checks every required file of a tree, both ways", () => {
    const root = tempDir("zh-md-");
    writeFileSync(join(root, "exercise.md"), EN);
    expect(repositoryMarkdownProblems(root, ["exercise.md"])).toEqual(["exercise.md has no Chinese: write exercise.zh.md"]);
    writeFileSync(join(root, "exercise.zh.md"), ZH);
    expect(repositoryMarkdownProblems(root, ["exercise.md"])).toEqual([]);
  });
});
