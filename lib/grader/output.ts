/**
 * What student code printed, made safe to show: terminal escape sequences removed, other control characters
 * (and bidirectional-override characters, which can make a line read differently than it is) replaced by a
 * visible `\xNN`/`\u{NNNN}` form, cut to a bounded length. Shown under its test, indented, so it can never pass for
 * the grader's own output; in `--json` it is only ever a JSON string.
 */
import { stripVTControlCharacters } from "node:util";

export const OUTPUT_DEFAULTS = Object.freeze({ maxChars: 4000 });

const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** `text` without escape sequences or control characters (newlines and tabs kept). */
export function cleanText(text: string): string {
  return stripVTControlCharacters(text)
    .replace(/\r\n/g, "\n")
    .replace(UNSAFE, (c) => {
      const n = c.codePointAt(0)!;
      return n < 0x100 ? `\\x${n.toString(16).padStart(2, "0")}` : `\\u{${n.toString(16)}}`;
    });
}

/** Cleaned output, at most `maxChars` characters, saying how much was left out (`dropped` counts what never arrived). */
export function cleanOutput(text: string, dropped = 0, maxChars: number = OUTPUT_DEFAULTS.maxChars): string {
  const clean = cleanText(text);
  const cut = clean.length > maxChars ? clean.length - maxChars + dropped : dropped;
  const shown = clean.length > maxChars ? clean.slice(0, maxChars) : clean;
  return cut > 0 ? `${shown}${shown.endsWith("\n") ? "" : "\n"}… (${cut} more characters not shown)\n` : shown;
}
