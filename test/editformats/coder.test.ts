/** lib/editformats/coder.ts: apply_updates' outcomes for every format. */
import { describe, expect, it } from "vitest";

import { editformats } from "../../lib/index.js";
import { noMatchError } from "../../lib/editformats/udiff/apply.js";

const { ProjectFiles, applyUpdates, coderFor } = editformats;
const ctxOf = (files: InstanceType<typeof ProjectFiles>, chat: string[]) => ({ files, chatFiles: new Set(chat), fence: ["```", "```"] as const, shellCommands: [] as string[] });

describe("apply_updates outcomes", () => {
  it("a ValueError is reflected and counted as malformed; a crash is 'Exception while updating files:' and not counted", async () => {
    const bad = new ProjectFiles({ "a.py": "x = 1\n" });
    const r1 = await applyUpdates(coderFor("udiff"), "```diff\n--- a.py\n+++ a.py\n@@ @@\n-nope\n+x\n```\n", ctxOf(bad, ["a.py"]));
    expect(r1.numMalformedResponses).toBe(1);
    expect(r1.reflectedMessage).toBe(noMatchError("a.py", "nope\n"));
    expect(bad.io[0]).toEqual(["error", "The LLM did not conform to the edit format."]);
    const crash = new ProjectFiles({ "a.py": "x = 1\n" });
    const r2 = await applyUpdates(coderFor("udiff"), "Here:\n```diff", ctxOf(crash, ["a.py"]));
    expect(r2).toMatchObject({ edited: [], reflectedMessage: "cannot access local variable 'line_num' where it is not associated with a value", numMalformedResponses: 0 });
    expect(crash.io[0]).toEqual(["error", "Exception while updating files:"]);
    expect(crash.snapshot()).toEqual({ "a.py": "x = 1\n" }); // a failed edit leaves the file byte-identical
  });

  it("a reply naming a path outside the project is refused by the sandbox: nothing written, nothing reflected", async () => {
    const p = new ProjectFiles({ "a.py": "x\n" });
    const r = await applyUpdates(coderFor("whole"), "../escape.py\n```\npwned\n```\n", ctxOf(p, ["a.py"]));
    expect(r.reflectedMessage).toBeNull();
    expect(p.snapshot()).toEqual({ "a.py": "x\n" });
    expect(p.io.at(-1)![1]).toMatch(/^workbench sandbox: ProjectFiles: path must stay inside the project/);
  });

  it("a declined new file is skipped, nothing is created", async () => {
    const p = new ProjectFiles({ "a.py": "" }, { confirm: false });
    const r = await applyUpdates(coderFor("whole"), "b.py\n```\nnew\n```\n", ctxOf(p, ["a.py"]));
    expect(r.edited).toEqual([]);
    expect(p.snapshot()).toEqual({ "a.py": "" });
    expect(p.io).toEqual([["confirm", "Create new file?", "b.py", false], ["output", "Skipping edits to b.py"]]);
  });
});
