import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../lib/core/errors.js";
import { describeViolations, glossaryAnchor, glossaryMarkdown, linkGlossaryTerms, parseGlossary, termViolations, type Glossary } from "../../lib/notebooks/glossary.js";
import { renderMarkdown } from "../../lib/notebooks/html.js";
import { parseNotebook, type Notebook } from "../../lib/notebooks/ipynb.js";
import { cellTranslation } from "../../lib/notebooks/language.js";
import { listNotebooks } from "../../lib/notebooks/project.js";

const ROOT = join(__dirname, "..", "..");
const GLOSSARY = parseGlossary(JSON.parse(readFileSync(join(ROOT, "docs", "glossary.json"), "utf8")));

/** True when `file` exports `name` as a function, class, const, interface, type or enum. */
function exports(file: string, name: string): boolean {
  const source = readFileSync(join(ROOT, file), "utf8");
  return new RegExp(`^export (?:async )?(?:function\\*? |class |const |let |interface |type |enum |abstract class )${name.replace(/\$/g, "\\$")}\\b`, "m").test(source);
}

describe("docs/glossary.json", () => {
  it("lists the seed's own terms", () => {
    const terms = GLOSSARY.terms.map((t) => t.zh);
    for (const t of ["悬空质量", "个性化分布", "阻尼", "残差", "严格前缀", "容差", "回退", "部分应用", "检查点", "工作区", "索引", "仓库地图", "标签", "引用图", "排名", "二分搜索", "缩进", "自动提交"]) {
      expect(terms).toContain(t);
    }
  });

  it("names only identifiers lib exports", () => {
    const missing = GLOSSARY.terms.flatMap((t) =>
      t.ids.filter((id) => {
        const [file, name] = id.split("#") as [string, string];
        return !existsSync(join(ROOT, file)) || !exports(file, name);
      }),
    );
    expect(missing).toEqual([]);
  });

  it("points only at files the repository has", () => {
    expect(GLOSSARY.terms.flatMap((t) => t.taught.filter((p) => !existsSync(join(ROOT, p))))).toEqual([]);
  });

  it("is what docs/glossary.md shows (npx tsx scripts/glossary.ts writes it)", () => {
    expect(readFileSync(join(ROOT, "docs", "glossary.md"), "utf8")).toBe(glossaryMarkdown(GLOSSARY));
  });

  it("holds the Chinese README to its terms", () => {
    expect(describeViolations(termViolations(GLOSSARY, readFileSync(join(ROOT, "README.zh.md"), "utf8")))).toBe("");
  });

  it("holds the Chinese reading guide to its terms, and to the English it was translated from", () => {
    const zh = readFileSync(join(ROOT, "docs", "seed-000.zh.md"), "utf8");
    expect(describeViolations(termViolations(GLOSSARY, zh))).toBe("");
    const en = createHash("sha256").update(readFileSync(join(ROOT, "docs", "seed-000.md"))).digest("hex").slice(0, 16);
    expect(zh.match(/<!-- en: ([0-9a-f]{16}) /)?.[1], `docs/seed-000.md changed: review docs/seed-000.zh.md against it, then set en: ${en}`).toBe(en);
    // the same sections, in the same order: each English "## " heading's bold Chinese part is in the Chinese page
    const bold = (text: string): string[] => text.split("\n").filter((l) => l.startsWith("## ")).map((l) => l.match(/\*\*([^*]+)\*\*/)?.[1] ?? l);
    expect(bold(zh)).toEqual(bold(readFileSync(join(ROOT, "docs", "seed-000.md"), "utf8")));
  });

  it("has no forbidden synonym in its own terms' text", () => {
    expect(describeViolations(termViolations(GLOSSARY, GLOSSARY.terms.map((t) => t.zh).join("，")))).toBe("");
  });
});

/** Every `*.zh.md` under `dir` (repository paths), outside what is installed, built or generated. */
function chinesePages(dir: string, rel = ""): string[] {
  const skip = new Set(["node_modules", ".git", "build", "dist", "notebooks.zh", "fixtures", ".workbench", ".jupyter"]);
  return readdirSync(join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    const path = rel === "" ? e.name : `${rel}/${e.name}`;
    if (e.isDirectory()) return skip.has(e.name) ? [] : chinesePages(dir, path);
    return e.name.endsWith(".zh.md") ? [path] : [];
  });
}

/** Each Chinese prose cell's violations, one line per cell: `<name> cell <id>: «…» → use «…» (at n)`. */
function chineseProseViolations(nb: Notebook, name: string): string[] {
  return nb.cells.flatMap((c) => {
    const zh = cellTranslation(c);
    const found = zh ? describeViolations(termViolations(GLOSSARY, zh.source.join(""))) : "";
    return found ? [`${name} cell ${c.id}: ${found.split("\n").join("; ")}`] : [];
  });
}

