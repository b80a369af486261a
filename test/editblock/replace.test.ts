import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FUZZY_STEP_REACHABLE, perfectReplace, prep, replaceClosestEditDistance, replaceMostSimilarChunk } from "../../lib/index.js";
import { matchButForLeadingWhitespace } from "../../lib/editblock/replace.js";
import { UNMATCHED_DOTS_ERROR, UNPAIRED_DOTS_ERROR } from "../../lib/editblock/dotdotdots.js";

const run = (whole: string, part: string, replace: string) => replaceMostSimilarChunk(whole, part, replace);

describe("prep", () => {
  it("adds a final newline to non-empty text and splits the Python way", () => {
    expect(prep("a\rb")).toEqual({ text: "a\rb\n", lines: ["a\r", "b\n"] });
    expect(prep("")).toEqual({ text: "", lines: [] });
    // a text ending in \r becomes a \r\n line; one ending in U+2028 gains an extra "\n" line
    expect(prep("x\r").lines).toEqual(["x\r\n"]);
    expect(prep("x\u2028").lines).toEqual(["x\u2028", "\n"]);
  });
});

describe("stage 1: perfect", () => {
  it("replaces the first exact window only", () => {
    expect(run("x\ny\nx\n", "x\n", "z\n")).toEqual({ result: "z\ny\nx\n", stage: "perfect" });
  });

  it("an exact match later in the file beats a whitespace match earlier", () => {
    expect(run("  x\nx\n", "x\n", "z\n")).toEqual({ result: "  x\nz\n", stage: "perfect" });
  });

  it("an empty SEARCH matches at the top: REPLACE is prepended", () => {
    expect(run("a\n", "", "b\n")).toEqual({ result: "b\na\n", stage: "perfect" });
    expect(perfectReplace([], [], [])).toBe("");
  });

  it("line endings are part of the line: \\r\\n does not match \\n, and U+2028 splits a line", () => {
    expect(run("a\r\nb\r\n", "a\n", "c\n").result).toBeNull();
    expect(run("a\u2028b\u2028", "b\u2028", "B")).toEqual({ result: "a\u2028B\n", stage: "perfect" });
  });
});

describe("stage 2: leading whitespace", () => {
  it("missing indentation is added to every non-blank REPLACE line, REPLACE's own indent kept", () => {
    expect(run("def f():\n    a\n\n    b\n", "a\n\nb\n", "a\n\n\tc\n")).toEqual({ result: "def f():\n    a\n\n    \tc\n", stage: "leading_whitespace" });
  });

  it("extra indentation on SEARCH and REPLACE is outdented by their common minimum first", () => {
    expect(run("  x\n", "      x\n", "      y\n      z\n")).toEqual({ result: "  y\n  z\n", stage: "leading_whitespace" });
  });

  it("negative slice in code points: the 'indent' is the file line minus its last k code points", () => {
    // len("  x😀\n") = 5, len("      x😀\n") = 9 → prefix = line[:-4] = " " (in UTF-16 it would be "  ")
    expect(matchButForLeadingWhitespace(["  x😀\n"], ["      x😀\n"])).toBe(" ");
    expect(run("  x😀\n", "      x😀\n", "y\n")).toEqual({ result: " y\n", stage: "leading_whitespace" });
    expect(run("    x = 1\n", "        x = 1\n", "y = 1\n").result).toBe("    x y = 1\n");
  });

  it("uses Python's whitespace: NBSP and U+3000 indent, U+FEFF does not", () => {
    expect(run("\u3000x\n", "x\n", "y\n").result).toBe("\u3000y\n");
    expect(run("\ufeffx\n", "x\n", "y\n").result).toBeNull();
    expect(run("  \ufeffx\n", "\ufeffx\n", "y\n").result).toBe("  y\n");
  });

  it("different offsets per line, trailing whitespace, or only blank lines never match", () => {
    expect(run("  a\n    b\n", "a\nb\n", "c\n").result).toBeNull();
    expect(run("x \n", "x\n", "y\n").result).toBeNull();
    expect(matchButForLeadingWhitespace(["\n", "  \n"], ["\n", "\n"])).toBeNull();
  });
});

describe("stage 3: one spurious leading blank SEARCH line", () => {
  it("is dropped only when SEARCH has more than 2 lines, and only one", () => {
    expect(run("a\nb\nc\n", "\nb\nc\n", "B\n")).toEqual({ result: "a\nB\n", stage: "skip_leading_blank+perfect" });
    expect(run("  a\n  b\n", "\na\nb\n", "c\n")).toEqual({ result: "  c\n", stage: "skip_leading_blank+leading_whitespace" });
    expect(run("a\nb\n", "\nb\n", "B\n").result).toBeNull();
    expect(run("a\nb\nc\n", "\n\nb\nc\n", "B\n").result).toBeNull();
  });
});

