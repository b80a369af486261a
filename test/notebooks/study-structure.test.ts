import { describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { parseNotebook, sourceText } from "../../lib/notebooks/ipynb.js";
import { listNotebooks } from "../../lib/notebooks/project.js";
import { diagramNames } from "../../lib/show/index.js";

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

  it("ends by pointing to exercises that exist", () => {
    const last = markdown[markdown.length - 1]!;
    const dirs = [...last.matchAll(/`exercises\/([0-9]{2}-[a-z-]+)\/`/g)].map((m) => m[1]!);
    expect(dirs.length).toBeGreaterThan(0);
    for (const d of dirs) expect(existsSync(join(root, "exercises", d, "README.md")), `exercises/${d}`).toBe(true);
  });
});
