/**
 * Parser laws: Aider's reply parser (editblock/parse.ts `getEdits` / `formatEditBlock`, `aider/coders/editblock_coder.py` `find_original_update_blocks`, `find_filename`) on
 * arbitrary text, and the round trip format → parse. The teaching model has no parser: a reply is where
 * production begins.
 */
import type { Arbitrary } from "fast-check";
import { strip } from "../core/pystr.js";
import { ALL_FENCES, type Fence } from "../editblock/fence.js";
import {
  EXPECTED_DIVIDER_ERROR,
  EXPECTED_UPDATED_ERROR,
  formatEditBlock,
  getEdits,
  isDivider,
  isHead,
  isUpdated,
  MISSING_FILENAME_ERROR,
  type EditBlock,
} from "../editblock/parse.js";
import type { ExploreRow, FastCheck, Law } from "./law.js";

/** A reply, the fence and the chat's file names it is parsed with. */
export interface ReplyCase {
  readonly content: string;
  readonly fence: Fence;
  readonly validFnames: readonly string[] | null;
}

/** Edits to format as blocks and parse back. */
export interface RoundTripCase {
  readonly edits: readonly EditBlock[];
  readonly fence: Fence;
}

const PIECES = [
  "<<<<<<< SEARCH", "<<<<<<< SEARCH>", "<<<<< SEARCH", "=======", "==========", ">>>>>>> REPLACE", " >>>>>>> REPLACE ",
  "```", "```python", "```bash", "```csharp", "a.py", "src/b.py", "# c.md:", "`a.py`", "I will edit a.py now", "...", "", "   ",
] as const;
const EOLS = ["\n", "\n", "\r\n", "\r", "\u2028", "\x0c"] as const;

/** Replies of marker-like lines (any line ending Python knows), or any text at all. */
export const replyCase = (fc: FastCheck): Arbitrary<ReplyCase> =>
  fc.record({
    content: fc.oneof(
      fc.array(fc.tuple(fc.constantFrom(...PIECES), fc.constantFrom(...EOLS)).map(([l, e]) => l + e), { maxLength: 14 }).map((ls) => ls.join("")),
      fc.string({ unit: "binary", maxLength: 80 }),
    ),
    fence: fc.constantFrom(...ALL_FENCES),
    validFnames: fc.option(fc.subarray(["a.py", "src/b.py", "c.md"]), { nil: null }),
  });

/** Names the format can carry: no characters strip_filename trims, no fence, not "...". */
const plainName = (fc: FastCheck) =>
  fc.stringMatching(/^[a-z0-9_][a-z0-9_./-]{0,15}[a-z0-9_]$/).filter((n) => n !== "..." && !n.startsWith("```"));
const isMarker = (l: string) => isHead(strip(l)) || isDivider(strip(l)) || isUpdated(strip(l));
const lineUnits = ["a", " ", "\t", "=", "<", ">", "`", "é", "😀", "x", "#"] as const;
/** Texts of whole lines, none of which is a marker. */
const plainText = (fc: FastCheck) =>
  fc
    .array(fc.string({ maxLength: 12, unit: fc.constantFrom(...lineUnits) }).filter((l) => !isMarker(l)), { maxLength: 5 })
    .map((ls) => ls.map((l) => l + "\n").join(""));
/** Texts of whole lines that may be marker or fence lines. */
const anyText = (fc: FastCheck) =>
  fc
    .array(fc.oneof(fc.string({ maxLength: 12, unit: fc.constantFrom(...lineUnits) }), fc.constantFrom("=======", ">>>>>>> REPLACE", "<<<<<<< SEARCH", "```")), { maxLength: 5 })
    .map((ls) => ls.map((l) => l + "\n").join(""));
/** Names with spaces, colons, hashes, backticks and stars, which strip_filename may trim. */
const anyName = (fc: FastCheck) => fc.string({ minLength: 1, maxLength: 8, unit: fc.constantFrom("a", ".", "/", " ", ":", "#", "`", "*", "p", "y") });

const roundTrip = (fc: FastCheck, name: Arbitrary<string>, body: Arbitrary<string>): Arbitrary<RoundTripCase> =>
  fc.record({
    edits: fc.array(fc.record({ path: name, search: body, replace: body }), { minLength: 1, maxLength: 4 }),
    fence: fc.constantFrom(...ALL_FENCES),
  });

/** The reply the edits format to, and what getEdits makes of it. */
export function formatAndParse(c: RoundTripCase) {
  const reply = c.edits.map((e) => formatEditBlock(e, c.fence)).join("\n");
  return { reply, parsed: getEdits(reply, c.fence, c.edits.map((e) => e.path)) };
}

