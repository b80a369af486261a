// lib/loop/workspace.ts: the in-memory workspace, for every edit format — its config checks, the file access the
// loop uses, and one reply taken through the one chain (get_edits → apply_updates): parsed or not, applied, refused,
// reflected; and the helpers that turn the chain's result and io log into the loop's UpdateResult.
import { describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../lib/core/errors.js";
import type { Fence } from "../../lib/editblock/fence.js";
import { coderFor, type EditFormatName } from "../../lib/editformats/formats.js";
import { MemoryWorkspace, printedOf } from "../../lib/loop/workspace.js";

const fence: Fence = ["```", "```"];
const ws = (answers = {}) => new MemoryWorkspace({ "a.py": "x = 1\r\n", "b.py": "y = 2\n" }, { chat: ["a.py"], answers });
const run = (w: MemoryWorkspace, format: EditFormatName, text: string) => w.applyReply(coderFor(format), { text, fence });
const refused = (f: () => unknown, message: string) => {
  expect(f).toThrow(WorkbenchInputError);
  expect(f).toThrow(message);
};

describe("MemoryWorkspace — config and file access", () => {
  it("describes itself, reads with \\n line ends, lists the chat once each, mentions nothing, snapshots every file", async () => {
    const w = new MemoryWorkspace({ "a.py": "x = 1\r\n", "b.py": "y\n" }, { chat: ["a.py", "a.py"] });
    expect(w.description).toBe("memory, no git");
    expect(w.chatFiles()).toEqual(["a.py"]);
    expect(w.read("a.py")).toBe("x = 1\n");
    expect(w.read("missing.py")).toBeNull();
    expect(await w.mentionable()).toEqual([]);
    w.addToChat("b.py");
    w.addToChat("b.py");
    expect(w.chatFiles()).toEqual(["a.py", "b.py"]);
    expect(await w.snapshot()).toEqual({ "a.py": "x = 1\r\n", "b.py": "y\n" });
    expect(w.answers).toEqual({ createNewFile: true, editFileNotInChat: true });
  });

  it("bad config is one line naming it", () => {
    refused(() => new MemoryWorkspace({ "a.py": "" }, { chat: ["b.py"] }), "MemoryWorkspace: config.chat[0] must name one of the files");
    refused(() => new MemoryWorkspace({}, { chat: [], answers: { createNewFile: "yes" as never } }), "answers.createNewFile must be a boolean");
    refused(() => new MemoryWorkspace({}, { chat: [], dryRun: true } as never), "config.dryRun is not a known option");
    refused(() => new MemoryWorkspace({}, { chat: "a.py" as never }), "MemoryWorkspace: config.chat must be");
    refused(() => new MemoryWorkspace({}, null as never), "MemoryWorkspace: config must be an object");
  });
});

describe("MemoryWorkspace.applyReply — every format through the one chain", () => {
  it("a whole-file listing parses to one edit and is applied; the history gets Aider's no-git reply", async () => {
    const w = ws();
    const u = await run(w, "whole", "a.py\n```\nx = 2\n```\n");
    expect(u).toMatchObject({ format: "whole", parsed: 1, malformed: 0, requested: ["a.py"], edited: ["a.py"], refused: [], reflected: null, reply: "I updated the files.", commits: [] });
    expect(u.printed).toEqual([{ level: "output", text: "Applied edit to a.py" }]);
    expect((await w.snapshot())["a.py"]).toBe("x = 2\n");
  });

  it("declining 'Create new file?' refuses the path: nothing is written, the question is recorded", async () => {
    const w = ws({ createNewFile: false });
    const u = await run(w, "whole", "new.py\n```\nz\n```\n");
    expect([u.refused, u.edited]).toEqual([["new.py"], []]);
    expect(u.printed[0]).toEqual({ level: "ask", text: "new.py: Create new file? no" });
    expect(Object.keys(await w.snapshot())).toEqual(["a.py", "b.py"]);
  });

  it("an edit to a file outside the chat, when allowed, adds it to the chat", async () => {
    const w = ws();
    const u = await run(w, "udiff", "```diff\n--- b.py\n+++ b.py\n@@ @@\n-y = 2\n+y = 3\n```\n");
    expect(u.edited).toEqual(["b.py"]);
    expect(u.printed[0]).toMatchObject({ level: "ask" });
    expect(w.chatFiles()).toEqual(["a.py", "b.py"]);
  });

  it("a reply the format cannot parse: Aider's error text, malformed, nothing applied", async () => {
    const w = ws();
    const u = await run(w, "diff-fenced", "```\na.py\n<<<<<<< SEARCH\nx = 1\n```\n");
    expect([u.parsed, u.malformed, u.edited]).toEqual([null, 1, []]);
    expect(u.reflected).toMatch(/Expected `=======`/);
    expect((await w.snapshot())["a.py"]).toBe("x = 1\r\n");
  });

  it("a reply with no edits parses to 0 and applies nothing", async () => {
    const u = await run(ws(), "udiff", "Nothing to change.");
    expect(u).toMatchObject({ parsed: 0, edited: [], reflected: null, printed: [] });
  });

  it("a hunk that does not apply is reflected with the format's own failure text and counts as malformed", async () => {
    const u = await run(ws(), "udiff", "```diff\n--- b.py\n+++ b.py\n@@ @@\n-nothere\n+z\n```\n");
    expect([u.parsed, u.malformed]).toEqual([1, 1]);
    expect(u.reflected).toMatch(/^UnifiedDiffNoMatch: hunk failed to apply!/);
  });

  it("SEARCH/REPLACE is one of the formats: per-block outcomes, re-targeting, Aider's failure message", async () => {
    const w = ws();
    const ok = await run(w, "diff", "b.py\n```\n<<<<<<< SEARCH\nx = 1\n=======\nx = 9\n>>>>>>> REPLACE\n```\n");
    expect(ok).toMatchObject({ format: "diff", retargeted: [{ from: "b.py", to: "a.py" }], edited: ["a.py"], reflected: null });
    expect(ok.outcomes).toEqual([{ path: "a.py", applied: true, how: "perfect" }]);
    expect((await w.snapshot())["a.py"]).toBe("x = 9\n");
    const bad = await run(w, "editor-diff", "a.py\n```\n<<<<<<< SEARCH\nabsent\n=======\nz\n>>>>>>> REPLACE\n```\n");
    expect([bad.outcomes, bad.malformed]).toEqual([[{ path: "a.py", applied: false, how: null }], 1]);
    expect(bad.reflected).toMatch(/SEARCH\/REPLACE block failed to match/);
  });

  it("the loop's path rule runs right after get_edits, before anything changes, in every format", async () => {
    const w = ws();
    const checkPath = (p: string) => {
      if (p === "b.py") throw new WorkbenchInputError("loop", "edit path", "is refused: test", p);
    };
    await expect(w.applyReply(coderFor("whole"), { text: "a.py\n```\nA\n```\n\nb.py\n```\nB\n```\n", fence, checkPath })).rejects.toThrow("loop: edit path is refused");
    expect(await w.snapshot()).toEqual({ "a.py": "x = 1\r\n", "b.py": "y = 2\n" });
  });
});

describe("printedOf", () => {
  it("turns io entries into trace lines; a question shows its subject and answer", () => {
    expect(printedOf([["output", "o"], ["warning", "w"], ["error", "e"], ["confirm", "Create new file?", "n.py", false]])).toEqual([
      { level: "output", text: "o" },
      { level: "warning", text: "w" },
      { level: "error", text: "e" },
      { level: "ask", text: "n.py: Create new file? no" },
    ]);
  });
});
