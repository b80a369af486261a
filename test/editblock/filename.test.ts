import { describe, expect, it } from "vitest";
import { chooseFence, type Fence } from "../../lib/editblock/fence.js";
import { findFilename, stripFilename } from "../../lib/editblock/filename.js";
import { pathName } from "../../lib/editblock/filename.js";

const F: Fence = ["```", "```"];
const VALID = ["src/app.py", "lib/util.py", "README.md"];

describe("pathName (pathlib's PurePosixPath.name)", () => {
  it("is the last component, ignoring empty and '.' components", () => {
    expect(["a/b.py", "b.py", "dir/", "a/./", "/", "", ".", "a/..", "\\win\\x.py"].map(pathName)).toEqual([
      "b.py", "b.py", "dir", "a", "", "", "", "..", "\\win\\x.py",
    ]);
  });
});

describe("stripFilename", () => {
  it("cleans decorations in Aider's order: strip, rstrip ':', lstrip '#', strip, strip '`', strip '*'", () => {
    expect(stripFilename("  ## `a.py`:  \n", F)).toBe("a.py");
    expect(stripFilename("**`a.py`**", F)).toBe("`a.py`"); // '*' is stripped last, so inner backticks stay
    expect(stripFilename("a.py::", F)).toBe("a.py");
    expect(stripFilename("#", F)).toBe("");
  });

  it("fence lines: the tail is a name only with a '.' or '/'; ``` counts whatever the fence", () => {
    expect(stripFilename("```python", F)).toBeNull();
    expect(stripFilename("```a.py", ["<source>", "</source>"])).toBe("a.py");
    expect(stripFilename("<source>src/x", ["<source>", "</source>"])).toBe("src/x");
    expect(stripFilename("<source>", ["<source>", "</source>"])).toBeNull();
  });

  it("'...' is never a name; prose is returned as it is", () => {
    expect(stripFilename(" ... ", F)).toBeNull();
    expect(stripFilename("Here is the fix for a.py", F)).toBe("Here is the fix for a.py");
  });

  it("strips Python whitespace (U+3000, \\x1d) but not U+FEFF", () => {
    expect(stripFilename("\u3000a.py\x1d", F)).toBe("a.py");
    expect(stripFilename("\ufeffa.py", F)).toBe("\ufeffa.py");
  });

  it("rejects bad arguments", () => {
    expect(() => stripFilename(null as unknown as string, F)).toThrow(/stripFilename: line must be a string/);
    expect(() => stripFilename("a", "```" as unknown as Fence)).toThrow(/stripFilename: fence must be a pair/);
  });
});

describe("findFilename — resolution order", () => {
  const find = (lines: string[], valid: string[] | null = VALID) => findFilename(lines, F, valid);

  it("1. exact chat file, 2. basename of a chat file, 3. close match ≥ 0.8, 4. has a '.', 5. first", () => {
    expect(find(["README.md\n", "```\n"])).toBe("README.md");
    expect(find(["util.py\n", "```\n"])).toBe("lib/util.py");
    expect(find(["src/app.pyx\n", "```\n"])).toBe("src/app.py");
    expect(find(["notes.txt\n", "```\n"])).toBe("notes.txt");
    expect(find(["Makefile\n", "```\n"])).toBe("Makefile");
  });

  it("candidates are collected nearest first; an earlier rule beats a nearer candidate", () => {
    // nearest is "```x.py" (fence + name), then "util.py": the basename rule finds util.py before "x.py" is taken for its dot
    expect(find(["util.py\n", "```x.py\n"])).toBe("lib/util.py");
    expect(find(["util.py\n", "```x.py\n"], null)).toBe("x.py");
  });

  it("the walk stops after the first line that is not a fence line (checked unstripped)", () => {
    expect(find(["a.py\n", "\n", "```\n"])).toBeNull();
    expect(find(["a.py\n", "  ```\n"])).toBeNull(); // an indented fence is not a fence line for the walk
    expect(find(["a.py\n", "b.py\n", "c.py\n", "```\n"], null)).toBe("c.py"); // only 3 lines are looked at
  });

  it("null valid names: only rules 4 and 5", () => {
    expect(find(["util.py\n", "```\n"], null)).toBe("util.py");
  });

  it("rejects bad arguments", () => {
    expect(() => findFilename("a" as unknown as string[], F, null)).toThrow(/findFilename: lines must be an array/);
    expect(() => findFilename([], F, [1] as unknown as string[])).toThrow(/validFnames\[0\] must be a string/);
  });
});

describe("chooseFence", () => {
  it("the first fence whose open and close start no line of the chat files", () => {
    expect(chooseFence(["x = 1"])).toEqual({ fence: ["```", "```"], fellBack: false });
    expect(chooseFence(["doc\n```py\ncode\n```"])).toEqual({ fence: ["````", "````"], fellBack: false });
    expect(chooseFence(["````", "<source>"])).toEqual({ fence: ["<code>", "</code>"], fellBack: false });
    // lines are Python lines: "\r" ends one, so "```" here starts a line
    expect(chooseFence(["a\r```"]).fence).toEqual(["````", "````"]);
  });

  it("falls back to ``` when every fence collides", () => {
    const all = ["````", "<source>", "<code>", "<pre>", "<codeblock>", "<sourcecode>"].join("\n");
    expect(chooseFence([all])).toEqual({ fence: ["```", "```"], fellBack: true });
    expect(() => chooseFence("x" as unknown as string[])).toThrow(/chooseFence: contents must be an array/);
  });
});
