/**
 * Reads an exercise README: its title (the first `# ` heading), its `## ` sections, and its hints. Hints are the
 * `<details>` blocks of the `## Hints` section, in increasing detail, each with a `<summary>Hint N — title</summary>`:
 * collapsed when the README is read on a forge, and shown one at a time by `workbench hint`. A hint says which
 * graded tests it helps with in a list that opens its body (hints follow the failure):
 *
 *     Helps with:
 *     - <a graded test's title, exactly as in test/exercises/NN-name.test.ts>
 *
 * test/grader/exercises.test.ts checks that every graded test is named by a hint and every name is a graded test.
 * A Chinese README (`README.zh.md`) has the same layout in Chinese: `## 提示`, `<summary>提示 N — 标题</summary>` and
 * `对应的测试：` followed by the same English test titles (they are the tests' ids); `parseReadme` reads both.
 */
import { requireString } from "../core/validate.js";

export interface Hint {
  /** 1-based, as numbered in the summary. */
  number: number;
  title: string;
  /** The hint's markdown, trimmed, without its "Helps with:" list. */
  body: string;
  /** The titles of the graded tests this hint helps with (its "Helps with:" list; empty without one). */
  tests: string[];
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

const DETAILS = /<details>\s*<summary>\s*(?:Hint\s+|提示\s*)(\d+)\s*(?:[—–:-]\s*)?(.*?)\s*<\/summary>([\s\S]*?)<\/details>/g;

/** Parses a README; throws `ReadmeFormatError` naming what is missing or misnumbered. */
export function parseReadme(text: string): ExerciseReadme {
  const lines = text.split(/\r?\n/);
  const titleLine = lines.find((l) => l.startsWith("# "));
  if (!titleLine) throw new ReadmeFormatError("has no title (a first-level '# ' heading)");
  const sections = lines.filter((l) => l.startsWith("## ")).map((l) => l.slice(3).trim());
  const start = lines.findIndex(isHintsHeading);
  if (start < 0) throw new ReadmeFormatError("has no '## Hints' section");
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((l) => l.startsWith("## "));
  const block = (end < 0 ? rest : rest.slice(0, end)).join("\n");
  const hints: Hint[] = [];
  for (const m of block.matchAll(DETAILS)) {
    const { body, tests } = splitHelpsWith((m[3] ?? "").trim());
    hints.push({ number: Number(m[1]), title: (m[2] ?? "").trim(), body, tests });
  }
  if (hints.length === 0) throw new ReadmeFormatError("has no hints (<details><summary>Hint 1 — …</summary> … </details>)");
  hints.forEach((h, i) => {
    if (h.number !== i + 1) throw new ReadmeFormatError(`numbers its hints out of order: hint ${i + 1} is labelled ${h.number}`);
    if (h.body === "") throw new ReadmeFormatError(`has an empty hint ${h.number}`);
  });
  return { title: titleLine.slice(2).trim(), sections, hints };
}

const HELPS_WITH = /^(?:Helps with:|对应的测试[：:])\s*$/;

/** The heading of the hints section, in English or Chinese. */
export function isHintsHeading(line: string): boolean {
  return line.trim() === "## Hints" || line.trim() === "## 提示";
}

/** A hint's body without the "Helps with:" list that may open it, and the test titles that list names. */
function splitHelpsWith(text: string): { body: string; tests: string[] } {
  const lines = text.split(/\r?\n/);
  if (!HELPS_WITH.test(lines[0] ?? "")) return { body: text, tests: [] };
  let i = 1;
  const tests: string[] = [];
  for (; i < lines.length && lines[i]!.startsWith("- "); i++) tests.push(lines[i]!.slice(2).trim());
  if (tests.length === 0) throw new ReadmeFormatError(`has a "Helps with:" line not followed by a list ("- <test title>")`);
  return { body: lines.slice(i).join("\n").trim(), tests };
}

/**
 * What leaves a hint unfolded in a README's text: anything in `## Hints` outside its `<details>` blocks, a section
 * after it, or a "Hint N" summary above it (in the task). Hints are read folded, or one at a time through `hint`.
 */
export function hintFoldProblems(text: string): string[] {
  requireString("hintFoldProblems", "text", text);
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex(isHintsHeading);
  if (start < 0) return ["has no '## Hints' section"];
  const problems: string[] = [];
  if (/<summary>\s*(?:Hint\s+|提示\s*)\d/.test(lines.slice(0, start).join("\n"))) problems.push("has a hint above '## Hints' (in the task text)");
  const rest = lines.slice(start + 1);
  const next = rest.findIndex((l) => l.startsWith("## "));
  if (next >= 0) problems.push(`has a section after '## Hints' ("${rest[next]!.slice(3).trim()}"): hints must be last, and folded`);
  const block = (next < 0 ? rest : rest.slice(0, next)).join("\n");
  const outside = block.replace(/<details>[\s\S]*?<\/details>/g, "").trim();
  if (outside !== "") problems.push(`has text in '## Hints' outside a folded <details> hint: "${outside.slice(0, 60)}"`);
  return problems;
}
