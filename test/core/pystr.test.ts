/**
 * lib/core/pystr.ts: Python's string semantics where JavaScript's differ. Each expected value follows from Python's
 * documented rules (str.splitlines' boundary table, str.isspace, code-point indexing and ordering), not from a run.
 */
import { describe, expect, it } from "vitest";
import {
  compareCodePoints,
  cpLength,
  cpSlice,
  isBlank,
  isPyAlpha,
  isPyLower,
  isPySpace,
  isPyUpper,
  lstrip,
  rstrip,
  splitlines,
  strip,
} from "../../lib/core/pystr.js";

const GRIN = "\u{1F600}"; // one code point, two UTF-16 units (D83D DE00)

describe("splitlines", () => {
  it("splits on every boundary of Python's table, \\r\\n as one", () => {
    const s = "a\nb\r\nc\rd\ve\ff\x1cg\x1dh\x1ei\x85j\u2028k\u2029l";
    expect(splitlines(s)).toEqual(["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"]);
  });

  it("does not split on U+001F (whitespace, but not a line boundary) or on a tab", () => {
    expect(splitlines("a\x1fb\tc")).toEqual(["a\x1fb\tc"]);
  });

  it("drops one final empty line, keeps the inner ones; the empty string has no lines", () => {
    expect(splitlines("")).toEqual([]);
    expect(splitlines("\n")).toEqual([""]);
    expect(splitlines("a\n")).toEqual(["a"]);
    expect(splitlines("a\n\nb")).toEqual(["a", "", "b"]);
    expect(splitlines("a\n\n")).toEqual(["a", ""]);
  });

  it("keepends keeps each line's own ending, \\r then \\r\\n as two", () => {
    expect(splitlines("a\r\nb\nc", true)).toEqual(["a\r\n", "b\n", "c"]);
    expect(splitlines("\r\r\n", true)).toEqual(["\r", "\r\n"]);
    expect(splitlines("\r\r\n")).toEqual(["", ""]);
    expect(splitlines("x\u2028", true)).toEqual(["x\u2028"]);
  });
});

describe("strip, lstrip, rstrip", () => {
  it("strip Python's whitespace set: U+001C–U+001F, U+0085, U+00A0, U+3000 …", () => {
    expect(strip(" \t\n\v\f\r\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2000\u200a\u2028\u2029\u202f\u205f\u3000x y\t ")).toBe("x y");
    expect(lstrip("\x1c\x1fx ")).toBe("x ");
    expect(rstrip(" x\x1e\u3000")).toBe(" x");
  });

  it("keep U+FEFF and U+200B (format characters, not whitespace), which JavaScript's trim treats differently", () => {
    expect(strip("\ufeffx\ufeff")).toBe("\ufeffx\ufeff");
    expect("\ufeffx\ufeff".trim()).toBe("x");
    expect(strip("\u200bx")).toBe("\u200bx");
    expect(strip("\x1fx")).toBe("x");
    expect("\x1fx".trim()).toBe("\x1fx");
  });

  it("with chars: strip any of those characters (a set, not a prefix), and nothing for an empty set", () => {
    expect(strip("xxhixyx", "xy")).toBe("hi");
    expect(lstrip("xxhixyx", "xy")).toBe("hixyx");
    expect(rstrip("xxhixyx", "xy")).toBe("xxhi");
    expect(strip("  a ", "")).toBe("  a ");
    expect(strip("\t a \n", " ")).toBe("\t a \n");
    expect(strip("aaaa", "a")).toBe("");
  });

  it("treat an astral character in chars as one code point", () => {
    expect(strip(`${GRIN}${GRIN}a${GRIN}`, GRIN)).toBe("a");
    expect(strip(`\u{1F601}a`, GRIN)).toBe("\u{1F601}a"); // shares the high surrogate D83D with GRIN, but is another character
  });
});

