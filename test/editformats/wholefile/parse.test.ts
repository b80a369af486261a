/** lib/editformats/wholefile/parse.ts: reading a whole-file reply, WholeFileCoder.get_edits(mode="update") (`aider/coders/wholefile_coder.py`). */
import { describe, expect, it } from "vitest";
import type { Fence } from "../../../lib/editblock/fence.js";
import { EditFormatValueError } from "../../../lib/editformats/coder.js";
import { cleanFilename, contentInProgress, getWholeFileEdits, walkWholeFileReply } from "../../../lib/editformats/wholefile/parse.js";

const TICKS: Fence = ["```", "```"];

describe("contentInProgress", () => {
  it("right-strips a reply that ends in whitespace, and only then", () => {
    expect(contentInProgress("abc \n\n")).toBe("abc");
    expect(contentInProgress("abc")).toBe("abc");
    expect(contentInProgress(" abc")).toBe(" abc");
  });
});

describe("cleanFilename: strip, *, trailing :, backticks, leading #, strip — in that order", () => {
  it("the fixed order gives Aider's odd names", () => {
    expect(cleanFilename("**a.py**:", [])).toBe("a.py**");
    expect(cleanFilename("## `a.py`", [])).toBe("`a.py");
    expect(cleanFilename("  `a.py`:  ", [])).toBe("a.py");
    expect(cleanFilename("### a.py", [])).toBe("a.py");
  });

  it("a bogus path/to/ prefix is undone when only the basename is a chat file, never the reverse", () => {
    expect(cleanFilename("path/to/a.py", ["a.py"])).toBe("a.py");
    expect(cleanFilename("src/a.py", ["src/a.py", "a.py"])).toBe("src/a.py");
    expect(cleanFilename("a.py", ["src/a.py"])).toBe("a.py");
  });

  it("a name over 250 code points becomes empty", () => {
    expect(cleanFilename("x".repeat(251), [])).toBe("");
    expect(cleanFilename("x".repeat(250), [])).toBe("x".repeat(250));
  });
});

describe("walkWholeFileReply", () => {
  it("reports prose lines and blocks in reply order, each block closed or not", () => {
    const events = walkWholeFileReply("Intro\na.py\n```\nx = 1\n```\nb.py\n```\ny", ["a.py", "b.py"], TICKS);
    expect(events).toEqual([
      { kind: "prose", line: "Intro\n" },
      { kind: "prose", line: "a.py\n" },
      { kind: "block", edit: ["a.py", "block", ["x = 1\n"]], closed: true },
      { kind: "prose", line: "b.py\n" },
      { kind: "block", edit: ["b.py", "block", ["y"]], closed: false },
    ]);
  });

  it("rejects a reply or chat files of the wrong type, naming them", () => {
    expect(() => walkWholeFileReply(1 as never, [], TICKS)).toThrow("walkWholeFileReply: reply must be a string");
    expect(() => walkWholeFileReply("", [1] as never, TICKS)).toThrow("walkWholeFileReply: chatFiles[0] must be a string");
  });
});

describe("getWholeFileEdits", () => {
  it("the filename is the line before the fence; lines keep their endings, CR included", () => {
    expect(getWholeFileEdits("a.py\n```\nx = 1\r\ny\n```\n", ["a.py"], TICKS)).toEqual([["a.py", "block", ["x = 1\r\n", "y\n"]]]);
  });

  it("a prose line right before the fence becomes the filename", () => {
    expect(getWholeFileEdits("Here is the fix\n```\nx\n```\n", ["a.py"], TICKS)).toEqual([["Here is the fix", "block", ["x\n"]]]);
  });

  it("without a name: the last `chat file` mentioned (backticks required), else the only chat file, else Aider's ValueError", () => {
    expect(getWholeFileEdits("Change `a.py` and then `b.py`:\n\n```\nnew\n```\n", ["a.py", "b.py"], TICKS)).toEqual([["b.py", "saw", ["new\n"]]]);
    expect(getWholeFileEdits("```\nnew\n```\n", ["a.py"], TICKS)).toEqual([["a.py", "chat", ["new\n"]]]);
    const fail = () => getWholeFileEdits("Change b.py:\n\n```\nnew\n```\n", ["a.py", "b.py"], TICKS);
    expect(fail).toThrow(EditFormatValueError);
    expect(fail).toThrow("No filename provided before ``` in file listing");
    expect(() => getWholeFileEdits("\n<source>\nx\n</source>\n", ["a.py", "b.py"], ["<source>", "</source>"])).toThrow("No filename provided before <source> in file listing");
  });

  it("a closed block clears the mention: the next unnamed block falls back to the only chat file", () => {
    expect(getWholeFileEdits("See `b.py`\n\n```\n1\n```\n\n```\n2\n```\n", ["b.py"], TICKS)).toEqual([["b.py", "saw", ["1\n"]]]);
  });

  it("with the ``` fence an embedded ```python line closes the listing early; with <source> it is content", () => {
    const reply = (open: string, close: string) => `a.py\n${open}\ns = """\n\`\`\`python\nx\n\`\`\`\n"""\n${close}\n`;
    expect(getWholeFileEdits(reply("```", "```"), ["a.py"], TICKS)[0]![2]).toEqual(['s = """\n']);
    expect(getWholeFileEdits(reply("<source>", "</source>"), ["a.py"], ["<source>", "</source>"])[0]![2]).toEqual(['s = """\n', "```python\n", "x\n", "```\n", '"""\n']);
  });

  it("an unterminated last block loses its final newline; a reply ending on the opening fence gives an empty file", () => {
    expect(getWholeFileEdits("a.py\n```\nx\ny\n", ["a.py"], TICKS)).toEqual([["a.py", "block", ["x\n", "y"]]]);
    expect(getWholeFileEdits("a.py\n```\n", ["a.py"], TICKS)).toEqual([["a.py", "block", []]]);
  });

  it("one edit per file: named blocks first, then mentioned, then the lone chat file; the first listing of a file wins", () => {
    const reply = ["```", "fallback", "```", "a.py", "```", "first", "```", "a.py", "```", "second", "```", ""].join("\n");
    expect(getWholeFileEdits(reply, ["a.py"], TICKS)).toEqual([["a.py", "block", ["first\n"]]]);
    const mixed = "Edit `b.py`:\n\n```\nfrom saw\n```\nSee `a.py`\n\n```\nsaw a\n```\na.py\n```\nnamed a\n```\n";
    expect(getWholeFileEdits(mixed, ["a.py", "b.py"], TICKS)).toEqual([
      ["a.py", "block", ["named a\n"]],
      ["b.py", "saw", ["from saw\n"]],
    ]);
  });
});
