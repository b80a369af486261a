import { describe, expect, it } from "vitest";
import type { Output } from "../../lib/notebooks/ipynb.js";
import { renderOutputsWith } from "../../lib/notebooks/output-html.js";

const md: Output = { output_type: "display_data", data: { "text/markdown": "**b**", "text/plain": "b" }, metadata: {} };
const latex: Output = { output_type: "display_data", data: { "text/latex": "$$x^2$$" }, metadata: {} };

describe("renderOutputsWith", () => {
  it("renders streams escaped, without colour codes, and the richest representation of a display", () => {
    const html = renderOutputsWith([
      { output_type: "stream", name: "stderr", text: "\x1b[31m<oops>\x1b[0m" },
      { output_type: "display_data", data: { "text/html": "<i>h</i>", "text/plain": "h" }, metadata: {} },
      { output_type: "display_data", data: { "image/svg+xml": "<svg/>" }, metadata: {} },
    ]);
    expect(html).toBe(`<pre class="stream stderr">&lt;oops&gt;</pre>\n<div class="output-html"><i>h</i></div>\n<div class="output-svg"><svg/></div>`);
  });
  it("uses the given renderers for markdown and LaTeX, and shows their text without them", () => {
    const rich = { markdown: (t: string) => `<md>${t}</md>`, latex: (t: string) => `<tex>${t}</tex>` };
    expect(renderOutputsWith([md, latex], rich)).toBe(`<div class="output-markdown"><md>**b**</md></div>\n<div class="output-latex"><tex>x^2</tex></div>`);
    expect(renderOutputsWith([md, latex])).toBe(`<pre class="output-text">b</pre>\n<pre class="output-text">$$x^2$$</pre>`);
  });
});
