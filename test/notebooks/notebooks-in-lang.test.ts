import { copyFileSync, existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseGlossary } from "../../lib/notebooks/glossary.js";
import { normalFormProblems, parseNotebook, serialiseNotebook, sourceText } from "../../lib/notebooks/ipynb.js";
import { chineseNotebook, notebooksFolder, writeNotebooksInLang } from "../../lib/notebooks/notebooks-in-lang.js";
import { projectPaths } from "../../lib/notebooks/project.js";
import { tempDirs } from "../support/temp-dirs.js";

const ROOT = join(__dirname, "..", "..");
const FIXTURE = join(ROOT, "test", "fixtures", "zh", "pair.ipynb");
const GLOSSARY = parseGlossary(JSON.parse(readFileSync(join(ROOT, "docs", "glossary.json"), "utf8")));
const tempDir = tempDirs();

/** A project with one study notebook (the fixture), a sample repository beside it and the glossary. */
function project(): string {
  const root = tempDir("zh-nb-");
  mkdirSync(join(root, "notebooks", "sample-repo"), { recursive: true });
  mkdirSync(join(root, "docs"));
  copyFileSync(FIXTURE, join(root, "notebooks", "01-pair.ipynb"));
  writeFileSync(join(root, "notebooks", "sample-repo", "a.py"), "x = 1\n");
  copyFileSync(join(ROOT, "docs", "glossary.json"), join(root, "docs", "glossary.json"));
  return root;
}

describe("chineseNotebook", () => {
  it("is the notebook in Chinese with the first use of each term linked to the glossary", () => {
    const zh = chineseNotebook(parseNotebook(readFileSync(FIXTURE, "utf8"), "pair"), GLOSSARY, "docs/glossary.md");
    const prose = zh.cells.filter((c) => c.cell_type === "markdown").map((c) => sourceText(c.source));
    expect(prose[0]).toBe("# 悬空质量\n\n没有出边的文件不会丢掉[排名](docs/glossary.md#term-排名)：[悬空质量](docs/glossary.md#term-悬空质量)经[个性化分布](docs/glossary.md#term-个性化分布)送回。[阻尼](docs/glossary.md#term-阻尼)取 0.85。");
    expect(prose[1]).toMatch(/^阻尼取 0\.85，\[残差\]\(docs\/glossary\.md#term-残差\)/);
    expect(prose[2]).toBe("Not translated yet.");
    expect(sourceText(zh.cells[1]!.source)).toBe("const x = 1;");
  });
});

describe("writeNotebooksInLang", () => {
  it("serves notebooks/ itself in English and writes nothing", () => {
    const root = project();
    expect(writeNotebooksInLang(projectPaths(root), "en")).toBe(join(root, "notebooks"));
    expect(existsSync(join(root, "notebooks.zh"))).toBe(false);
  });

  it("writes the Chinese notebooks beside notebooks/, in normal form, with sample-repo and docs linked in", () => {
    const root = project();
    const dir = writeNotebooksInLang(projectPaths(root), "zh");
    expect(dir).toBe(notebooksFolder(projectPaths(root), "zh"));
    expect(dir).toBe(join(root, "notebooks.zh"));
    const text = readFileSync(join(dir, "01-pair.ipynb"), "utf8");
    expect(normalFormProblems(text, "01-pair.ipynb")).toEqual([]);
    expect(sourceText(parseNotebook(text).cells[0]!.source)).toMatch(/^# 悬空质量/);
    // relative paths a cell uses resolve as from notebooks/: the sample repository, and ../lib one level up
    expect(lstatSync(join(dir, "sample-repo")).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, "sample-repo"))).toBe(join("..", "notebooks", "sample-repo"));
    expect(readFileSync(join(dir, "sample-repo", "a.py"), "utf8")).toBe("x = 1\n");
    expect(existsSync(join(dir, "docs", "glossary.json"))).toBe(true);
    expect(readFileSync(join(dir, "README.md"), "utf8")).toMatch(/Edits here are not kept/);
    // the source is untouched
    expect(readFileSync(join(root, "notebooks", "01-pair.ipynb"), "utf8")).toBe(readFileSync(FIXTURE, "utf8"));
  });

  it("writes again over its own output, leaving a file someone put there alone", () => {
    const root = project();
    const dir = writeNotebooksInLang(projectPaths(root), "zh");
    writeFileSync(join(dir, "mine.txt"), "kept");
    const nb = parseNotebook(readFileSync(join(root, "notebooks", "01-pair.ipynb"), "utf8"));
    (nb.cells[0]!.metadata.zh as { source: string[] }).source = ["# 新标题"];
    writeFileSync(join(root, "notebooks", "01-pair.ipynb"), serialiseNotebook(nb));
    writeNotebooksInLang(projectPaths(root), "zh");
    expect(sourceText(parseNotebook(readFileSync(join(dir, "01-pair.ipynb"), "utf8")).cells[0]!.source)).toBe("# 新标题");
    expect(readFileSync(join(dir, "mine.txt"), "utf8")).toBe("kept");
  });

  it("refuses a notebooks.zh that is not a folder", () => {
    const root = project();
    writeFileSync(join(root, "notebooks.zh"), "a file");
    expect(() => writeNotebooksInLang(projectPaths(root), "zh")).toThrow(/writeNotebooksInLang: folder must be a folder or not exist/);
  });
});
