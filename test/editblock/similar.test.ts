/** lib/editblock/similar.ts: Aider's find_similar_lines, the "Did you mean" hint (`aider/coders/editblock_coder.py` `apply_edits`). */
import { describe, expect, it } from "vitest";
import { findSimilarLines } from "../../lib/editblock/similar.js";

describe("findSimilarLines", () => {
  const content = Array.from({ length: 20 }, (_, i) => `line ${i}`).join("\n") + "\n";

  it("returns the window itself when its first and last lines equal SEARCH's", () => {
    expect(findSimilarLines("line 3\nline X\nline 5\n", content)).toBe("line 3\nline 4\nline 5");
  });

  it("else the FIRST window with the strictly best ratio, with up to 5 lines of context each side", () => {
    // windows 8–10 and 9–11 both score 2·2/6; the first (starting at line 8) wins, so lines 3..15 are shown
    const lines = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => `line ${from + k}`).join("\n");
    expect(findSimilarLines("line 9\nline 10\nline X\n", content)).toBe(lines(3, 15));
  });

  it("whole lines must be equal: 1 changed line of 2 is ratio 0.5 < 0.6, no hint", () => {
    expect(findSimilarLines("line 3\nline X\n", content)).toBe("");
    // with threshold 0.5 the first window scoring 0.5 is lines 2–3 (its first line differs): context 0..8
    expect(findSimilarLines("line 3\nline X\n", content, 0.5)).toBe("line 0\nline 1\nline 2\nline 3\nline 4\nline 5\nline 6\nline 7\nline 8");
  });

  it("crashes where Aider does: null content (AttributeError), empty SEARCH (IndexError)", () => {
    expect(() => findSimilarLines("a\n", null)).toThrow("AttributeError: 'NoneType' object has no attribute 'splitlines'");
    expect(() => findSimilarLines("", "a\n")).toThrow("IndexError: list index out of range");
    expect(() => findSimilarLines("", "")).toThrow("IndexError"); // one empty window, ratio 1.0, then best[0]
    expect(findSimilarLines("a\n", "")).toBe(""); // no window at all: best ratio 0
  });

  it("rejects bad arguments", () => {
    expect(() => findSimilarLines("a", "b", 2)).toThrow(/threshold must be in \[0, 1\]/);
  });
});
