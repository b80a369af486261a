/**
 * A Markdown file and its Chinese sibling (`X.md`, `X.zh.md`) held to the same structure: as many `## ` sections,
 * the same fenced code blocks byte for byte, and — for an exercise README — the same hints, numbered alike, each
 * naming the same graded tests (`对应的测试：` lists the English titles, which are the tests' ids).
 */
import { requireString } from "../core/validate.js";
import { isHintsHeading, parseReadme, type Hint } from "./readme.js";

/** The fenced code blocks of a Markdown text (``` or ~~~ fences, the fence lines included), in order. */
export function fencedBlocks(text: string): string[] {
  requireString("fencedBlocks", "text", text);
  const blocks: string[] = [];
  let open: { fence: string; lines: string[] } | null = null;
  for (const line of text.split(/\r?\n/)) {
    if (open) {
      open.lines.push(line);
      if (line.trim() === open.fence) {
        blocks.push(open.lines.join("\n"));
        open = null;
      }
    } else {
      const m = /^\s*(`{3,}|~{3,})/.exec(line);
      if (m) open = { fence: m[1]!, lines: [line] };
    }
  }
  if (open) blocks.push(open.lines.join("\n"));
  return blocks;
}

/** The `## ` headings outside code blocks. */
function sections(text: string): string[] {
  let inside: string | null = null;
  const found: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*(`{3,}|~{3,})/.exec(line);
    if (inside !== null) {
      if (line.trim() === inside) inside = null;
    } else if (m) inside = m[1]!;
    else if (line.startsWith("## ")) found.push(line.slice(3).trim());
  }
  return found;
}

/**
 * What differs in structure between an English Markdown text and its Chinese translation, one line each (empty
 * when they agree): the number of `## ` sections, each code block, and the hints (numbers, tests named).
 */
export function translationStructureProblems(en: string, zh: string): string[] {
  requireString("translationStructureProblems", "en", en);
  requireString("translationStructureProblems", "zh", zh);
  const problems: string[] = [];
  const [se, sz] = [sections(en), sections(zh)];
  if (se.length !== sz.length) problems.push(`has ${sz.length} '## ' sections, the English ${se.length}`);
  const [be, bz] = [fencedBlocks(en), fencedBlocks(zh)];
  if (be.length !== bz.length) problems.push(`has ${bz.length} code blocks, the English ${be.length}`);
  be.forEach((b, i) => {
    if (bz[i] !== undefined && bz[i] !== b) problems.push(`code block ${i + 1} differs from the English (code blocks stay byte-identical): ${JSON.stringify(bz[i]!.slice(0, 60))}`);
  });
  const hasHints = (t: string): boolean => t.split(/\r?\n/).some(isHintsHeading);
  if (hasHints(en) || hasHints(zh)) problems.push(...hintProblems(en, zh));
  return problems;
}

function hintProblems(en: string, zh: string): string[] {
  let he: Hint[], hz: Hint[];
  try {
    he = parseReadme(en).hints;
  } catch (err) {
    return [`the English README ${(err as Error).message}`];
  }
  try {
    hz = parseReadme(zh).hints;
  } catch (err) {
    return [`the Chinese README ${(err as Error).message}`];
  }
  const problems: string[] = [];
  if (he.length !== hz.length) problems.push(`has ${hz.length} hints, the English ${he.length}`);
  he.forEach((h, i) => {
    const z = hz[i];
    if (z === undefined) return;
    if (z.number !== h.number) problems.push(`hint ${i + 1} is numbered ${z.number}, the English ${h.number}`);
    if (JSON.stringify(z.tests) !== JSON.stringify(h.tests)) {
      problems.push(`hint ${h.number} names the tests ${JSON.stringify(z.tests)} under 对应的测试：, the English "Helps with:" ${JSON.stringify(h.tests)}`);
    }
  });
  return problems;
}
