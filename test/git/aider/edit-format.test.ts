// lib/git/aider/edit-format.ts: a scenario's edits as the edit chain's — `wholeFileEdits`' checks, which refuse paths
// outside the sandbox, and `scenarioCoder`, the whole-file or SEARCH/REPLACE coder whose get_edits answers them.
import { describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../../lib/core/errors.js";
import { DEFAULT_FENCE } from "../../../lib/editblock/fence.js";
import { applyUpdates } from "../../../lib/editformats/coder.js";
import { ProjectFiles } from "../../../lib/editformats/workspace.js";
import { scenarioCoder, wholeFileEdits } from "../../../lib/git/aider/edit-format.js";

const ctxOf = (files: ProjectFiles, chat: string[]) => ({ files, chatFiles: new Set(chat), fence: DEFAULT_FENCE, shellCommands: [] });

describe("wholeFileEdits", () => {
  it("turns {path: content} into edits in key order", () => {
    expect(wholeFileEdits("scenario", { "b.py": "b\n", "a/c.py": "" })).toEqual([
      { path: "b.py", content: "b\n" },
      { path: "a/c.py", content: "" },
    ]);
    expect(wholeFileEdits("scenario", {})).toEqual([]);
  });

  it.each([
    [["a.py"], "scenario: edited must be an object"],
    [{ "a.py": 1 }, `scenario: edited["a.py"] must be a string`],
    [{ "a.py": null }, `scenario: edited["a.py"] must be a string`],
    [{ "../outside.py": "x" }, `scenario: edited["../outside.py"] is refused: '..' would escape the sandbox`],
    [{ "/tmp/x.py": "x" }, `scenario: edited["/tmp/x.py"] is refused: absolute paths escape the sandbox`],
    [{ ".git/hooks/pre-commit": "#!/bin/sh\n" }, `scenario: edited[".git/hooks/pre-commit"] is refused: the repository's .git directory is off limits`],
    [{ "d\\e.py": "x" }, "backslash"],
  ])("%j is refused in one line", (edited, message) => {
    expect(() => wholeFileEdits("scenario", edited)).toThrow(WorkbenchInputError);
    expect(() => wholeFileEdits("scenario", edited)).toThrow(message);
  });
});

describe("scenarioCoder", () => {
  it("whole: Aider's whole-file coder writes each file whole; a new file in a new folder is touched first", async () => {
    const coder = scenarioCoder({ kind: "whole", edits: [{ path: "a.py", content: "new a\n" }, { path: "n/new.py", content: "created\n" }] });
    expect(coder.name).toBe("whole");
    const files = new ProjectFiles({ "a.py": "old\n" });
    const r = await applyUpdates(coder, "ignored: the edits are given", ctxOf(files, ["a.py"]));
    expect(r).toMatchObject({ edited: ["a.py", "n/new.py"], reflectedMessage: null, parsed: 2, requested: ["a.py", "n/new.py"] });
    expect(files.snapshot()).toEqual({ "a.py": "new a\n", "n/new.py": "created\n" });
    expect(files.io).toContainEqual(["confirm", "Create new file?", "n/new.py", true]);
  });

  it("editblock: SEARCH/REPLACE re-targets to the chat file that holds the SEARCH, and reflects a block that fails", async () => {
    const block = (path: string, search: string, replace: string) => ({ path, search, replace });
    const files = new ProjectFiles({ "a.py": "x = 1\n", "b.py": "y = 2\n" });
    const coder = scenarioCoder({ kind: "editblock", edits: [block("a.py", "y = 2\n", "y = 3\n"), block("a.py", "nowhere\n", "z\n")] });
    expect(coder.name).toBe("diff");
    const r = await applyUpdates(coder, "", ctxOf(files, ["a.py", "b.py"]));
    expect(r.retargeted).toEqual([{ from: "a.py", to: "b.py" }]);
    expect(files.raw("b.py")).toBe("y = 3\n");
    expect(r.reflectedMessage).toMatch(/^# 1 SEARCH\/REPLACE block failed to match!/);
    expect(r.numMalformedResponses).toBe(1);
  });
});
