import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { translationHash } from "../../lib/core/lang.js";
import { normalFormProblems, parseNotebook, serialiseNotebook, sourceText, type Notebook } from "../../lib/notebooks/ipynb.js";
import { cellProse, cellTranslation, notebookInLang, notebookTranslationProblems, sectionHeading } from "../../lib/notebooks/language.js";

const FIXTURE = join(__dirname, "..", "fixtures", "zh", "pair.ipynb");
const text = readFileSync(FIXTURE, "utf8");
const nb = (): Notebook => parseNotebook(text, "pair.ipynb");

describe("notebookInLang", () => {
  it("swaps each markdown cell's source for its Chinese, keeps code and untranslated cells", () => {
    const zh = notebookInLang(nb(), "zh");
    expect(sourceText(zh.cells[0]!.source)).toMatch(/^# 悬空质量\n/);
    expect(sourceText(zh.cells[1]!.source)).toBe("const x = 1;");
    expect(sourceText(zh.cells[2]!.source)).toMatch(/^阻尼取 0\.85/);
    expect(sourceText(zh.cells[3]!.source)).toBe("Not translated yet.");
  });

  it("leaves English (and the notebook it was given) unchanged", () => {
    const original = nb();
    expect(notebookInLang(original, "en")).toBe(original);
    notebookInLang(original, "zh");
    expect(serialiseNotebook(original)).toBe(text);
  });

  it("refuses a language it has no text in", () => {
    expect(() => notebookInLang(nb(), "fr" as "zh")).toThrow(/notebookInLang: lang must be en or zh/);
  });
});

describe("cellProse and cellTranslation", () => {
  it("say whether the prose shown is a translation", () => {
    const cells = nb().cells;
    expect(cellProse(cells[0]!, "zh").translated).toBe(true);
    expect(cellProse(cells[3]!, "zh")).toEqual({ text: "Not translated yet.", translated: false });
    expect(cellProse(cells[3]!, "en").translated).toBe(true);
    expect(cellTranslation(cells[1]!)).toBeNull();
  });
});

describe("notebookTranslationProblems: the Chinese kept in step with the English", () => {
  it("names a markdown cell with no Chinese, by notebook and cell id", () => {
    expect(notebookTranslationProblems(nb(), "pair.ipynb")).toEqual(["pair.ipynb: cell last has no Chinese (metadata.zh)"]);
  });

  it("passes when every markdown cell has a current translation", () => {
    const n = nb();
    n.cells[3]!.metadata = { zh: { en: translationHash("Not translated yet."), source: ["还没有翻译。"] } };
    expect(notebookTranslationProblems(n, "pair.ipynb")).toEqual([]);
  });

  it("fails when the English changed after its Chinese was written, saying what to do", () => {
    const n = nb();
    n.cells.splice(3, 1);
    n.cells[0]!.source = ["# Dangling mass, changed\n"];
    const problems = notebookTranslationProblems(n, "pair.ipynb");
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain("pair.ipynb: cell intro: the English changed since its Chinese was written");
    expect(problems[0]).toContain(`now ${translationHash("# Dangling mass, changed\n")}`);
    expect(problems[0]).toContain("review the Chinese against the new English, then renew en");
  });

  it("reports a malformed translation rather than trusting it", () => {
    const n = nb();
    n.cells.splice(3, 1);
    n.cells[0]!.metadata = { zh: { en: "XYZ", source: ["x"] } };
    expect(notebookTranslationProblems(n, "pair.ipynb")).toEqual(["pair.ipynb: cell intro: metadata.zh.en must be 16 lowercase hex digits (the hash of the English source)"]);
  });
});

describe("the normal form checks metadata.zh", () => {
  const withZh = (zh: unknown, cell = 0): string => {
    const n = nb();
    n.cells[cell]!.metadata = { zh };
    return serialiseNotebook(n);
  };
  it("accepts the fixture, which is in normal form", () => {
    expect(normalFormProblems(text, "pair.ipynb")).toEqual([]);
  });
  it("refuses a malformed metadata.zh, naming the cell and the rule", () => {
    const hash = "0123456789abcdef";
    expect(normalFormProblems(withZh("中文"), "pair.ipynb")).toEqual(["cell 1: metadata.zh must be an object {en, source}"]);
    expect(normalFormProblems(withZh({ en: hash }), "pair.ipynb")).toEqual(["cell 1: metadata.zh must have exactly the keys en and source (has en)"]);
    expect(normalFormProblems(withZh({ en: hash.toUpperCase(), source: ["a"] }), "pair.ipynb")[0]).toMatch(/metadata\.zh\.en must be 16 lowercase hex/);
    expect(normalFormProblems(withZh({ en: hash, source: "a" }), "pair.ipynb")[0]).toMatch(/metadata\.zh\.source must be a list of strings/);
    expect(normalFormProblems(withZh({ en: hash, source: ["a", "b"] }), "pair.ipynb")[0]).toMatch(/each ending in "\\n" but the last \(line 1 is not\)/);
    expect(normalFormProblems(withZh({ en: hash, source: ["a\n", "b\n"] }), "pair.ipynb")[0]).toMatch(/line 2 is not/);
    expect(normalFormProblems(withZh({ en: hash, source: [] }), "pair.ipynb")[0]).toMatch(/must not be empty/);
  });
  it("refuses a Chinese text on a code cell", () => {
    expect(normalFormProblems(withZh({ en: "0123456789abcdef", source: ["a"] }, 1), "pair.ipynb")).toEqual(["cell 2 has metadata.zh, but only markdown cells carry a Chinese text"]);
  });
});

describe("sectionHeading", () => {
  it("gives a section's heading in Chinese from the same cell's Chinese, else the English", () => {
    expect(sectionHeading(nb(), "Dangling mass", "zh")).toBe("悬空质量");
    expect(sectionHeading(nb(), "Dangling mass", "en")).toBe("Dangling mass");
    expect(sectionHeading(nb(), "No such section", "zh")).toBe("No such section");
    const n = nb();
    n.cells[0]!.metadata = {};
    expect(sectionHeading(n, "Dangling mass", "zh")).toBe("Dangling mass");
  });
});
