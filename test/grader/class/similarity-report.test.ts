import { readFileSync } from "node:fs";
import { join } from "node:path";
import MarkdownIt from "markdown-it";
import { describe, expect, it } from "vitest";
import { analyseSimilarity, type SimilaritySource } from "../../../lib/grader/class/similarity.js";
import { LEAD_NOT_VERDICT, markdownFence, markdownText, similarityHtml, similarityMarkdown, submissionPairs } from "../../../lib/grader/class/similarity-report.js";

const ROOT = join(__dirname, "..", "..", "..");
const SOLUTION = readFileSync(join(ROOT, "solutions/01-pagerank/pagerank.ts"), "utf8");
const HOSTILE_ID = `<img src=x onerror=alert(1)>|**x**\n# h`;
/** The solution with markup in a comment and a string inside pageRankStep's shared passage, and a fence breaker. */
const HOSTILE = SOLUTION.replace(
  "    const p = graph.prior.get(n)!;",
  "    const p = graph.prior.get(n)!; // </pre></td></tr></table><script>alert(document.cookie)</script>",
).replace("if (graph.outgoing.get(n) === 0)", 'if (graph.outgoing.get(n) === "<script>alert(1)</script>```")');
const sources: SimilaritySource[] = [
  { id: HOSTILE_ID, kind: "student", exercise: "01-pagerank", file: "01-pagerank/pagerank.ts", text: HOSTILE },
  { id: "solution", kind: "solution", exercise: "01-pagerank", file: "solutions/01-pagerank/pagerank.ts", text: SOLUTION },
];
const analysis = analyseSimilarity(sources, { threshold: 0.5 });
const { pairs, ...counts } = analysis;

const ALLOWED_TAGS = new Set(["section", "style", "h2", "h3", "h4", "p", "strong", "em", "table", "thead", "tbody", "tr", "th", "td", "a", "code", "details", "summary", "div", "pre", "span", "blockquote", "ol", "ul", "li"]);

/** Every tag in `html` is one of ours, and no tag has an event handler or a script URL. */
function expectInert(html: string): void {
  const tags = [...html.matchAll(/<\/?([a-zA-Z][\w-]*)([^>]*)>/g)];
  expect(tags.length).toBeGreaterThan(5);
  for (const [whole, tag, attrs] of tags) {
    expect(ALLOWED_TAGS.has(tag!.toLowerCase()), whole).toBe(true);
    expect(/\son\w+\s*=|javascript:/i.test(attrs!), whole).toBe(false);
  }
}

describe("similarityHtml", () => {
  const html = similarityHtml(pairs, { threshold: 0.5, analysis: counts });

  it("shows the hostile code and id as text: the <script> in a submission is inert", () => {
    expect(pairs.some((p) => p.matches.some((m) => m.a.text.includes("<script>")))).toBe(true);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).toContain("&lt;script&gt;alert(document.cookie)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expectInert(html);
  });

  it("says it is a lead, not a penalty, before any pair, and states what was left out", () => {
    expect(html.indexOf("never an automatic penalty")).toBeGreaterThan(0);
    expect(html.indexOf("never an automatic penalty")).toBeLessThan(html.indexOf("<details"));
    expect(html).toContain(`among ${counts.compared} student functions compared`);
  });

  it("puts the matching lines side by side with their line numbers in both files", () => {
    const p = pairs.find((x) => x.a.function === "pageRankStep")!;
    const m = p.matches[0]!;
    expect(html).toContain(`lines ${m.a.fromLine}–${m.a.toLine}`);
    expect(html).toContain(`lines ${m.b.fromLine}–${m.b.toLine}`);
    expect(html).toMatch(/<tr><td><div>lines [^<]*<\/div><pre>[\s\S]*?<\/pre><\/td><td><div>lines/);
  });

  it("uses no id from a submission as an HTML id or link", () => {
    for (const [, value] of html.matchAll(/(?:id|href)="([^"]*)"/g)) expect(value).toMatch(/^#?wb-sim-\d+$/);
  });

  it("with no pairs, still says what was compared", () => {
    const empty = similarityHtml([], { threshold: 0.9 });
    expect(empty).toContain("0 pairs scoring 0.9 or more");
    expect(empty).toContain(LEAD_NOT_VERDICT.slice(0, 40));
  });

  it("checks its arguments", () => {
    expect(() => similarityHtml("x" as never)).toThrow(/pairs/);
    expect(() => similarityHtml([{} as never])).toThrow(/pairs\[0\]/);
    expect(() => similarityHtml([], { maxShown: -1 })).toThrow(/maxShown/);
    expect(() => similarityHtml([], { colour: 1 } as never)).toThrow(/not a known option/);
  });
});

