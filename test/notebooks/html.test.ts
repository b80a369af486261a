import { describe, expect, it } from "vitest";
import { escapeHtml, notebookTitle, renderMarkdown, renderNotebookPage } from "../../lib/notebooks/html.js";
import type { Notebook } from "../../lib/notebooks/ipynb.js";

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
    expect(html).not.toMatch(/<script/);
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
    expect(html).toContain("This cell failed: <code>Error: &lt;1&gt;</code>");
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
