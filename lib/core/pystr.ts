/**
 * Python string semantics that Aider's behaviour depends on (Python's `str` semantics): `str.splitlines`, `str.strip`
 * and friends with Python's whitespace set, code-point lengths and slices, and code-point ordering.
 * JavaScript differs on each: `trim` strips U+FEFF but not U+001C–U+001F, `split("\n")` ignores `\r`, `\v`,
 * U+2028…, `length` counts UTF-16 units, and `<` compares UTF-16 units.
 */

/** Characters for which Python's `str.isspace()` is true (bidi WS/B/S or category Zs). */
const PY_WHITESPACE = new Set<string>([
  "\t", "\n", "\v", "\f", "\r", "\x1c", "\x1d", "\x1e", "\x1f", " ", "\x85", "\xa0", "\u1680",
  "\u2000", "\u2001", "\u2002", "\u2003", "\u2004", "\u2005", "\u2006", "\u2007", "\u2008", "\u2009", "\u200a",
  "\u2028", "\u2029", "\u202f", "\u205f", "\u3000",
]);

/** Line boundaries of Python's `str.splitlines` (`\r\n` counts as one). */
const PY_LINE_BREAKS = new Set<string>(["\n", "\r", "\v", "\f", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]);

/** Python `ch.isspace()` for one character. */
export function isPySpace(ch: string): boolean {
  return PY_WHITESPACE.has(ch);
}

/** Python `str.isspace()`-style blankness as Aider tests it: `not s.strip()`. */
export function isBlank(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (!PY_WHITESPACE.has(s[i]!)) return false;
  return true;
}

/** Python `str.splitlines(keepends)`. */
export function splitlines(s: string, keepends = false): string[] {
  const out: string[] = [];
  let start = 0;
  let i = 0;
  while (i < s.length) {
    const ch = s[i]!;
    if (PY_LINE_BREAKS.has(ch)) {
      let end = i + 1;
      if (ch === "\r" && s[i + 1] === "\n") end = i + 2;
      out.push(keepends ? s.slice(start, end) : s.slice(start, i));
      start = end;
      i = end;
    } else {
      i++;
    }
  }
  if (start < s.length) out.push(s.slice(start));
  return out;
}

function stripSet(chars: string | undefined): (ch: string) => boolean {
  if (chars === undefined) return isPySpace;
  const set = new Set(Array.from(chars));
  return (ch) => set.has(ch);
}

/** Python `str.lstrip(chars?)` (whitespace = Python's set when `chars` is omitted). */
export function lstrip(s: string, chars?: string): string {
  const drop = stripSet(chars);
  const cps = Array.from(s);
  let i = 0;
  while (i < cps.length && drop(cps[i]!)) i++;
  return cps.slice(i).join("");
}

/** Python `str.rstrip(chars?)`. */
export function rstrip(s: string, chars?: string): string {
  const drop = stripSet(chars);
  const cps = Array.from(s);
  let j = cps.length;
  while (j > 0 && drop(cps[j - 1]!)) j--;
  return cps.slice(0, j).join("");
}

/** Python `str.strip(chars?)`. */
export function strip(s: string, chars?: string): string {
  return rstrip(lstrip(s, chars), chars);
}

/** Length in code points (Python `len`). */
export function cpLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** Python `s[start:end]` in code points, negative indices and clamping included. */
export function cpSlice(s: string, start?: number, end?: number): string {
  const cps = Array.from(s);
  const n = cps.length;
  const norm = (v: number | undefined, dflt: number): number => {
    if (v === undefined) return dflt;
    if (v < 0) return Math.max(0, n + v);
    return Math.min(v, n);
  };
  const a = norm(start, 0);
  const b = norm(end, n);
  return a < b ? cps.slice(a, b).join("") : "";
}

/** Compares two strings by code point, as Python's `<` on `str` does (-1, 0 or 1). */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) {
      // A surrogate (0xD800–0xDFFF) encodes a code point ≥ 0x10000, above every BMP unit.
      const xs = x >= 0xd800 && x <= 0xdfff;
      const ys = y >= 0xd800 && y <= 0xdfff;
      if (xs !== ys) return xs ? 1 : -1;
      return x < y ? -1 : 1;
    }
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/** Python `ch.isalpha()` for one character (categories Lu, Ll, Lt, Lm, Lo). */
export function isPyAlpha(ch: string): boolean {
  return /^\p{L}$/u.test(ch);
}

/** Python `ch.isupper()` for one character (Unicode `Uppercase` property). */
export function isPyUpper(ch: string): boolean {
  return /^\p{Uppercase}$/u.test(ch);
}

/** Python `ch.islower()` for one character (Unicode `Lowercase` property). */
export function isPyLower(ch: string): boolean {
  return /^\p{Lowercase}$/u.test(ch);
}
