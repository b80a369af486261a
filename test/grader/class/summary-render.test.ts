/**
 * The class summary as HTML and Markdown: every text a report carries (test names, messages quoting students'
 * answers, mistake titles, why a student was not graded) is escaped — for HTML in both, and for Markdown tables —
 * the page's Content-Security-Policy forbids scripts and fetches, and the extra sections come after the built-in
 * ones, in order.
 */
import { describe, expect, it } from "vitest";
import { summaryHtml, summaryMarkdown } from "../../../lib/grader/class/summary-render.js";
import type { ClassSummary } from "../../../lib/grader/class/summary.js";

const EVIL = `<script>alert("x")</script><img src=x onerror=alert(1)>`;
const CSP = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`;

const bins = (counts: Record<string, number>): ClassSummary["distribution"] =>
  Array.from({ length: 11 }, (_, i) => (i === 10 ? "100 %" : `${i * 10}–${i * 10 + 9} %`)).map((label) => ({ label, count: counts[label] ?? 0 }));

const SUMMARY: ClassSummary = {
  students: 3,
  graded: 2,
  notGraded: [{ id: `s3${EVIL}`, problem: "is not a git bundle | <b>" }],
  maxPoints: 10,
  meanPoints: 6.25,
  medianPoints: 6,
  distribution: bins({ "50–59 %": 1, "100 %": 2 }),
  exercises: [{ id: "01-x", title: `X ${EVIL}`, meanPoints: 2.5, maxPoints: 5, fullMarks: 1, notAttempted: 0, attemptedWrong: 1, of: 2 }],
  tests: [
    { exercise: "01", name: `a ${EVIL}`, maxPoints: 5, failing: 1, of: 3 },
    { exercise: "01", name: "never run", maxPoints: 1, failing: 0, of: 0 },
  ],
  messages: [{ message: `expected ${EVIL} | 2\nsecond \\ line \`code\``, count: 3, students: 2, tests: ["01 a", "01 b", "01 c", "01 d", "01 e"] }],
  misconceptions: [{ id: "m1", title: `forgets <damping> ${EVIL}`, notebook: "01-pagerank.ipynb#x", count: 2, tests: ["01 a"] }],
};

/** The page with the built-in style removed (it holds the only `{` and `}` the page writes itself). */
const body = (html: string): string => html.slice(html.indexOf("</head>"));

describe("summaryHtml", () => {
  const html = summaryHtml(SUMMARY, { title: `Class <i>42</i>`, subtitle: `graded by ${EVIL}` });

  it("is inert: the CSP forbids everything but inline style and data images, and no report text becomes markup", () => {
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).toContain(CSP);
    expect(html).not.toMatch(/<script|<img|<i>|onerror=alert\(1\)>/);
    expect(html.match(/&lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt;/g)).toHaveLength(6);
    expect(html).toContain("<title>Class &lt;i&gt;42&lt;/i&gt;</title>");
    expect(html).toContain("<h1>Class &lt;i&gt;42&lt;/i&gt;</h1>");
    expect(html).toContain("is not a git bundle | &lt;b&gt;");
  });

  it("has the overview, the chart and one table row per exercise, test, message, mistake and student not graded", () => {
    expect(html).toContain("<p>3 students, 2 graded; mean 6.3 and median 6 of 10 points.</p>");
    expect(html).toContain("<svg");
    expect(body(html).match(/<tr>/g)).toHaveLength(5 + 6);
    expect(html).toContain("<td>1 of 2</td>");
    expect(html).toContain("<td>33 % (1 of 3)</td>");
    expect(html).toContain("<td>– (0 of 0)</td>");
    expect(html).toContain("<td>01 a; 01 b; 01 c; and 2 more</td>");
    expect(html).toContain("<td>notebooks/01-pagerank.ipynb#x</td>");
  });

  it("says None where there are no messages or mistakes, and leaves out Not graded when everyone was", () => {
    const clean = summaryHtml({ ...SUMMARY, messages: [], misconceptions: [], notGraded: [] });
    expect(clean).toContain("<h2>Most common failure messages</h2>\n<p>None.</p>");
    expect(clean).toContain("<h2>Known mistakes</h2>\n<p>None named.</p>");
    expect(clean).not.toContain("Not graded");
    expect(clean).toContain("<title>Class summary</title>");
  });

  it("appends the extra sections in order after its own: the title escaped, the body as the section made it", () => {
    const extra = [
      { title: "Similar <pairs>", html: "<p id=sim>pairs</p>", markdown: "PAIRS-MD" },
      { title: "Second", html: "<p>2</p>", markdown: "2" },
    ];
    const page = summaryHtml(SUMMARY, { extraSections: extra });
    const first = page.indexOf("<h2>Similar &lt;pairs&gt;</h2>\n<p id=sim>pairs</p>");
    expect(first).toBeGreaterThan(page.indexOf("<h2>Not graded</h2>"));
    expect(page.indexOf("<h2>Second</h2>\n<p>2</p>")).toBeGreaterThan(first);
    expect(page.trimEnd().endsWith("<p>2</p>\n</body></html>")).toBe(true);
  });
});