describe("isPySpace and isBlank", () => {
  it("isPySpace is Python's ch.isspace()", () => {
    for (const ch of ["\t", "\x1c", "\x1f", " ", "\x85", "\xa0", "\u2007", "\u3000"]) expect(isPySpace(ch), JSON.stringify(ch)).toBe(true);
    for (const ch of ["a", "\ufeff", "\u200b", "\u180e", "\x00", "_"]) expect(isPySpace(ch), JSON.stringify(ch)).toBe(false);
  });

  it("isBlank is `not s.strip()`: true for the empty string and for whitespace only", () => {
    expect(isBlank("")).toBe(true);
    expect(isBlank(" \u3000\x1f\r\n")).toBe(true);
    expect(isBlank(" \ufeff ")).toBe(false);
    expect(isBlank("  x")).toBe(false);
  });
});

describe("code-point length and slices", () => {
  it("cpLength counts code points; a lone surrogate is one, a reversed pair two", () => {
    expect(cpLength("")).toBe(0);
    expect(cpLength(GRIN)).toBe(1);
    expect(GRIN.length).toBe(2);
    expect(cpLength(`a${GRIN}b`)).toBe(3);
    expect(cpLength("\ud800")).toBe(1);
    expect(cpLength("\ud800a")).toBe(2);
    expect(cpLength("\udc00\ud800")).toBe(2);
  });

  it("cpSlice is s[start:end]: code points, negative indices from the end, clamped, empty when start ≥ end", () => {
    const s = `a${GRIN}bc`;
    expect(cpSlice(s, 1, 3)).toBe(`${GRIN}b`);
    expect(cpSlice(s, -2)).toBe("bc");
    expect(cpSlice(s, undefined, -1)).toBe(`a${GRIN}b`);
    expect(cpSlice(s, -10, 2)).toBe(`a${GRIN}`);
    expect(cpSlice(s, 10)).toBe("");
    expect(cpSlice(s, 2, 1)).toBe("");
    expect(cpSlice(s, -1, -3)).toBe("");
    expect(cpSlice(s)).toBe(s);
  });
});

describe("compareCodePoints", () => {
  it("orders like Python's < on str: by code point, a prefix first", () => {
    expect(compareCodePoints("a", "a")).toBe(0);
    expect(compareCodePoints("a", "b")).toBe(-1);
    expect(compareCodePoints("ab", "abc")).toBe(-1);
    expect(compareCodePoints("b", "abc")).toBe(1);
    expect(compareCodePoints("", "a")).toBe(-1);
  });

  it("puts an astral character above every BMP one, which UTF-16 order does not", () => {
    expect(compareCodePoints("\uffff", GRIN)).toBe(-1);
    expect(compareCodePoints(GRIN, "\uffff")).toBe(1);
    expect(compareCodePoints("\ue000", GRIN)).toBe(-1); // U+E000 < U+1F600, though its unit 0xE000 > 0xD83D
    expect("\ue000" < GRIN).toBe(false);
    expect(compareCodePoints(GRIN, "\u{10000}")).toBe(1);
    expect(compareCodePoints(`x${GRIN}`, "x\uffff")).toBe(1);
  });
});

describe("isPyAlpha, isPyUpper, isPyLower", () => {
  it("isalpha: the letter categories, nothing else", () => {
    for (const ch of ["a", "Z", "é", "ß", "中", "ʰ", "ǅ"]) expect(isPyAlpha(ch), ch).toBe(true);
    for (const ch of ["1", "_", " ", "٣", GRIN]) expect(isPyAlpha(ch), ch).toBe(false);
  });

  it("isupper and islower; a titlecase letter is neither", () => {
    expect([isPyUpper("A"), isPyLower("A")]).toEqual([true, false]);
    expect([isPyUpper("σ"), isPyLower("σ")]).toEqual([false, true]);
    expect([isPyUpper("Σ"), isPyLower("ß")]).toEqual([true, true]);
    expect([isPyUpper("ǅ"), isPyLower("ǅ")]).toEqual([false, false]);
    expect([isPyUpper("1"), isPyLower("1")]).toEqual([false, false]);
  });
});
