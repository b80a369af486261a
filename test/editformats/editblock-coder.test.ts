/** lib/editformats/editblock-coder.ts: SEARCH/REPLACE (`diff`, `diff-fenced`) as an EditFormatCoder (`aider/coders/editblock_coder.py`; `aider/coders/editblock_fenced_coder.py`). */
import { describe, expect, it } from "vitest";
import { getEdits } from "../../lib/editblock/parse.js";
import { applyUpdates, EditFormatValueError, type CoderContext } from "../../lib/editformats/coder.js";
import { applyEdits } from "../../lib/editblock/apply.js";
import { editBlockCoder, editBlockFencedCoder } from "../../lib/editformats/editblock-coder.js";
import { ProjectFiles } from "../../lib/editformats/workspace.js";
import { thrown } from "../support/thrown.js";

const ctxOf = (files: ProjectFiles, chat: string[]): CoderContext => ({ files, chatFiles: new Set(chat), fence: ["```", "```"], shellCommands: [] });
const block = (path: string, search: string, replace: string) => `${path}\n\`\`\`\n<<<<<<< SEARCH\n${search}=======\n${replace}>>>>>>> REPLACE\n\`\`\`\n`;

describe("lib/editblock's applyEdits on the chain's files (EditFiles extends EditFileSystem)", () => {
  it("reads with universal newlines (io.read_text), a missing file is null and logged; writes follow --dry-run", () => {
    const files = new ProjectFiles({ "a.py": "x\r\ny\n" }, { dryRun: true });
    const dry = applyEdits([{ path: "a.py", search: "x\n", replace: "z\n" }], files, { chatFiles: ["a.py"] });
    expect(dry.outcomes.map((o) => [o.path, o.applied])).toEqual([["a.py", true]]);
    expect(files.raw("a.py")).toBe("x\r\ny\n");
    expect(files.readText("gone.py")).toBeNull();
    expect(files.io).toEqual([["error", "<root>/gone.py: file not found error"]]);
    const live = new ProjectFiles({ "a.py": "x\r\ny\n" });
    expect(applyEdits([{ path: "a.py", search: "x\n", replace: "z\n" }], live, { chatFiles: ["a.py"] }).error).toBeNull();
    expect(live.raw("a.py")).toBe("z\ny\n");
  });
});

describe("editBlockCoder (diff)", () => {
  it("get_edits returns the edits and sets the shell blocks aside in the context", () => {
    const ctx = ctxOf(new ProjectFiles({ "a.py": "x = 1\n" }), ["a.py"]);
    const edits = editBlockCoder.getEdits(block("a.py", "x = 1\n", "x = 2\n") + "```bash\nls -la\n```\n", ctx);
    expect(edits).toEqual([{ path: "a.py", search: "x = 1\n", replace: "x = 2\n" }]);
    expect(ctx.shellCommands).toEqual(["ls -la\n"]);
    expect(editBlockCoder.pathOf(edits[0]!)).toBe("a.py");
  });

  it("one malformed block discards the whole reply, shell blocks too: the parser's error as a ValueError", () => {
    const ctx = ctxOf(new ProjectFiles({ "a.py": "x = 1\n" }), ["a.py"]);
    const reply = "```bash\nls\n```\n" + "a.py\n```\n<<<<<<< SEARCH\nx = 1\n```\n";
    const parsed = getEdits(reply, ctx.fence, ["a.py"]);
    expect(parsed.ok).toBe(false);
    const e = thrown(() => editBlockCoder.getEdits(reply, ctx));
    expect(e).toBeInstanceOf(EditFormatValueError);
    expect(e.message).toBe("error" in parsed ? parsed.error : "");
    expect(e.message).toMatch(/\n\^\^\^ Expected `=======`$/); // Aider echoes the reply up to the fault
    expect(ctx.shellCommands).toEqual([]);
  });

  it("the dry-run step re-targets an edit to the chat file whose text it matches, writing nothing", () => {
    const files = new ProjectFiles({ "a.py": "a = 1\n", "b.py": "b = 1\n" });
    const ctx = ctxOf(files, ["b.py", "a.py"]);
    const edits = [{ path: "a.py", search: "b = 1\n", replace: "b = 2\n" }];
    expect(editBlockCoder.applyEditsDryRun(edits, ctx)).toEqual([{ path: "b.py", search: "b = 1\n", replace: "b = 2\n" }]);
    expect(files.snapshot()).toEqual({ "a.py": "a = 1\n", "b.py": "b = 1\n" });
  });

  it("apply_edits writes; a SEARCH that matches nowhere is a ValueError and the file stays byte-identical", () => {
    const files = new ProjectFiles({ "a.py": "x = 1\r\n" });
    const ctx = ctxOf(files, ["a.py"]);
    const e = thrown(() => editBlockCoder.applyEdits([{ path: "a.py", search: "y = 1\n", replace: "y = 2\n" }], ctx));
    expect(e).toBeInstanceOf(EditFormatValueError);
    expect(e.message).toContain("## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in a.py");
    expect(files.raw("a.py")).toBe("x = 1\r\n");
    editBlockCoder.applyEdits([{ path: "a.py", search: "x = 1\n", replace: "x = 2\n" }], ctx);
    expect(files.raw("a.py")).toBe("x = 2\n");
  });

  it("through apply_updates: applied and reported", async () => {
    const files = new ProjectFiles({ "a.py": "x = 1\n" });
    const r = await applyUpdates(editBlockCoder, block("a.py", "x = 1\n", "x = 2\n"), ctxOf(files, ["a.py"]));
    expect(r).toMatchObject({ edited: ["a.py"], reflectedMessage: null, numMalformedResponses: 0 });
    expect(files.snapshot()).toEqual({ "a.py": "x = 2\n" });
  });
});

describe("editBlockFencedCoder (diff-fenced)", () => {
  it("reads the path INSIDE the fence, and the classic layout too", () => {
    const ctx = ctxOf(new ProjectFiles({ "a.py": "x = 1\n" }), ["a.py"]);
    const inside = "```python\na.py\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n```\n";
    expect(editBlockFencedCoder.getEdits(inside, ctx)).toEqual([{ path: "a.py", search: "x = 1\n", replace: "x = 2\n" }]);
    expect(editBlockFencedCoder.getEdits(block("a.py", "x = 1\n", "x = 2\n"), ctx)).toEqual([{ path: "a.py", search: "x = 1\n", replace: "x = 2\n" }]);
    expect([editBlockCoder.name, editBlockFencedCoder.name]).toEqual(["diff", "diff-fenced"]);
  });
});
