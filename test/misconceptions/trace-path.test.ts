/**
 * Exercise 06's wrong chains (lib/misconceptions/trace-path.ts) on hand-built edits (`aider/coders/editblock_coder.py` `replace_most_similar_chunk`: perfect, then
 * leading whitespace, then — for a SEARCH of more than 2 lines starting with a line Python's strip() empties — both
 * again without it, then `...`; the first TRUTHY result wins, so "" goes on): each variant names another stage than
 * lib's chain where its mistake matters and the same where it does not.
 */
import { describe, expect, it } from "vitest";
import { TRACE_PATH_MISCONCEPTIONS, TRACE_PATH_RIGHT } from "../../lib/misconceptions/trace-path.js";
import { entry, expectEntries, rightFor } from "./entries.js";

const chain = rightFor(TRACE_PATH_RIGHT, "chainStage");
const PLAIN = ["x = 1\ny = 2\n", "x = 1\n", "x = 42\n"] as const;

describe("chainStage variants", () => {
  it("06-empty-is-success stops at perfect when the edit empties the file; Aider goes on and ends in none", () => {
    const m = entry(TRACE_PATH_MISCONCEPTIONS, "06-empty-is-success");
    expect(chain.run("a\n", "a\n", "")).toBe("none");
    expect(m.run("a\n", "a\n", "")).toBe("perfect");
    expect([m.run(...PLAIN), chain.run(...PLAIN)]).toEqual(["perfect", "perfect"]);
  });

  it("06-skip-blank-any-length retries a 2-line SEARCH without its blank line; with 3 lines both retry", () => {
    const m = entry(TRACE_PATH_MISCONCEPTIONS, "06-skip-blank-any-length");
    expect(chain.run("a\nb\n", "\na\n", "c\n")).toBe("none");
    expect(m.run("a\nb\n", "\na\n", "c\n")).toBe("skip_leading_blank+perfect");
    const three = ["a\nb\nc\n", "\na\nb\n", "x\ny\n"] as const;
    expect([m.run(...three), chain.run(...three)]).toEqual(["skip_leading_blank+perfect", "skip_leading_blank+perfect"]);
  });

  it("06-trim-not-strip: \\x1f is blank to strip() only, U+FEFF to trim() only; a plain blank line is blank to both", () => {
    const m = entry(TRACE_PATH_MISCONCEPTIONS, "06-trim-not-strip");
    expect(chain.run("a\nb\nc\n", "\x1f\na\nb\n", "x\n")).toBe("skip_leading_blank+perfect");
    expect(m.run("a\nb\nc\n", "\x1f\na\nb\n", "x\n")).toBe("none");
    expect(chain.run("a\nb\nc\n", "\uFEFF\na\nb\n", "x\n")).toBe("none");
    expect(m.run("a\nb\nc\n", "\uFEFF\na\nb\n", "x\n")).toBe("skip_leading_blank+perfect");
    expect(m.run("a\nb\nc\n", "\na\nb\n", "x\n")).toBe(chain.run("a\nb\nc\n", "\na\nb\n", "x\n"));
  });

  it("06-dots-before-blank names dotdotdots where the blank-line retry matches a file that holds a '...' line", () => {
    const m = entry(TRACE_PATH_MISCONCEPTIONS, "06-dots-before-blank");
    // without its blank line SEARCH is "a / ... / b", which the file has line for line
    const args = ["z\na\n...\nb\n", "\na\n...\nb\n", "\nx\n...\ny\n"] as const;
    expect(chain.run(...args)).toBe("skip_leading_blank+perfect");
    expect(m.run(...args)).toBe("dotdotdots");
    const noDots = ["a\nb\nc\n", "\na\nb\n", "x\ny\n"] as const;
    expect(m.run(...noDots)).toBe(chain.run(...noDots));
    expect(m.run(...PLAIN)).toBe("perfect");
  });
});

describe("exercise 06's entries", () => {
  it("are the catalogue's, all for chainStage", () => {
    expectEntries("06-trace-the-path", TRACE_PATH_MISCONCEPTIONS, TRACE_PATH_RIGHT);
  });
});