describe("submissionPairs", () => {
  it("groups the pairs by who looks like whom, most functions alike first", () => {
    const side = (id: string, kind: "student" | "solution" | "lib" = "student") => ({ id, kind, file: "f.ts", function: "f", fromLine: 1, toLine: 2 });
    const pair = (a: string, b: string, score: number, kind: "student" | "solution" = "student") => ({ exercise: "01", score, shared: 1, union: 1, a: side(a), b: side(b, kind), matches: [] });
    const got = submissionPairs([pair("ann", "bo", 0.9), pair("cy", "solution", 1, "solution"), pair("ann", "bo", 0.8), pair("ann", "cy", 1)]);
    expect(got.map((g) => [g.a, g.b, g.functions, g.best, Number(g.mean.toFixed(2))])).toEqual([
      ["ann", "bo", 2, 0.9, 0.85],
      ["ann", "cy", 1, 1, 1],
      ["cy", "reference solution", 1, 1, 1],
    ]);
  });
});

describe("similarityMarkdown", () => {
  const md = similarityMarkdown(pairs, { threshold: 0.5, analysis: counts });

  it("renders to inert HTML even with raw HTML allowed, every code passage inside its fence", () => {
    const rendered = new MarkdownIt({ html: true }).render(md);
    expect(rendered).not.toMatch(/<script/i);
    expect(rendered).not.toMatch(/<img/i);
    expectInert(rendered);
    // the code came through whole, as code
    expect(rendered).toContain("&lt;script&gt;alert(1)&lt;/script&gt;```");
    expect(md.indexOf("never an automatic penalty")).toBeLessThan(md.indexOf("#### 1."));
  });

  it("keeps every table row to its columns whatever the id holds", () => {
    const rows = md.split("\n").filter((l) => /^\| \d/.test(l));
    expect(rows.length).toBe(pairs.length);
    for (const r of rows) expect(r.replace(/\\\|/g, "").split("|").length).toBe(9);
  });

  it("escapes inline text and fences code longer than its longest backtick run", () => {
    expect(markdownText("a|b*c_<d>\n[e](f)")).toBe("a\\|b\\*c\\_&lt;d&gt; \\[e\\]\\(f\\)");
    expect(markdownFence("x ```` y", "ts")).toBe("`````ts\nx ```` y\n`````");
    expect(markdownFence("plain")).toBe("```\nplain\n```");
  });
});

describe("clusters in the report", () => {
  it("lists who belongs together and names a match with the reference solution as such, in both formats", () => {
    const three: SimilaritySource[] = [
      { id: "ann", kind: "student", exercise: "01-pagerank", file: "01-pagerank/pagerank.ts", text: SOLUTION },
      { id: "bo", kind: "student", exercise: "01-pagerank", file: "01-pagerank/pagerank.ts", text: SOLUTION },
      { id: "solution", kind: "solution", exercise: "01-pagerank", file: "solutions/01-pagerank/pagerank.ts", text: SOLUTION },
    ];
    const a = analyseSimilarity(three);
    expect(a.clusters.map((c) => [c.students, c.references])).toEqual([[["ann", "bo"], ["solution"]]]);
    expect(similarityHtml(a.pairs, { analysis: a })).toMatch(/<h3>Clusters<\/h3>[^]*<td>ann, bo<\/td><td>the reference solution<\/td>/);
    expect(similarityMarkdown(a.pairs, { analysis: a })).toContain("| ann, bo | the reference solution | 01\\-pagerank |");
  });
});
