// lib/loop/format-workspace.ts: the in-memory workspace for every edit format — its config checks, the file access
// the loop uses, and one reply taken through get_edits → apply_updates: parsed or not, applied, refused, reflected.
import { describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../lib/core/errors.js";
import type { Fence } from "../../lib/editblock/fence.js";
import { FormatWorkspace } from "../../lib/loop/format-workspace.js";

const fence: Fence = ["```", "```"];
const ws = (format: "whole" | "udiff" | "patch" | "diff-fenced" | "editor-diff", answers = {}) =>
  new FormatWorkspace({ "a.py": "x = 1\r\n", "b.py": "y = 2\n" }, { chat: ["a.py"], format, answers });
const refused = (f: () => unknown, message: string) => {
  expect(f).toThrow(WorkbenchInputError);
  expect(f).toThrow(message);
};

describe("FormatWorkspace — config and file access", () => {
  it("describes itself, reads with \\n line ends, lists the chat once each, mentions nothing, snapshots every file", async () => {
    const w = new FormatWorkspace({ "a.py": "x = 1\r\n", "b.py": "y\n" }, { chat: ["a.py", "a.py"], format: "whole" });
    expect(w.description).toBe("memory, no git, edit format whole");
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
    refused(() => new FormatWorkspace({}, { chat: [], format: "ed" as never }), "must be one of");
    refused(() => new FormatWorkspace({ "a.py": "" }, { chat: ["b.py"], format: "whole" }), "FormatWorkspace: config.chat[0] must name one of the files");
    refused(() => new FormatWorkspace({}, { chat: [], format: "whole", git: true } as never), "FormatWorkspace: config.git is not a known option");
    refused(() => new FormatWorkspace({}, { chat: "a.py" as never, format: "whole" }), "FormatWorkspace: config.chat must be");
    refused(() => new FormatWorkspace({}, null as never), "FormatWorkspace: config must be an object");
  });
});

describe("FormatWorkspace.applyFormatReply", () => {
  it("a whole-file listing parses to one edit and is applied; the chat file changes, the history gets Aider's no-git reply", async () => {
    const w = ws("whole");
    const r = w.applyFormatReply("whole", "a.py\n```\nx = 2\n```\n", fence);
    expect(r.parsed).toEqual({ ok: true, edits: 1, shellCommands: [] });
    expect(r.malformed).toBe(0);
    expect(r.update).toMatchObject({ requested: ["a.py"], edited: ["a.py"], refused: [], reflected: null, reply: "I updated the files.", commits: [] });
    expect(r.update!.printed).toEqual([{ level: "output", text: "Applied edit to a.py" }]);
    expect((await w.snapshot())["a.py"]).toBe("x = 2\n");
  });

  it("declining 'Create new file?' refuses the path: nothing is written, the question is recorded", async () => {
    const w = ws("whole", { createNewFile: false });
    const r = w.applyFormatReply("whole", "new.py\n```\nz\n```\n", fence);
    expect(r.update!.refused).toEqual(["new.py"]);
    expect(r.update!.edited).toEqual([]);
    expect(r.update!.printed[0]).toEqual({ level: "ask", text: "new.py: Create new file? no" });
    expect(Object.keys(await w.snapshot())).toEqual(["a.py", "b.py"]);
  });

  it("an edit to a file outside the chat, when allowed, adds it to the chat", () => {
    const w = ws("whole");
    const r = w.applyFormatReply("whole", "b.py\n```\ny = 3\n```\n", fence);
    expect(r.update!.edited).toEqual(["b.py"]);
    expect(r.update!.printed[0]).toMatchObject({ level: "ask" });
    expect(w.chatFiles()).toEqual(["a.py", "b.py"]);
  });

  it("a reply the format cannot parse: Aider's error text, malformed, nothing applied", async () => {
    const w = ws("diff-fenced");
    const r = w.applyFormatReply("diff-fenced", "```\na.py\n<<<<<<< SEARCH\nx = 1\n```\n", fence);
    expect(r.parsed.ok).toBe(false);
    expect(r.parsed.ok === false && r.parsed.crashed).toBe(false);
    expect(r.parsed.ok === false && r.parsed.error).toMatch(/Expected `=======`/);
    expect([r.update, r.malformed]).toEqual([null, 1]);
    expect((await w.snapshot())["a.py"]).toBe("x = 1\r\n");
  });

  it("a reply with no edits parses to 0 and applies nothing", () => {
    const r = ws("udiff").applyFormatReply("udiff", "Nothing to change.", fence);
    expect(r).toEqual({ format: "udiff", parsed: { ok: true, edits: 0, shellCommands: [] }, update: null, malformed: 0 });
  });

  it("a hunk that does not apply is reflected with the format's own failure text and counts as malformed", () => {
    const r = ws("udiff").applyFormatReply("udiff", "```diff\n--- b.py\n+++ b.py\n@@ @@\n-nothere\n+z\n```\n", fence);
    expect(r.parsed).toMatchObject({ ok: true, edits: 1 });
    expect(r.malformed).toBe(1);
    expect(r.update!.reflected).toMatch(/^UnifiedDiffNoMatch: hunk failed to apply!/);
  });
});

describe("FormatWorkspace.applyUpdates — SEARCH/REPLACE already parsed", () => {
  it("goes through the same chain: applied, or Aider's failure message reflected", async () => {
    const w = ws("editor-diff");
    const ok = await w.applyUpdates([{ path: "a.py", search: "x = 1\n", replace: "x = 9\n" }], fence);
    expect([ok.edited, ok.reflected]).toEqual([["a.py"], null]);
    expect((await w.snapshot())["a.py"]).toMatch(/^x = 9\r?\n$/);
    const bad = await w.applyUpdates([{ path: "a.py", search: "absent\n", replace: "z\n" }], fence);
    expect(bad.reflected).toMatch(/SEARCH\/REPLACE block failed to match/);
  });
});
