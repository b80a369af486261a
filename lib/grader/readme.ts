/**
 * Reads an exercise README: its title (the first `# ` heading), its `## ` sections, and its hints. Hints are the
 * `<details>` blocks of the `## Hints` section, in increasing detail, each with a `<summary>Hint N — title</summary>`:
 * collapsed when the README is read on a forge, and shown one at a time by `workbench hint`.
 */

export interface Hint {
  /** 1-based, as numbered in the summary. */
  number: number;
  title: string;
  /** The hint's markdown, trimmed. */
  body: string;
}

export interface ExerciseReadme {
  title: string;
  /** `## ` headings, in order. */
  sections: string[];
  hints: Hint[];
}

/** A README that does not follow the layout above. */
export class ReadmeFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ReadmeFormatError";
  }
}

const DETAILS = /<details>\s*<summary>\s*Hint\s+(\d+)\s*(?:[—–:-]\s*)?(.*?)\s*<\/summary>([\s\S]*?)<\/details>/g;

/** Parses a README; throws `ReadmeFormatError` naming what is missing or misnumbered. */
export function parseReadme(text: string): ExerciseReadme {
  const lines = text.split(/\r?\n/);
  const titleLine = lines.find((l) => l.startsWith("# "));
  if (!titleLine) throw new ReadmeFormatError("has no title (a first-level '# ' heading)");
  const sections = lines.filter((l) => l.startsWith("## ")).map((l) => l.slice(3).trim());
  const start = lines.findIndex((l) => l.trim() === "## Hints");
  if (start < 0) throw new ReadmeFormatError("has no '## Hints' section");
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((l) => l.startsWith("## "));
  const block = (end < 0 ? rest : rest.slice(0, end)).join("\n");
  const hints: Hint[] = [];
  for (const m of block.matchAll(DETAILS)) {
    hints.push({ number: Number(m[1]), title: (m[2] ?? "").trim(), body: (m[3] ?? "").trim() });
  }
  if (hints.length === 0) throw new ReadmeFormatError("has no hints (<details><summary>Hint 1 — …</summary> … </details>)");
  hints.forEach((h, i) => {
    if (h.number !== i + 1) throw new ReadmeFormatError(`numbers its hints out of order: hint ${i + 1} is labelled ${h.number}`);
    if (h.body === "") throw new ReadmeFormatError(`has an empty hint ${h.number}`);
  });
  return { title: titleLine.slice(2).trim(), sections, hints };
}
