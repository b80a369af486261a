import { describe, expect, it } from "vitest";
import { doReplace, MemoryFileSystem, PythonError } from "../../lib/index.js";
import { stripQuotedWrapping } from "../../lib/editblock/do-replace.js";
import { type Fence } from "../../lib/editblock/fence.js";

const F: Fence = ["```", "```"];

describe("stripQuotedWrapping", () => {
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

describe("doReplace", () => {
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
