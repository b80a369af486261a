import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseGlossary } from "../../lib/notebooks/glossary.js";
import {
  bilingual,
  escapeHtml,
  LANG_SCRIPT,
  LANG_TOGGLE,
  notebookTitle,
  renderContentsPage,
  renderDocumentPage,
  renderMarkdown,
  renderNotebookPage,
  renderProse,
  UNTRANSLATED_NOTE,
} from "../../lib/notebooks/html.js";
import { parseNotebook, type Notebook } from "../../lib/notebooks/ipynb.js";

const nb: Notebook = {
  nbformat: 4,
  nbformat_minor: 5,
  metadata: {},
  cells: [
    { cell_type: "markdown", id: "t", metadata: {}, source: ["# The title\n", "\n", "Inline $r_A = 0.15$ and\n\n$$\\sum_v r(v) = 1$$\n"] },
    {
      cell_type: "code",
      id: "c",
      metadata: {},
      source: 'const html = "<b>" as string;',
      execution_count: 3,
      outputs: [
        { output_type: "stream", name: "stdout", text: "a < b\n" },
        { output_type: "display_data", data: { "image/svg+xml": '<svg id="pic"></svg>', "text/plain": "ignored" }, metadata: {} },
        { output_type: "display_data", data: { "text/html": "<table><tr><td>1</td></tr></table>" }, metadata: {} },
        { output_type: "display_data", data: { "text/markdown": "**md**" }, metadata: {} },
        { output_type: "display_data", data: { "text/latex": "$$x^2$$" }, metadata: {} },
        { output_type: "stream", name: "stderr", text: "\x1b[31moops\x1b[39m\n" },
      ],
    },
    { cell_type: "code", id: "d", metadata: {}, source: "throw 1", execution_count: 4, outputs: [] },
  ],
};

describe("notebook HTML", () => {
  const html = renderNotebookPage(nb, {
    title: "T",
    banner: "ran",
    failure: { cell: 3, codeCell: 2, cellId: "d", message: "Error: <1>" },
    nav: { next: { href: "02.html", title: "Next one" } },
    footer: "foot",
  });

  it("renders markdown and math with KaTeX on the server (no script needed)", () => {
    expect(html).toContain("<h1>The title</h1>");
    expect(html.match(/class="katex"/g)?.length).toBeGreaterThanOrEqual(2);
    expect(html).toContain('class="katex-display"');
    expect(html).not.toContain("katex-error");
    // math needs no script: the only one is the language toggle's
    expect(html.replace(`<script>${LANG_SCRIPT}</script>`, "")).not.toMatch(/<script/);
  });

  it("escapes code and stream text, embeds SVG and HTML outputs, prefers the richest mime type", () => {
    expect(html).toContain('<span class="hljs-keyword">const</span> html = <span class="hljs-string">&quot;&lt;b&gt;&quot;</span>');
    expect(html).toContain('<pre class="stream stdout">a &lt; b\n</pre>');
    expect(html).toContain('<svg id="pic"></svg>');
    expect(html).not.toContain("ignored");
    expect(html).toContain("<table><tr><td>1</td></tr></table>");
    expect(html).toContain("<strong>md</strong>");
    expect(html).toContain('<pre class="stream stderr">oops\n</pre>');
  });

  it("marks the failing cell with its message and numbers cells as executed", () => {
    expect(html).toContain('class="cell code failed" id="cell-3"');
    expect(html).toContain(`${bilingual("This cell failed:", "此单元格出错：")} <code>Error: &lt;1&gt;</code>`);
    expect(html).toContain("In [3]:");
    expect(html).toContain('<a href="02.html">Next one →</a>');
  });

  it("takes the first heading as the title", () => {
    expect(notebookTitle(nb, "fallback")).toBe("The title");
    expect(notebookTitle({ ...nb, cells: [] }, "fallback")).toBe("fallback");
  });

  it("renders a bad formula as visible KaTeX error text rather than throwing", () => {
    expect(renderMarkdown("$\\frac{$")).toContain("katex-error");
    expect(escapeHtml(`<&"'>`)).toBe("&lt;&amp;&quot;&#39;&gt;");
  });
});

