/**
 * The inputs of the SEARCH/REPLACE laws (laws-search-replace.ts): one generator per situation the seed page and
 * Aider's chain treat differently (`aider/coders/editblock_coder.py` `replace_most_similar_chunk`–4.5), and both models run on a case.
 *
 * Context lines, block lines and replacement lines come from three vocabularies that never match each other (not
 * even as substrings), so a case's SEARCH can only match where the generator put its block.
 */
import type { Arbitrary } from "fast-check";
import { WorkbenchInputError } from "../core/errors.js";
import { teachingSearchReplace, type SearchReplaceResult } from "../editblock/teaching/search-replace.js";
import { replaceMostSimilarChunk, type ReplaceOutcome } from "../editblock/replace.js";
import type { ExploreRow, FastCheck } from "./law.js";

/** One edit of one text: the file's content, SEARCH and REPLACE. */
export interface ReplaceCase {
  readonly file: string;
  readonly search: string;
  readonly replace: string;
}

const CONTEXT = ["# setup", "import os", "def main():"] as const;
const BLOCK = ["x = 1", "y = 2", "return x", "if x:", "call(y)"] as const;
const NEW = ["x = 10", "z = 3", "return z", "pass"] as const;

const text = (lines: readonly string[]) => lines.map((l) => l + "\n").join("");
const context = (fc: FastCheck) => fc.array(fc.constantFrom(...CONTEXT), { maxLength: 2 });
const newLines = (fc: FastCheck, minLength: number, indents: readonly string[] = [""]) =>
  fc.array(fc.tuple(fc.constantFrom(...indents), fc.constantFrom(...NEW)).map(([i, l]) => i + l), { minLength, maxLength: 3 });

/** Lines that repeat, with and without indentation, and blank ones: exact matches with duplicates. */
export const exactCase = (fc: FastCheck): Arbitrary<ReplaceCase> =>
  fc
    .record({
      lines: fc.array(fc.constantFrom("x = 1", "y = 2", "    x = 1", "", "return x"), { minLength: 1, maxLength: 6 }),
      from: fc.nat(),
      length: fc.integer({ min: 1, max: 3 }),
      chop: fc.boolean(),
      replace: fc.oneof(fc.constant([] as string[]), newLines(fc, 1)),
    })
    .map(({ lines, from, length, chop, replace }) => {
      const start = from % lines.length;
      const file = text(lines);
      // dropping the final "\n" of a last line that is not empty leaves the lines as they are
      const drop = chop && lines[lines.length - 1] !== "";
      return { file: drop ? file.slice(0, -1) : file, search: text(lines.slice(start, start + length)), replace: text(replace) };
    })
    .filter((c) => c.search.trim() !== "");

/** An edit whose SEARCH is the whole file and whose REPLACE is empty: it deletes everything. */
export const deleteEverythingCase = (fc: FastCheck): Arbitrary<ReplaceCase> =>
  fc
    .array(fc.constantFrom("x = 1", "y = 2", "    x = 1", "", "return x"), { minLength: 1, maxLength: 5 })
    .map((lines) => ({ file: text(lines), search: text(lines), replace: "" }))
    .filter((c) => c.search.trim() !== "");

export type Whitespace = "spaces" | "mixed";
const INDENTS: Record<Whitespace, { prefix: readonly string[]; relative: readonly string[] }> = {
  spaces: { prefix: ["  ", "    ", "        "], relative: ["", "", "  ", "    "] },
  mixed: { prefix: [" ", "\t", "  ", "\t ", " \t"], relative: ["", " ", "\t", "  "] },
};

/** A block, with its own relative indentation, that the file has indented by one more prefix than SEARCH. */
export const missingIndentCase = (fc: FastCheck, ws: Whitespace): Arbitrary<ReplaceCase> =>
  fc
    .record({
      before: context(fc),
      block: fc.array(fc.tuple(fc.constantFrom(...INDENTS[ws].relative), fc.constantFrom(...BLOCK, "")), { minLength: 1, maxLength: 3 }),
      prefix: fc.constantFrom(...INDENTS[ws].prefix),
      replace: newLines(fc, 1, INDENTS[ws].relative),
      after: context(fc),
    })
    .filter(({ block }) => block.some(([, l]) => l !== ""))
    .map(({ before, block, prefix, replace, after }) => ({
      file: text([...before, ...block.map(([i, l]) => (l === "" ? "" : prefix + i + l)), ...after]),
      search: text(block.map(([i, l]) => (l === "" ? "" : i + l))),
      replace: text(replace),
    }));

/** A block that SEARCH indents by `extra` more than the file; REPLACE is at least as indented as SEARCH. */
export const extraIndentCase = (fc: FastCheck): Arbitrary<ReplaceCase & { readonly extra: string; readonly expected: string }> =>
  fc
    .record({
      before: context(fc),
      block: fc.array(fc.tuple(fc.constantFrom("", "  "), fc.constantFrom(...BLOCK)), { minLength: 1, maxLength: 3 }),
      indent: fc.constantFrom("", "  ", "    "),
      extra: fc.constantFrom("  ", "    "),
      replace: newLines(fc, 1, ["", "  "]),
      after: context(fc),
    })
    .map(({ before, block, indent, extra, replace, after }) => ({
      file: text([...before, ...block.map(([i, l]) => indent + i + l), ...after]),
      search: text(block.map(([i, l]) => indent + extra + i + l)),
      replace: text(replace.map((l) => indent + extra + l)),
      extra,
      expected: text([...before, ...replace.map((l) => indent + l), ...after]),
    }));

