import { describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { renderMarkdown } from "../../lib/notebooks/html.js";
import { parseNotebook, sourceText } from "../../lib/notebooks/ipynb.js";
import { listNotebooks } from "../../lib/notebooks/project.js";
import { diagramNames } from "../../lib/show/diagram.js";

const root = join(__dirname, "..", "..");
const notebooks = listNotebooks(join(root, "notebooks"));

describe.each(notebooks.map((f) => [basename(f), f]))("%s has what every study notebook needs", (_, file) => {
  const nb = parseNotebook(readFileSync(file, "utf8"), file);
  const code = nb.cells.filter((c) => c.cell_type === "code").map((c) => sourceText(c.source));
  const markdown = nb.cells.filter((c) => c.cell_type === "markdown").map((c) => sourceText(c.source));

  it("starts with a title and imports lib (it never re-implements it)", () => {
    expect(markdown[0]).toMatch(/^# \d · /);
    expect(code.some((c) => c.includes('from "@aider-workbench/lib"'))).toBe(true);
  });

  it("embeds a committed diagram", () => {
    const shown = code.flatMap((c) => [...c.matchAll(/show\.diagram\("([a-z0-9-]+)"\)/g)].map((m) => m[1]!));
    expect(shown.length).toBeGreaterThan(0);
    for (const name of shown) expect(diagramNames(root)).toContain(name);
  });

  it('has a "try it" cell that changes an input', () => {
    expect(nb.cells.some((c) => c.cell_type === "code" && c.id === "try-it")).toBe(true);
    expect(markdown.some((m) => /^## Try it/m.test(m))).toBe(true);
  });

  it("points to exercises that exist in its Exercise section", () => {
    const section = markdown.find((m) => /^## Exercises?$/m.test(m));
    expect(section, "a '## Exercise' section").toBeDefined();
    const dirs = [...section!.matchAll(/`exercises\/([0-9]{2}-[a-z-]+)\/`/g)].map((m) => m[1]!);
    expect(dirs.length).toBeGreaterThan(0);
    for (const d of dirs) expect(existsSync(join(root, "exercises", d, "README.md")), `exercises/${d}`).toBe(true);
  });

  it('asks a question in its "Try it" section, the answer folded', () => {
    const at = nb.cells.findIndex((c) => c.id === "try-it");
    const intro = nb.cells[at - 1];
    expect(intro?.cell_type).toBe("markdown");
    const text = sourceText(intro!.source);
    expect(text).toMatch(/^## Try it/);
    // the question is the fold's summary, the answer inside it
    const asked = folds(text);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.summary).toMatch(/^<b>Check yourself\.<\/b> .+\?$/);
    expect(asked[0]!.body.trim().length).toBeGreaterThan(40);
  });

  it("ends with a three-question check of its knowledge point, each answer folded", () => {
    const last = markdown[markdown.length - 1]!;
    expect(last).toMatch(/^## Check yourself\n/);
    // each question is the summary of its fold, the answer inside
    const asked = folds(last);
    expect(asked.map((f) => /^([1-3])\. .+\?$/.exec(f.summary)?.[1])).toEqual(["1", "2", "3"]);
    for (const f of asked) expect(f.body.trim().length).toBeGreaterThan(40);
  });

  it("keeps every markdown fold well formed, and closed on the rendered page", () => {
    for (const m of markdown.filter((text) => text.includes("<details"))) {
      const opened = (m.match(/<details>/g) ?? []).length;
      expect((m.match(/<\/details>/g) ?? []).length).toBe(opened);
      // a blank line after the summary and before </details>, so the inside is markdown (and math) in Jupyter too
      expect(m).not.toMatch(/<\/summary>\n(?!\n)/);
      expect(m).not.toMatch(/[^\n]\n<\/details>/);
      // a summary is HTML, not markdown: `code`, *emphasis* or $math$ there would show as typed
      for (const f of folds(m)) expect(f.summary).not.toMatch(/[`$]|\*\w/);
      const html = renderMarkdown(m);
      expect((html.match(/<details>/g) ?? []).length).toBe(opened);
      expect(html).not.toMatch(/<details[^>]*\bopen\b/);
    }
  });
});

/** The `<details>` folds of a markdown text: their summaries and what they hide. */
function folds(text: string): { summary: string; body: string }[] {
  return [...text.matchAll(/<details><summary>(.*?)<\/summary>\n\n([\s\S]*?)\n\n<\/details>/g)].map((m) => ({ summary: m[1]!, body: m[2]! }));
}

/** Results an exercise asks for, which the notebook shows only behind a "try it first" fold (issue: predict, then look). */
const predictFirst: Record<string, { predictCell: string; folded: RegExp; exercise: string }> = {
  "01-personalized-pagerank.ipynb": { predictCell: "ab-predict", folded: /\\frac\{1\}\{1\+\\alpha\}/, exercise: "01" },
  "02-symbols-and-budget.ipynb": { predictCell: "search-predict", folded: /accepts \*\*55 tags, 1100 tokens/, exercise: "03" },
  "05-git-checkpoints.ipynb": { predictCell: "example-predict", folded: /\\text\{before the edit\} = D \\cap E/, exercise: "05" },
};

describe.each(Object.entries(predictFirst))("%s: predict, then look", (name, want) => {
  const nb = parseNotebook(readFileSync(join(root, "notebooks", name), "utf8"), name);
  const cells = nb.cells.map((c) => ({ id: c.id, type: c.cell_type, text: sourceText(c.source) }));

  it(`has a cell that checks the learner's prediction for exercise ${want.exercise} and prints no answer`, () => {
    const cell = cells.find((c) => c.id === want.predictCell);
    expect(cell?.type).toBe("code");
    expect(cell!.text).toMatch(/"right" : "not yet"/);
    expect(cell!.text).not.toMatch(/tslab\.display/);
  });

  it("shows the answer only inside a fold, after the prediction cell", () => {
    const at = cells.findIndex((c) => c.id === want.predictCell);
    const showing = cells.filter((c) => c.type === "markdown" && want.folded.test(c.text));
    expect(showing.length).toBeGreaterThan(0);
    for (const c of showing) {
      expect(cells.indexOf(c)).toBeGreaterThan(at);
      expect(folds(c.text).some((f) => want.folded.test(f.body)), "inside a <details>").toBe(true);
    }
    // and the code after it folds what it displays (show.foldedHtml) until the reader opens it
    const code = cells.slice(at + 1).filter((c) => c.type === "code");
    expect(code.some((c) => c.text.includes('show.foldedHtml(\n') || c.text.includes("show.foldedHtml("))).toBe(true);
  });
});

it("notebook 01 does not spell out the A → B closed form outside a fold (exercise 01 asks for it)", () => {
  const nb = parseNotebook(readFileSync(join(root, "notebooks", "01-personalized-pagerank.ipynb"), "utf8"), "01");
  for (const c of nb.cells) {
    const text = sourceText(c.source);
    if (c.cell_type === "code") expect(text).not.toMatch(/\(1 - alpha\) \/ \(1 - alpha/);
    else expect(text.replace(/<details>[\s\S]*?<\/details>/g, "")).not.toMatch(/\\frac\{(0\.15|1-\\alpha|1)\}\{(0\.2775|1-\\alpha\^2|1\+\\alpha)\}/);
  }
});