describe("the Chinese text uses the glossary's terms", () => {
  it("in every Chinese prose cell of the notebooks", () => {
    const notebooks = listNotebooks(join(ROOT, "notebooks"));
    expect(notebooks.length).toBeGreaterThan(0);
    const found = notebooks.flatMap((f) => chineseProseViolations(parseNotebook(readFileSync(f, "utf8"), f), `notebooks/${f.split("/").pop()}`));
    expect(found.join("\n")).toBe("");
  });

  it("in every Chinese README and page there is (every *.zh.md of the repository)", () => {
    const pages = chinesePages(ROOT);
    expect(pages).toContain("README.zh.md");
    const found = pages.flatMap((p) => {
      const v = describeViolations(termViolations(GLOSSARY, readFileSync(join(ROOT, p), "utf8")));
      return v ? [`${p}: ${v.split("\n").join("; ")}`] : [];
    });
    expect(found.join("\n")).toBe("");
  });

  it("is checked both ways on the fixture notebook", () => {
    const fixture = parseNotebook(readFileSync(join(ROOT, "test", "fixtures", "zh", "pair.ipynb"), "utf8"), "pair.ipynb");
    expect(chineseProseViolations(fixture, "pair.ipynb")).toEqual([]);
    const zh = fixture.cells[0]!.metadata.zh as { source: string[] };
    zh.source = zh.source.map((l) => l.replace("悬空质量经", "悬挂质量经"));
    expect(chineseProseViolations(fixture, "pair.ipynb")).toEqual(["pair.ipynb cell intro: «悬挂质量» → use «悬空质量» (at 22)"]);
  });
});

describe("glossary links: a term's first use links to its row", () => {
  it("gives each row of docs/glossary.md a stable anchor", () => {
    expect(glossaryAnchor("悬空质量")).toBe("term-悬空质量");
    expect(glossaryMarkdown(GLOSSARY)).toContain(`<a id="term-悬空质量"></a>悬空质量 |`);
    for (const t of GLOSSARY.terms) expect(glossaryMarkdown(GLOSSARY)).toContain(`<a id="${glossaryAnchor(t.zh)}"></a>`);
    expect(() => glossaryAnchor(" ")).toThrow(/glossaryAnchor: term must be a non-empty term/);
  });

  it("links only the first use across the notebook's cells", () => {
    const out = linkGlossaryTerms(GLOSSARY, ["悬空质量经个性化分布送回。", "再说悬空质量；阻尼取 0.85。"], "g.html");
    expect(out).toEqual([
      "[悬空质量](g.html#term-悬空质量)经[个性化分布](g.html#term-个性化分布)送回。",
      "再说悬空质量；[阻尼](g.html#term-阻尼)取 0.85。",
    ]);
  });

  it("leaves code, math, links, tags and headings alone, linking the first use outside them", () => {
    const text = "# 悬空质量\n\n`悬空质量` $悬空质量$ [悬空质量](x) <b title=\"悬空质量\">b</b>\n\n```ts\n// 悬空质量\n```\n\n最后是悬空质量。";
    const [out] = linkGlossaryTerms(GLOSSARY, [text], "g.html");
    expect(out).toBe(text.replace("最后是悬空质量。", "最后是[悬空质量](g.html#term-悬空质量)。"));
  });

  it("takes the longest term at a place (悬空质量, not a shorter term inside it) and the seed's other spelling", () => {
    const tiny = parseGlossary({
      about: "",
      terms: [
        { zh: "悬空", en: "dangling", ids: ["lib/a.ts#a"], taught: ["x"], forbidden: [] },
        { zh: "悬空质量", en: "dangling mass", ids: ["lib/a.ts#b"], taught: ["x"], forbidden: [] },
        { zh: "二分搜索", en: "binary search", also: ["二分式搜索"], ids: ["lib/a.ts#c"], taught: ["x"], forbidden: [] },
      ],
    });
    expect(linkGlossaryTerms(tiny, ["悬空质量与二分式搜索"], "#")).toEqual(["[悬空质量](##term-悬空质量)与[二分式搜索](##term-二分搜索)"]);
  });

  it("refuses an href that would break the Markdown link", () => {
    expect(() => linkGlossaryTerms(GLOSSARY, ["x"], "a b")).toThrow(/linkGlossaryTerms: href must be a URL/);
  });
});

describe("the id check can fail", () => {
  it("finds an exported name and misses one that is only mentioned", () => {
    expect(exports("lib/repomap/teaching/repo-map.ts", "teachingPageRankStep")).toBe(true);
    expect(exports("lib/repomap/teaching/repo-map.ts", "teachingPageRank")).toBe(true);
    expect(exports("lib/repomap/teaching/repo-map.ts", "pageRankStep")).toBe(false);
  });
});