/** SEARCH = a blank line, then a block of the file; the file has no blank line. */
export const leadingBlankCase = (fc: FastCheck, minBlock: number): Arbitrary<ReplaceCase & { readonly expected: string }> =>
  fc
    .record({
      before: context(fc),
      block: fc.array(fc.constantFrom(...BLOCK), { minLength: minBlock, maxLength: 3 }),
      replace: newLines(fc, 1),
      after: context(fc),
    })
    .map(({ before, block, replace, after }) => ({
      file: text([...before, ...block, ...after]),
      search: "\n" + text(block),
      replace: text(replace),
      expected: text([...before, ...replace, ...after]),
    }));

/** SEARCH = piece A, a "..." line, piece B (both in the file, once each); REPLACE = A', "...", B'. */
export const dotsCase = (fc: FastCheck): Arbitrary<ReplaceCase & { readonly expected: string }> =>
  fc
    .record({
      before: context(fc),
      pieces: fc.uniqueArray(fc.constantFrom(...BLOCK), { minLength: 2, maxLength: 4 }),
      split: fc.nat(),
      middle: context(fc),
      a: newLines(fc, 1),
      b: newLines(fc, 1),
      after: context(fc),
    })
    .map(({ before, pieces, split, middle, a, b, after }) => {
      const cut = 1 + (split % (pieces.length - 1));
      const [pa, pb] = [pieces.slice(0, cut), pieces.slice(cut)];
      return {
        file: text([...before, ...pa, ...middle, ...pb, ...after]),
        search: text([...pa, "...", ...pb]),
        replace: text([...a, "...", ...b]),
        expected: text([...before, ...a, ...middle, ...b, ...after]),
      };
    });

/** A file line indented by i spaces, SEARCH by s > i + r, REPLACE by r: Aider's negative-slice case. */
export const garbledCase = (fc: FastCheck): Arbitrary<ReplaceCase & { readonly expected: string }> =>
  fc
    .record({
      before: context(fc),
      line: fc.constantFrom(...BLOCK),
      i: fc.integer({ min: 0, max: 4 }),
      r: fc.integer({ min: 0, max: 4 }),
      excess: fc.integer({ min: 1, max: 6 }),
      y: fc.constantFrom(...NEW),
      after: context(fc),
    })
    .map(({ before, line, i, r, excess, y, after }) => {
      const s = i + r + excess;
      const fileLine = " ".repeat(i) + line + "\n";
      // Python's fileLine[:-excess]: the line without its last `excess` code points (ASCII here)
      const cut = fileLine.slice(0, Math.max(0, fileLine.length - excess));
      return {
        file: text(before) + fileLine + text(after),
        search: " ".repeat(s) + line + "\n",
        replace: " ".repeat(r) + y + "\n",
        expected: text(before) + cut + y + "\n" + text(after),
      };
    });

/** Any of the above, or a SEARCH of lines drawn from all vocabularies (usually matching nothing). */
export const anyReplaceCase = (fc: FastCheck): Arbitrary<ReplaceCase> => {
  const anyLine = fc.constantFrom(...CONTEXT, ...BLOCK, ...NEW, "", "  x = 1", "\ty = 2");
  const random = fc
    .record({ file: fc.array(anyLine, { maxLength: 6 }), search: fc.array(anyLine, { minLength: 1, maxLength: 3 }), replace: fc.array(anyLine, { maxLength: 3 }) })
    .map(({ file, search, replace }) => ({ file: text(file), search: text(search), replace: text(replace) }))
    .filter((c) => c.search.trim() !== "");
  return fc.oneof(random, exactCase(fc), missingIndentCase(fc, "mixed"), extraIndentCase(fc), leadingBlankCase(fc, 1), dotsCase(fc), garbledCase(fc));
};

/** Both models on one case; the teaching model's rejection of its input is reported as text. */
export function runBoth(c: ReplaceCase): { teaching: SearchReplaceResult | { rejected: string }; aider: ReplaceOutcome } {
  let teaching: SearchReplaceResult | { rejected: string };
  try {
    teaching = teachingSearchReplace(c.file, c.search, c.replace);
  } catch (err) {
    if (!(err instanceof WorkbenchInputError)) throw err;
    teaching = { rejected: err.message };
  }
  return { teaching, aider: replaceMostSimilarChunk(c.file, c.search, c.replace) };
}

/** The teaching model's text (null when it rejected the input). */
export const teachingText = (t: SearchReplaceResult | { rejected: string }): string | null => ("rejected" in t ? null : t.text);

/** The case and each model's result, as rows of (what, text). */
export function replaceRows(c: ReplaceCase): ExploreRow[] {
  const { teaching, aider } = runBoth(c);
  return [
    { what: "file", text: c.file },
    { what: "SEARCH", text: c.search },
    { what: "REPLACE", text: c.replace },
    "rejected" in teaching
      ? { what: "teaching model: rejected", text: teaching.rejected }
      : { what: `teaching model: ${teaching.mode}`, text: teaching.text },
    { what: `Aider: ${aider.stage}`, text: aider.result ?? "(null: no match, the file is left as it was)" },
  ];
}