describe("pages in two languages", () => {
  const fixture = parseNotebook(readFileSync(join(__dirname, "..", "fixtures", "zh", "pair.ipynb"), "utf8"), "pair.ipynb");
  const glossary = parseGlossary(JSON.parse(readFileSync(join(__dirname, "..", "..", "docs", "glossary.json"), "utf8")));
  const render = (lang: "en" | "zh") =>
    renderNotebookPage(fixture, { title: "T", banner: "", failure: null, nav: {}, footer: "", language: { lang, glossary: { glossary, href: "glossary.html" } } });

  it("renders each prose cell in both languages, the <html> naming the one it opens in", () => {
    const html = render("zh");
    expect(html).toMatch(/<html lang="zh-CN" data-lang="zh">/);
    expect(render("en")).toMatch(/<html lang="en" data-lang="en">/);
    expect(html).toContain(`<div class="prose" data-lang="en" lang="en"><h1>Dangling mass</h1>`);
    expect(html).toContain(`<div class="prose" data-lang="zh" lang="zh-CN"><h1>悬空质量</h1>`);
    // one rule hides the other language: switching needs no reload
    expect(html).toContain(`html[data-lang="en"] [data-lang="zh"], html[data-lang="zh"] [data-lang="en"] { display: none; }`);
  });

  it("has the toggle in the header and the script that honours ?lang= and remembers the choice", () => {
    const html = render("en");
    expect(html).toMatch(/<header>.*<span class="lang-toggle"[^>]*><button type="button" data-set-lang="en"[^>]*>English<\/button><button type="button" data-set-lang="zh"[^>]*>中文<\/button><\/span><\/header>/);
    expect(html).toContain(LANG_SCRIPT);
    expect(LANG_SCRIPT).toContain(`new URLSearchParams(location.search).get("lang")`);
    expect(LANG_SCRIPT).toContain("localStorage.setItem(key, v)");
    // before the body: the page is drawn in the chosen language from the start
    expect(html.indexOf(LANG_SCRIPT)).toBeLessThan(html.indexOf("<body>"));
  });

  it("shows a cell with no Chinese in English under a small 未翻译 note in Chinese mode", () => {
    const cell = render("zh").split(`id="cell-4"`)[1]!.split("</section>")[0]!;
    expect(cell).toContain(`<div class="prose" data-lang="zh" lang="zh-CN"><p class="untranslated"`);
    expect(cell).toContain(`${UNTRANSLATED_NOTE}</p><p>Not translated yet.</p>`);
    expect(renderProse("a", "甲")).not.toContain(UNTRANSLATED_NOTE);
  });

  it("links a glossary term's first use in the Chinese prose to its row, and only the first", () => {
    const html = render("zh");
    const zh = html.split(`data-lang="zh" lang="zh-CN">`).slice(1).join("");
    expect(zh.match(/href="glossary\.html#term-%E6%82%AC%E7%A9%BA%E8%B4%A8%E9%87%8F"/g)).toHaveLength(1); // 悬空质量
    expect(zh).toContain(`<a href="glossary.html#term-${encodeURIComponent("阻尼")}">阻尼</a>`);
    // the heading and code are left alone
    expect(zh).toContain("<h1>悬空质量</h1>");
    const code = zh.split("<pre>")[1]!.split("</pre>")[0]!;
    expect(code).toContain("// 悬空质量");
    expect(code).not.toContain("glossary.html");
  });

  it("titles the contents in both languages when a notebook has a Chinese title", () => {
    const html = renderContentsPage([{ href: "a.html", title: "Dangling mass", titleZh: "悬空质量", file: "a.ipynb", status: "" }], [], { intro: "", footer: "", lang: "zh" });
    expect(html).toContain(`<a href="a.html">${bilingual("Dangling mass", "悬空质量")}</a>`);
    expect(html).toMatch(/<html lang="zh-CN" data-lang="zh">/);
  });

  it("names the neighbouring notebooks in both languages when they have a Chinese title", () => {
    const html = renderNotebookPage(fixture, { title: "T", banner: "", failure: null, nav: { next: { href: "b.html", title: "Next one", titleZh: "下一个" } }, footer: "" });
    expect(html).toContain(`<a href="b.html">${bilingual("Next one", "下一个")} →</a>`);
    expect(renderNotebookPage(fixture, { title: "T", banner: "", failure: null, nav: { prev: { href: "a.html", title: "A <b>" } }, footer: "" })).toContain(`<a href="a.html">← A &lt;b&gt;</a>`);
  });

  it("renders a Markdown document as a page with the same toggle", () => {
    const html = renderDocumentPage("G", '| <a id="term-阻尼"></a>阻尼 | damping |\n| --- | --- |\n| a | b |\n', { footer: "", lang: "en" });
    expect(html).toContain(`<a id="term-阻尼"></a>阻尼`);
    expect(html).toContain(LANG_TOGGLE);
  });
});
