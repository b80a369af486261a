import { describe, expect, it } from "vitest";
import { strip } from "../../lib/core/pystr.js";
import { findOriginalUpdateBlocks, formatEditBlock, getEdits, WorkbenchInputError, type EditBlock } from "../../lib/index.js";
import { EditBlockParseError } from "../../lib/editblock/parse.js";
import { type Fence } from "../../lib/editblock/fence.js";
import { isDivider, isHead, isUpdated, iterOriginalUpdateBlocks } from "../../lib/editblock/parse.js";

const F: Fence = ["```", "```"];
const block = (name: string, s: string, r: string) => `${name}\n\`\`\`python\n<<<<<<< SEARCH\n${s}=======\n${r}>>>>>>> REPLACE\n\`\`\`\n`;

describe("markers (matched on Python-stripped lines)", () => {
  it("HEAD: 5–9 '<', one space, SEARCH, optional '>'", () => {
    for (const ok of ["<<<<< SEARCH", "<<<<<<<<< SEARCH", "<<<<<<< SEARCH>"]) expect(isHead(ok), ok).toBe(true);
    for (const bad of ["<<<< SEARCH", "<<<<<<<<<< SEARCH", "<<<<<<<SEARCH", "<<<<<<<  SEARCH", "<<<<<<< search", "<<<<<<< SEARCH>>"]) {
      expect(isHead(bad), bad).toBe(false);
    }
  });

  it("DIVIDER: 5–9 '='; UPDATED: 5–9 '>', one space, REPLACE, nothing after", () => {
    expect(["=====", "========="].map(isDivider)).toEqual([true, true]);
    expect(["====", "==========", "======= x"].map(isDivider)).toEqual([false, false, false]);
    expect([">>>>> REPLACE", ">>>>>>>>> REPLACE"].map(isUpdated)).toEqual([true, true]);
    expect([">>>>>>>>>> REPLACE", ">>>>>>> REPLACE extra", ">>>>>>>REPLACE"].map(isUpdated)).toEqual([false, false, false]);
  });

  it("surrounding whitespace is Python's: \\x1f and NBSP are stripped, U+FEFF (which JS trim strips) is not", () => {
    const parse = (head: string) => findOriginalUpdateBlocks(`a.py\n${head}\nx\n=======\ny\n>>>>>>> REPLACE\n`, F, null).items;
    expect(parse("\x1f<<<<<<< SEARCH\xa0")).toHaveLength(1);
    // \x1c is whitespace AND a line break for splitlines: the HEAD moves to its own line, away from its filename
    expect(findOriginalUpdateBlocks("a.py\n\x1c<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n", F, null).error).toMatch(/Bad\/missing filename/);
    expect(parse("\ufeff<<<<<<< SEARCH")).toHaveLength(0);
    expect(parse("<<<<<<< SEARCH\ufeff")).toHaveLength(0);
    expect(isHead(strip("<<<<<<< SEARCH\ufeff"))).toBe(false);
  });
});

