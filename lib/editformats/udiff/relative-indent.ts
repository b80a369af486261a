/**
 * Aider's `RelativeIndenter` (`search_replace.py:18-171`, `aider/coders/udiff_coder.py`): rewrites a text so that each line
 * becomes two — the change of indentation against the previous line, then the rest of the line — so a search can
 * match code that was shifted as a whole. An indent is written as the added whitespace, an outdent as `marker × n`.
 * The marker is "←" unless a text contains it; then the highest code point (from U+10FFFF down) that none contains.
 * Lengths and slices are in code points, as in Python (the fallback marker is astral).
 */
import { PythonError, pyIndex } from "../../core/pyerror.js";
import { cpLength, cpSlice, lstrip, rstrip, splitlines } from "../../core/pystr.js";
import { requireStringArray } from "../../core/validate.js";

export const DEFAULT_MARKER = "\u2190";

/** Python `ValueError` raised by `make_relative`/`make_absolute`; `try_strategy` turns it into "no result". */
export class RelativeIndentError extends PythonError {
  constructor(message: string) {
    super("ValueError", message);
  }
}

function selectMarker(texts: readonly string[]): string {
  const chars = new Set<string>();
  for (const t of texts) for (const ch of t) chars.add(ch);
  if (!chars.has(DEFAULT_MARKER)) return DEFAULT_MARKER;
  for (let cp = 0x10ffff; cp > 0x10000; cp--) {
    const m = String.fromCodePoint(cp);
    if (!chars.has(m)) return m;
  }
  throw new RelativeIndentError("Could not find a unique marker");
}

export class RelativeIndenter {
  readonly marker: string;

  constructor(texts: readonly string[]) {
    requireStringArray("RelativeIndenter", "texts", texts);
    this.marker = selectMarker(texts);
  }

  /** Each line → "indent change\n" + the line without its indentation. */
  makeRelative(text: string): string {
    if (text.includes(this.marker)) throw new RelativeIndentError(`Text already contains the outdent marker: ${this.marker}`);
    let out = "";
    let prevIndent = "";
    for (const line of splitlines(text, true)) {
      const bare = rstrip(line, "\n\r");
      const lenIndent = cpLength(bare) - cpLength(lstrip(bare));
      const indent = cpSlice(line, 0, lenIndent);
      const change = lenIndent - cpLength(prevIndent);
      const cur = change > 0 ? cpSlice(indent, -change) : change < 0 ? this.marker.repeat(-change) : "";
      out += cur + "\n" + cpSlice(line, lenIndent);
      prevIndent = indent;
    }
    return out;
  }

  /** The inverse of `makeRelative`; a marker left over raises ValueError. */
  makeAbsolute(text: string): string {
    const lines = splitlines(text, true);
    let out = "";
    let prevIndent = "";
    for (let i = 0; i < lines.length; i += 2) {
      const dent = rstrip(lines[i]!, "\r\n");
      const nonIndent = pyIndex(lines, i + 1);
      const cur = dent.startsWith(this.marker) ? cpSlice(prevIndent, 0, -cpLength(dent)) : prevIndent + dent;
      out += rstrip(nonIndent, "\r\n") ? cur + nonIndent : nonIndent;
      prevIndent = cur;
    }
    if (out.includes(this.marker)) throw new RelativeIndentError("Error transforming text back to absolute indents");
    return out;
  }
}