describe("summaryMarkdown", () => {
  const md = summaryMarkdown(SUMMARY, { title: "Class <i>\n42</i>", subtitle: "by a\\b" });
  const rows = md.split("\n").filter((l) => l.startsWith("| "));

  it("escapes HTML everywhere, and in table cells |, backticks and backslashes, each cell on one line", () => {
    expect(md).not.toMatch(/<script|<img|<i>|<b>/);
    expect(md.startsWith("# Class &lt;i&gt; 42&lt;/i&gt;\n\nby a\\\\b\n")).toBe(true);
    expect(rows).toContain("| 2 | 3 | expected &lt;script&gt;alert(\"x\")&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; \\| 2 second \\\\ line \\`code\\` | 01 a; 01 b; 01 c; and 2 more |");
    expect(rows).toContain("| s3&lt;script&gt;alert(\"x\")&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; | is not a git bundle \\| &lt;b&gt; |");
  });

  it("every table row has as many cells as its header (no | inside a cell is left unescaped)", () => {
    const cells = (line: string): number => line.split(/(?<!\\)\|/).length - 2;
    const tables = md.split("\n\n").filter((b) => b.startsWith("| "));
    expect(tables).toHaveLength(5);
    for (const t of tables) {
      const [head, ...rest] = t.split("\n").filter((l) => l.startsWith("|"));
      for (const r of rest) expect(cells(r), r).toBe(cells(head!));
    }
  });

  it("draws the distribution as a histogram scaled to the fullest bin (30 blocks)", () => {
    const hist = md.slice(md.indexOf("```\n") + 4, md.indexOf("\n```", md.indexOf("```\n") + 4)).split("\n");
    expect(hist).toHaveLength(11);
    const bar = (label: string): string => hist.find((l) => l.trimStart().startsWith(label))!;
    expect(bar("100 %")).toMatch(new RegExp(`^    100 % ${"█".repeat(30)} 2$`));
    expect(bar("50–59 %")).toMatch(new RegExp(`^  50–59 % ${"█".repeat(15)} {15} 1$`));
    expect(bar("0–9 %")).toMatch(/^ {4}0–9 % {32}0$/);
  });

  it("says None where there are none, and puts the extra sections last, their Markdown trimmed", () => {
    const out = summaryMarkdown({ ...SUMMARY, messages: [], misconceptions: [], notGraded: [] }, { extraSections: [{ title: "Similar <pairs>", html: "", markdown: "PAIRS-MD\n\n" }] });
    expect(out).toContain("## Most common failure messages\n\nNone.\n");
    expect(out).toContain("## Known mistakes\n\nNone named.\n");
    expect(out).not.toContain("Not graded");
    expect(out.endsWith("## Similar &lt;pairs&gt;\n\nPAIRS-MD\n")).toBe(true);
  });
});