function roundTripRows(c: RoundTripCase): ExploreRow[] {
  const { reply, parsed } = formatAndParse(c);
  const back = parsed.ok ? parsed.edits : [];
  return [
    { what: "reply", path: "", search: reply, replace: "" },
    ...c.edits.map((e, i) => ({ what: `edit ${i + 1}`, path: e.path, search: e.search, replace: e.replace })),
    ...(parsed.ok
      ? back.map((e, i) => ({ what: `parsed ${i + 1}`, path: e.path, search: e.search, replace: e.replace }))
      : [{ what: "parse error", path: "", search: parsed.error, replace: "" }]),
  ];
}

function roundTripCheck(c: RoundTripCase): string | null {
  const { parsed } = formatAndParse(c);
  if (!parsed.ok) return `parse error: ${parsed.error.slice(parsed.error.lastIndexOf("^^^"))}`;
  if (parsed.shellCommands.length > 0) return `${parsed.shellCommands.length} shell command(s) appeared`;
  return JSON.stringify(parsed.edits) === JSON.stringify(c.edits) ? null : `parsed back as ${JSON.stringify(parsed.edits)}`;
}

export const parserTotal: Law<ReplyCase> = {
  id: "parser/edits-or-documented-error",
  mechanism: "parser",
  statement: "on any text getEdits returns edits, or one of its three documented errors after a prefix of the reply, and throws nothing else",
  verdict: "holds",
  lesson: "Whatever the model writes, the parser either yields blocks or says which marker it expected, quoting the reply up to that line.",
  arbitrary: replyCase,
  check(c) {
    let r: ReturnType<typeof getEdits>;
    try {
      r = getEdits(c.content, c.fence, c.validFnames);
    } catch (err) {
      return `threw ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`;
    }
    if (r.ok) {
      const strings = r.edits.every((e) => [e.path, e.search, e.replace].every((s) => typeof s === "string")) && r.shellCommands.every((s) => typeof s === "string");
      return strings ? null : "an edit or shell command is not text";
    }
    const at = r.error.lastIndexOf("\n^^^ ");
    if (at < 0 || !c.content.startsWith(r.error.slice(0, at))) return "the error does not quote a prefix of the reply";
    const message = r.error.slice(at + 5);
    return [MISSING_FILENAME_ERROR(c.fence), EXPECTED_DIVIDER_ERROR, EXPECTED_UPDATED_ERROR].includes(message) ? null : `undocumented error: ${message}`;
  },
  rows: (c) => {
    const r = getEdits(c.content, c.fence, c.validFnames);
    return [
      { what: "reply", text: c.content },
      r.ok ? { what: `${r.edits.length} edit(s), ${r.shellCommands.length} shell block(s)`, text: JSON.stringify(r.edits) } : { what: "error", text: r.error },
    ];
  },
};

export const parserRoundTrip: Law<RoundTripCase> = {
  id: "parser/round-trip",
  mechanism: "parser",
  statement: "edits formatted as blocks parse back to the same edits, for names and contents without markers or fences, with every fence",
  verdict: "holds",
  lesson: "formatEditBlock and getEdits are inverse on the texts the format can carry.",
  arbitrary: (fc) => roundTrip(fc, plainName(fc), plainText(fc)),
  check: roundTripCheck,
  rows: roundTripRows,
};

export const parserRoundTripAnyText: Law<RoundTripCase> = {
  id: "parser/round-trip-any-lines",
  mechanism: "parser",
  statement: "edits formatted as blocks parse back to the same edits, whatever lines SEARCH and REPLACE hold",
  verdict: "fails",
  lesson: "The format has no escaping: a SEARCH or REPLACE line that looks like a marker ends its section early.",
  arbitrary: (fc) => roundTrip(fc, plainName(fc), anyText(fc)),
  check: roundTripCheck,
  rows: roundTripRows,
};

export const parserRoundTripAnyName: Law<RoundTripCase> = {
  id: "parser/round-trip-any-names",
  mechanism: "parser",
  statement: "edits formatted as blocks parse back to the same edits, whatever their file names",
  verdict: "fails",
  lesson: "The filename line is cleaned before use: surrounding whitespace, a trailing ':', a leading '#', backticks and '*' are stripped.",
  arbitrary: (fc) => roundTrip(fc, anyName(fc), plainText(fc)),
  check: roundTripCheck,
  rows: roundTripRows,
};

export const PARSER_LAWS = [parserTotal, parserRoundTrip, parserRoundTripAnyText, parserRoundTripAnyName] as const;
