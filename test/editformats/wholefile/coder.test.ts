/** lib/editformats/wholefile/coder.ts: WholeFileCoder as an EditFormatCoder and its apply_edits (`aider/coders/wholefile_coder.py`). */
import { describe, expect, it } from "vitest";
import { PythonError } from "../../../lib/core/pyerror.js";
import { applyUpdates, type CoderContext } from "../../../lib/editformats/coder.js";
import { applyWholeFileEdits, wholeFileCoder } from "../../../lib/editformats/wholefile/coder.js";
import { ProjectFiles } from "../../../lib/editformats/workspace.js";

const ctxOf = (files: ProjectFiles, chat: string[], fence: CoderContext["fence"] = ["```", "```"]): CoderContext => ({ files, chatFiles: new Set(chat), fence, shellCommands: [] });

describe("applyWholeFileEdits", () => {
  it("writes each listing's lines joined; an empty listing empties the file", () => {
    const files = new ProjectFiles({ "a.py": "old\n", "b.py": "old\n" });
    applyWholeFileEdits([["a.py", "block", ["x\n", "y"]], ["b.py", "chat", []]], files);
    expect(files.snapshot()).toEqual({ "a.py": "x\ny", "b.py": "" });
  });

  it("creates no folders", () => {
    expect(() => applyWholeFileEdits([["d/n.py", "block", ["x\n"]]], new ProjectFiles({}))).toThrow(
      new PythonError("FileNotFoundError", "[Errno 2] No such file or directory: '<root>/d/n.py'"),
    );
  });
});

describe("wholeFileCoder", () => {
  it("get_edits reads against the sorted chat files and the context's fence; the dry-run step is the identity", () => {
    const ctx = ctxOf(new ProjectFiles({}), ["b.py", "a.py"], ["<source>", "</source>"]);
    const edits = wholeFileCoder.getEdits("path/to/b.py\n<source>\n```\n</source>\n", ctx);
    expect(edits).toEqual([["b.py", "block", ["```\n"]]]);
    expect(wholeFileCoder.applyEditsDryRun(edits, ctx)).toBe(edits);
    expect(wholeFileCoder.pathOf(edits[0]!)).toBe("b.py");
  });

  it("through apply_updates a new file in a new folder is created by allowed_to_edit's touch, then written", async () => {
    const files = new ProjectFiles({ "a.py": "" });
    const r = await applyUpdates(wholeFileCoder, "d/n.py\n```\nnew\n```\n", ctxOf(files, ["a.py"]));
    expect(r).toMatchObject({ edited: ["d/n.py"], reflectedMessage: null, numMalformedResponses: 0 });
    expect(files.snapshot()).toEqual({ "a.py": "", "d/n.py": "new\n" });
  });

  it("through apply_updates a listing without a filename is reflected, nothing written", async () => {
    const files = new ProjectFiles({ "a.py": "keep\r\n", "b.py": "" });
    const r = await applyUpdates(wholeFileCoder, "```\nx\n```\n", ctxOf(files, ["a.py", "b.py"]));
    expect(r.reflectedMessage).toBe("No filename provided before ``` in file listing");
    expect(r.numMalformedResponses).toBe(1);
    expect(files.raw("a.py")).toBe("keep\r\n");
  });
});
