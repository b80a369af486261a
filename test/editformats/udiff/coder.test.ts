/** lib/editformats/udiff/coder.ts: UnifiedDiffCoder as an EditFormatCoder, run through apply_updates (`aider/coders/udiff_coder.py`). */
import { describe, expect, it } from "vitest";
import { applyUpdates, type CoderContext } from "../../../lib/editformats/coder.js";
import { udiffCoder } from "../../../lib/editformats/udiff/coder.js";
import { ProjectFiles } from "../../../lib/editformats/workspace.js";

const ctxOf = (files: ProjectFiles, chat: string[]): CoderContext => ({ files, chatFiles: new Set(chat), fence: ["```", "```"], shellCommands: [] });
const reply = (path: string, ...lines: string[]) => ["```diff", `--- a/${path}`, `+++ b/${path}`, "@@ @@", ...lines, "```"].join("\n") + "\n";

describe("udiffCoder", () => {
  it("get_edits is find_diffs with path inheritance; the dry-run step is the identity; the path is the edit's first field", () => {
    const ctx = ctxOf(new ProjectFiles({ "a.py": "x = 1\n" }), ["a.py"]);
    const edits = udiffCoder.getEdits(reply("a.py", "-x = 1", "+x = 2") + "```diff\n@@ @@\n-y\n+z\n```\n", ctx);
    expect(edits).toEqual([
      ["a.py", ["-x = 1\n", "+x = 2\n"]],
      ["a.py", ["-y\n", "+z\n"]],
    ]);
    expect(udiffCoder.applyEditsDryRun(edits, ctx)).toBe(edits);
    expect(edits.map((e) => udiffCoder.pathOf(e))).toEqual(["a.py", "a.py"]);
    expect(udiffCoder.name).toBe("udiff");
  });

  it("through apply_updates: a file outside the chat is asked about once, then edited", async () => {
    const files = new ProjectFiles({ "a.py": "x = 1\n", "b.py": "count = 1\n" });
    const r = await applyUpdates(udiffCoder, reply("b.py", "-count = 1", "+count = 2"), ctxOf(files, ["a.py"]));
    expect(r).toMatchObject({ edited: ["b.py"], reflectedMessage: null, numMalformedResponses: 0 });
    expect(files.snapshot()).toEqual({ "a.py": "x = 1\n", "b.py": "count = 2\n" });
    expect(files.io).toEqual([
      ["confirm", "Allow edits to file that has not been added to the chat?", "b.py", true],
      ["output", "Applied edit to b.py"],
    ]);
  });

  it("through apply_updates: a hunk that does not apply is reflected and leaves the file byte-identical", async () => {
    const files = new ProjectFiles({ "a.py": "x = 1\r\n" });
    const r = await applyUpdates(udiffCoder, reply("a.py", "-y = 1", "+y = 2"), ctxOf(files, ["a.py"]));
    expect(r.numMalformedResponses).toBe(1);
    expect(r.reflectedMessage).toMatch(/^UnifiedDiffNoMatch: hunk failed to apply!\n\na\.py does not contain lines/);
    expect(files.raw("a.py")).toBe("x = 1\r\n");
  });
});