describe("stage 4: '...' elision (try_dotdotdots itself: test/editblock/dotdotdots.test.ts)", () => {
  it("replaces each piece as a substring, which can land mid-line", () => {
    expect(run("foo(bar)\nz\n", "bar)\n...\n", "baz)\n...\n")).toEqual({ result: "foo(baz)\nz\n", stage: "dotdotdots" });
  });

  it("errors are swallowed: the chain returns null and reports the message", () => {
    expect(run("a\nb\n", "a\n...\n", "a\n")).toEqual({ result: null, stage: "none", dotsError: UNPAIRED_DOTS_ERROR });
    expect(run("a\nb\n", "a\n...\n", "a\n  ...\n")).toEqual({ result: null, stage: "none", dotsError: UNMATCHED_DOTS_ERROR });
    expect(run("a\nb\n", "z\n...\n", "y\n...\n")).toEqual({ result: null, stage: "none", dotsError: "" });
  });
});

describe("failure and the dead fuzzy step", () => {
  it("an empty result counts as failure", () => {
    expect(run("a\n", "a\n", "")).toEqual({ result: null, stage: "none", dotsError: null });
  });

  it("the fuzzy matcher would find this near miss, but Aider never runs it", () => {
    const whole = "def f():\n    return 1\n\nprint(f())\n";
    const part = "def f():\n    return 2\n";
    expect(FUZZY_STEP_REACHABLE).toBe(false);
    expect(run(whole, part, "X\n")).toEqual({ result: null, stage: "none", dotsError: null });
    const w = prep(whole);
    const p = prep(part);
    expect(replaceClosestEditDistance(w.lines, p, ["X\n"])).toBe("X\n\nprint(f())\n");
  });

  it("rejects bad arguments naming the parameter", () => {
    expect(() => replaceMostSimilarChunk("a", null as unknown as string, "b")).toThrow(/replaceMostSimilarChunk: part must be a string/);
    expect(() => replaceClosestEditDistance("a" as unknown as string[], prep(""), [])).toThrow(/whole must be an array/);
    expect(() => replaceClosestEditDistance([], "x\n" as never, [])).toThrow(/replaceClosestEditDistance: part must be an object/);
    expect(() => replaceClosestEditDistance([], { text: "x\n", lines: "x\n" } as never, [])).toThrow(/part\.lines must be an array/);
  });
});

// Lines from a small vocabulary so that repeats and near-repeats are common.
const vocab = fc.constantFrom("a\n", "b\n", "  a\n", "\tb\n", "\n", "x = 1\n", "😀\n");
const file = fc.array(vocab, { minLength: 1, maxLength: 12 });

describe("properties", () => {
  it("an exact SEARCH window is replaced at its FIRST occurrence (stage perfect)", () => {
    fc.assert(
      fc.property(file, fc.nat(), fc.nat(), (lines, s, l) => {
        const start = s % lines.length;
        const part = lines.slice(start, start + 1 + (l % (lines.length - start)));
        let first = 0;
        while (part.some((p, j) => lines[first + j] !== p)) first++;
        const marker = "EDITED\n";
        const out = run(lines.join(""), part.join(""), marker);
        expect(out).toEqual({
          result: [...lines.slice(0, first), marker, ...lines.slice(first + part.length)].join(""),
          stage: "perfect",
        });
      }),
    );
  });

  it("a result is never the empty string, and a failure carries no text", () => {
    fc.assert(
      fc.property(file, fc.array(vocab, { maxLength: 4 }), fc.array(vocab, { maxLength: 3 }), (w, p, r) => {
        const out = run(w.join(""), p.join(""), r.join(""));
        if (out.result === null) expect(out.stage).toBe("none");
        else expect(out.result).not.toBe("");
        expect(out.stage).not.toBe("fuzzy");
      }),
    );
  });

  it("whitespace stage: removing a uniform indent from an exact window still finds the same place", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("a\n", "b\n", "c = 1\n"), { minLength: 1, maxLength: 6 }), fc.constantFrom("  ", "\t", "    "), (block, indent) => {
        const whole = "top\n" + block.map((l) => indent + l).join("") + "end\n";
        const out = run(whole, block.join(""), "new\n");
        expect(out).toEqual({ result: `top\n${indent}new\nend\n`, stage: "leading_whitespace" });
      }),
    );
  });
});
