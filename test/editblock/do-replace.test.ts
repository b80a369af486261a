import { describe, expect, it } from "vitest";
import { doReplace, findSimilarLines, MemoryFileSystem, PythonError, stripQuotedWrapping, type Fence } from "../../lib/index.js";

const F: Fence = ["```", "```"];

describe("stripQuotedWrapping (§2.3)", () => {
  it("drops a first line ending with the file's basename, then a fence pair around the rest", () => {
    expect(stripQuotedWrapping("src/a.py\n```python\nx\n```\n", "src/a.py", F)).toBe("x\n");
    expect(stripQuotedWrapping("# edit a.py\nx\n", "dir/a.py", F)).toBe("x\n");
  });

  it("re-joins Python lines with \\n: CRLF, \\r and U+2028 all become \\n", () => {
    expect(stripQuotedWrapping("a\r\nb\rc\u2028", null, F)).toBe("a\nb\nc\n");
  });

  it("the fence pair is only removed when BOTH ends are there", () => {
    expect(stripQuotedWrapping("```\nx\n", null, F)).toBe("```\nx\n");
    expect(stripQuotedWrapping("<pre>\nx\n</pre>", null, ["<pre>", "</pre>"])).toBe("x\n");
  });

  it("IndexError when the only line is the filename, as in Aider", () => {
    expect(() => stripQuotedWrapping("a.py\n", "a.py", F)).toThrow(PythonError);
    expect(() => stripQuotedWrapping("see a.py", "a.py", F)).toThrow("IndexError: list index out of range");
  });

  it("an empty text is returned as it is; a '.' path has an empty name, which every line ends with", () => {
    expect(stripQuotedWrapping("", "a.py", F)).toBe("");
    expect(stripQuotedWrapping("first\nsecond\n", ".", F)).toBe("second\n");
  });

  it("rejects bad arguments", () => {
    expect(() => stripQuotedWrapping("x", 3 as unknown as string, F)).toThrow(/stripQuotedWrapping: fname must be a string/);
  });
});

describe("doReplace (§2.3)", () => {
  it("a blank SEARCH on a missing file touches it (even for a dry run's caller) and creates the content", () => {
    const fs = new MemoryFileSystem();
    expect(doReplace(fs, { fname: "new.py", content: null, before: "\n", after: "x = 1\n", fence: F })).toEqual({ result: "x = 1\n", how: "append" });
    expect(fs.snapshot()).toEqual({ "new.py": "" }); // touched, not written: the caller writes
  });

  it("a blank SEARCH appends to existing content; null content gives null", () => {
    const fs = new MemoryFileSystem({ "a.py": "a\n" });
    expect(doReplace(fs, { fname: "a.py", content: "a\n", before: "", after: "b\n", fence: F })).toEqual({ result: "a\nb\n", how: "append" });
    expect(doReplace(fs, { fname: "b.py", content: null, before: "x\n", after: "y\n", fence: F })).toEqual({ result: null, how: "no_content" });
  });

  it("otherwise runs the replace chain on the unwrapped texts", () => {
    const fs = new MemoryFileSystem({ "a.py": "x = 1\n" });
    expect(doReplace(fs, { fname: "a.py", content: "x = 1\n", before: "a.py\n```\nx = 1\n```\n", after: "x = 2\n", fence: F })).toEqual({ result: "x = 2\n", stage: "perfect", how: "replace" });
  });

  it("rejects bad arguments", () => {
    const fs = new MemoryFileSystem();
    expect(() => doReplace(fs, { fname: "a.py", content: 1 as unknown as string, before: "", after: "", fence: F })).toThrow(/doReplace: content must be a string/);
  });
});

describe("findSimilarLines (§2.5)", () => {
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

describe("MemoryFileSystem", () => {
  it("names a file the way abs_root_path + relpath would, and records every write in order", () => {
    const fs = new MemoryFileSystem({ "./src/a.py": "x\n" });
    expect(fs.exists("src/a.py") && fs.exists("src/../src/a.py")).toBe(true);
    expect(fs.read("src/b.py")).toBeNull();
    fs.write("src/b.py", "");
    fs.write("./src/a.py", "y\n");
    expect(fs.writes).toEqual([{ path: "src/b.py", content: "" }, { path: "src/a.py", content: "y\n" }]);
    expect(fs.snapshot()).toEqual({ "src/a.py": "y\n", "src/b.py": "" });
    expect(() => fs.write("a.py", null as unknown as string)).toThrow(/MemoryFileSystem.write: content must be a string/);
  });
});