describe("findOriginalUpdateBlocks — blocks, filenames, shell", () => {
  it("parses a block and keeps line endings, including CRLF", () => {
    const crlf = "a.py\r\n```\r\n<<<<<<< SEARCH\r\nx\r\n=======\r\ny\r\n>>>>>>> REPLACE\r\n```\r\n";
    expect(findOriginalUpdateBlocks(crlf, F, ["a.py"])).toEqual({ items: [{ kind: "edit", path: "a.py", search: "x\r\n", replace: "y\r\n" }], error: null });
  });

  it("splits lines the Python way: a lone \\r or U+2028 ends a line too", () => {
    const r = findOriginalUpdateBlocks("a.py\r<<<<<<< SEARCH\u2028x\r=======\ny\n>>>>>>> REPLACE", F, null);
    expect(r.items).toEqual([{ kind: "edit", path: "a.py", search: "x\r", replace: "y\n" }]);
  });

  it("a second DIVIDER ends the REPLACE section; the rest is prose", () => {
    const r = findOriginalUpdateBlocks("a.py\n<<<<<<< SEARCH\na\n=======\nb\n=======\nc\n>>>>>>> REPLACE\n", F, null);
    expect(r).toEqual({ items: [{ kind: "edit", path: "a.py", search: "a\n", replace: "b\n" }], error: null });
  });

  it("a block without a filename line reuses the previous block's file", () => {
    const r = findOriginalUpdateBlocks(block("a.py", "1\n", "2\n") + "\n" + block("", "3\n", "4\n").slice(1), F, ["a.py"]);
    expect(r.items.map((i) => (i.kind === "edit" ? i.path : null))).toEqual(["a.py", "a.py"]);
  });

  it("new-file blocks (DIVIDER right after HEAD) keep the written name; others are matched to chat files", () => {
    const content = "fo.py\n<<<<<<< SEARCH\n=======\nx\n>>>>>>> REPLACE\n\nfo.py\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n";
    const paths = findOriginalUpdateBlocks(content, F, ["foo.py"]).items.map((i) => (i.kind === "edit" ? i.path : null));
    expect(paths).toEqual(["fo.py", "foo.py"]);
  });

  it("shell blocks: literal ``` prefixes (```csharp counts as ```csh), unless a HEAD follows within 2 lines", () => {
    expect(findOriginalUpdateBlocks("```csharp\nvar x;\n```\n", F, null).items).toEqual([{ kind: "shell", text: "var x;\n" }]);
    expect(findOriginalUpdateBlocks("```zsh\nls\n", F, null).items).toEqual([{ kind: "shell", text: "ls\n" }]);
    // with the <source> fence the shell check still uses backticks
    expect(findOriginalUpdateBlocks("  ```ps1\ndir\n  ```\n", ["<source>", "</source>"], null).items).toEqual([{ kind: "shell", text: "dir\n" }]);
    // HEAD two lines below: not a shell block (the blank line then hides the filename, hence the error)
    const twoAhead = "a.py\n```bash\n\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n";
    expect(findOriginalUpdateBlocks(twoAhead, F, null)).toEqual({ items: [], error: expect.stringMatching(/^a\.py\n```bash\n\n<<<<<<< SEARCH\n\n\^\^\^ Bad/) });
    const threeAhead = "```bash\n\n\n<<<<<<< SEARCH\nx\n";
    expect(findOriginalUpdateBlocks(threeAhead, F, null).items).toEqual([{ kind: "shell", text: "\n\n<<<<<<< SEARCH\nx\n" }]);
  });
});

describe("errors: Aider's ValueError text, generator semantics", () => {
  it("the three messages, after everything read so far", () => {
    expect(findOriginalUpdateBlocks("<<<<<<< SEARCH\n", ["<code>", "</code>"], null).error).toBe(
      "<<<<<<< SEARCH\n\n^^^ Bad/missing filename. The filename must be alone on the line before the opening fence <code>",
    );
    expect(findOriginalUpdateBlocks("a.py\n<<<<<<< SEARCH\nx\n", F, null).error).toBe("a.py\n<<<<<<< SEARCH\nx\n\n^^^ Expected `=======`");
    expect(findOriginalUpdateBlocks("a.py\n<<<<<<< SEARCH\nx\n=======\ny", F, null).error).toBe(
      "a.py\n<<<<<<< SEARCH\nx\n=======\ny\n^^^ Expected `>>>>>>> REPLACE` or `=======`",
    );
  });

  it("items yielded before the error are reported with it; the generator throws after yielding them", () => {
    const content = "```sh\nls\n```\n" + block("a.py", "1\n", "2\n") + "b.py\n<<<<<<< SEARCH\nunfinished\n";
    const r = findOriginalUpdateBlocks(content, F, null);
    expect(r.items).toHaveLength(2);
    expect(r.error).toMatch(/\^\^\^ Expected `=======`$/);
    const it = iterOriginalUpdateBlocks(content, F, null);
    expect(it.next().value).toEqual({ kind: "shell", text: "ls\n" });
    expect(it.next().value).toMatchObject({ kind: "edit", path: "a.py" });
    expect(() => it.next()).toThrow(EditBlockParseError);
  });

  it("getEdits keeps nothing when any block is malformed (list() semantics), else splits off shell commands", () => {
    const good = "```bash\nmake\n```\n" + block("a.py", "1\n", "2\n");
    expect(getEdits(good, F, ["a.py"])).toEqual({ ok: true, edits: [{ path: "a.py", search: "1\n", replace: "2\n" }], shellCommands: ["make\n"] });
    const bad = good + "<<<<<<< SEARCH\n";
    const r = getEdits(bad, F, ["a.py"]);
    expect(r.ok).toBe(false);
    expect(r).not.toHaveProperty("edits");
  });
});

describe("argument checks", () => {
  it("name the parameter and the rule, before iteration starts", () => {
    expect(() => iterOriginalUpdateBlocks(1 as unknown as string, F, null)).toThrow(/findOriginalUpdateBlocks: content must be a string/);
    expect(() => findOriginalUpdateBlocks("", ["```"] as unknown as Fence, null)).toThrow(/fence must be a pair/);
    expect(() => findOriginalUpdateBlocks("", ["```", ""], null)).toThrow(/fence\[1\] must be a non-empty string/);
    expect(() => findOriginalUpdateBlocks("", F, "a.py" as unknown as string[])).toThrow(/validFnames must be null or an array of strings/);
    expect(() => getEdits("", F, [3] as unknown as string[])).toThrow(WorkbenchInputError);
    expect(() => formatEditBlock({ path: "a", search: 1 } as unknown as EditBlock, F)).toThrow(/edit.search must be a string/);
  });
});

// The parser's laws (edits or a documented error on any text; the format → parse round trip, where it holds and
// where it breaks) are in test/properties/parser.test.ts.
