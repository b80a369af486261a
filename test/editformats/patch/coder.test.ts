/** lib/editformats/patch/coder.ts: PatchCoder as an EditFormatCoder, run through apply_updates (`aider/coders/patch_coder.py`). */
import { describe, expect, it } from "vitest";
import { applyUpdates, type CoderContext } from "../../../lib/editformats/coder.js";
import { patchCoder } from "../../../lib/editformats/patch/coder.js";
import { ProjectFiles } from "../../../lib/editformats/workspace.js";

const ctxOf = (files: ProjectFiles, chat: string[]): CoderContext => ({ files, chatFiles: new Set(chat), fence: ["```", "```"], shellCommands: [] });
const patch = (...lines: string[]) => ["*** Begin Patch", ...lines, "*** End Patch"].join("\n") + "\n";

describe("patchCoder", () => {
  it("get_edits reads the files the patch names; the dry-run step is the identity; each action's path is checked", () => {
    const files = new ProjectFiles({ "a.py": "x\n" });
    const ctx = ctxOf(files, ["a.py"]);
    const edits = patchCoder.getEdits(patch("*** Update File: a.py", "-x", "+y", "*** Add File: n.py", "+n"), ctx);
    expect(edits.map((e) => patchCoder.pathOf(e))).toEqual(["a.py", "n.py"]);
    expect(patchCoder.applyEditsDryRun(edits, ctx)).toBe(edits);
    patchCoder.applyEdits(edits, ctx);
    expect(files.snapshot()).toEqual({ "a.py": "y\n", "n.py": "n\n" });
  });

  it("through apply_updates an Add File fails: allowed_to_edit has just touched the new file", async () => {
    const files = new ProjectFiles({ "a.py": "x\n" });
    const r = await applyUpdates(patchCoder, patch("*** Add File: n.py", "+n"), ctxOf(files, ["a.py"]));
    expect(r).toMatchObject({ edited: ["n.py"], reflectedMessage: "Error applying action 'ActionType.ADD' to n.py: ADD Error: File already exists: n.py", numMalformedResponses: 1 });
    expect(files.io[0]).toEqual(["confirm", "Create new file?", "n.py", true]);
    expect(files.snapshot()).toEqual({ "a.py": "x\n", "n.py": "" });
  });

  it("through apply_updates an Update applies and is reported", async () => {
    const files = new ProjectFiles({ "a.py": "x\n" });
    const r = await applyUpdates(patchCoder, patch("*** Update File: a.py", "-x", "+y"), ctxOf(files, ["a.py"]));
    expect(r).toMatchObject({ edited: ["a.py"], reflectedMessage: null, numMalformedResponses: 0 });
    expect(files.io).toEqual([["output", "Updating a.py"], ["output", "Applied edit to a.py"]]);
  });
});