describe("termViolations: Chinese prose held to the glossary's term", () => {
  it("passes prose that uses the seed's terms", () => {
    const prose = "最后一项将悬空节点的悬空质量送回个性化分布；阻尼取 0.85，残差只说明迭代尚未停稳。";
    expect(termViolations(GLOSSARY, prose)).toEqual([]);
  });

  it("names each synonym, the term to use instead and where it is", () => {
    const prose = "悬挂质量应按个人化分布送回，否则总质量流失。";
    expect(termViolations(GLOSSARY, prose)).toEqual([
      { term: "悬空质量", synonym: "悬挂质量", index: 0 },
      { term: "个性化分布", synonym: "个人化分布", index: 6 },
    ]);
    expect(describeViolations(termViolations(GLOSSARY, prose))).toBe("«悬挂质量» → use «悬空质量» (at 0)\n«个人化分布» → use «个性化分布» (at 6)");
  });

  it("finds a synonym that contains an accepted term (边权值 holds 边权)", () => {
    expect(termViolations(GLOSSARY, "每条边的边权值为正").map((v) => v.synonym)).toEqual(["边权值"]);
  });

  it("accepts the seed's other spelling of a term (二分式搜索, dirty文件)", () => {
    expect(termViolations(GLOSSARY, "二分式搜索试渲染；与本轮无关的dirty文件保持不动")).toEqual([]);
    expect(termViolations(GLOSSARY, "用二分查找试渲染")).toEqual([{ term: "二分搜索", synonym: "二分查找", index: 1 }]);
  });

  it("does not report a synonym that only occurs inside an accepted term", () => {
    const tiny: Glossary = parseGlossary({
      about: "",
      terms: [
        { zh: "工作区", en: "working tree", ids: ["lib/a.ts#a"], taught: ["x"], forbidden: ["工作"] },
        { zh: "提交", en: "commit", ids: ["lib/a.ts#b"], taught: ["x"], forbidden: ["工作区提交"] },
      ],
    });
    expect(termViolations(tiny, "工作区里的改动")).toEqual([]);
    expect(termViolations(tiny, "工作中的改动，工作区提交")).toEqual([
      { term: "工作区", synonym: "工作", index: 0 },
      { term: "提交", synonym: "工作区提交", index: 7 },
    ]);
  });

  it("refuses text that is not a string", () => {
    expect(() => termViolations(GLOSSARY, 3 as unknown as string)).toThrow(WorkbenchInputError);
  });
});

describe("parseGlossary names the broken field", () => {
  const good = { zh: "阻尼", en: "damping", ids: ["lib/a.ts#damping"], taught: ["notebooks/x.ipynb"], forbidden: [] };
  const bad = (term: Record<string, unknown>, field: string): void => {
    expect(() => parseGlossary({ about: "", terms: [term] })).toThrow(new RegExp(`^parseGlossary: glossary\\.terms\\[0\\]\\.${field}`));
  };

  it("accepts a well-formed entry", () => {
    expect(parseGlossary({ about: "a", terms: [good] }).terms[0]).toEqual({ ...good, also: [] });
  });
  it("refuses a malformed id, no id, no place, a synonym equal to the term, an unknown key", () => {
    bad({ ...good, ids: ["repo-map.ts:damping"] }, "ids\\[0\\]");
    bad({ ...good, ids: [] }, "ids");
    bad({ ...good, taught: [] }, "taught");
    bad({ ...good, forbidden: ["阻尼"] }, "forbidden\\[0\\]");
    bad({ ...good, zh: "" }, "zh");
    bad({ ...good, note: "x" }, "note");
  });
  it("refuses a term listed twice", () => {
    expect(() => parseGlossary({ about: "", terms: [good, good] })).toThrow(/terms\[1\]\.zh must be a non-empty term listed once/);
  });
});

describe("glossary links and emphasis", () => {
  it("links a term that is the whole of an emphasis around the emphasis, so it still renders bold", () => {
    expect(linkGlossaryTerms(GLOSSARY, ["它的**仓库地图**（repo map）与*阻尼*"], "g")).toEqual(["它的[**仓库地图**](g#term-仓库地图)（repo map）与[*阻尼*](g#term-阻尼)"]);
    expect(renderMarkdown(linkGlossaryTerms(GLOSSARY, ["它的**仓库地图**（repo map）"], "g")[0]!)).toContain("<a href=\"g#term-%E4%BB%93%E5%BA%93%E5%9C%B0%E5%9B%BE\"><strong>仓库地图</strong></a>");
  });
});
