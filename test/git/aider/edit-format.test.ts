// lib/git/aider/edit-format.ts: the two edit formats a turn is given, over in-memory files (no git: the format only
// edits; permission and commits are the turn's), and `wholeFileEdits`' checks, which refuse paths outside the sandbox.
import { describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../../lib/core/errors.js";
import { editBlockFormat, wholeFileEdits, wholeFileFormat, type TurnFiles } from "../../../lib/git/aider/edit-format.js";

/** In-memory TurnFiles that log each write; `dryRun` drops the writes as the turn's file access does. */
function memoryFiles(initial: Record<string, string>, dryRun = false): TurnFiles & { files: Map<string, string>; writes: string[] } {
  const files = new Map(Object.entries(initial));
  const writes: string[] = [];
  return {
    files,
    writes,
    read: (p) => files.get(p) ?? null,
    exists: (p) => files.has(p),
    write: (p, c) => {
      writes.push(p);
      if (!dryRun) files.set(p, c);
    },
  };
}

describe("wholeFileFormat", () => {
  it("resolves edits unchanged (a copy), names each edit's path, and writes every file whole", async () => {
    const edits = [{ path: "a.py", content: "new a\n" }, { path: "n/new.py", content: "created\n" }];
    const files = memoryFiles({ "a.py": "old\n" });
    const resolved = await wholeFileFormat.resolve(edits, files);
    expect(resolved).toEqual(edits);
    expect(resolved).not.toBe(edits);
    expect(resolved.map((e) => wholeFileFormat.pathOf(e))).toEqual(["a.py", "n/new.py"]);
    expect(await wholeFileFormat.apply(edits, files)).toBeNull();
    expect(Object.fromEntries(files.files)).toEqual({ "a.py": "new a\n", "n/new.py": "created\n" });
    expect(wholeFileFormat.name).toBe("whole");
    expect(Object.isFrozen(wholeFileFormat)).toBe(true);
  });
});

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

describe("editBlockFormat", () => {
  const block = (path: string, search: string, replace: string) => ({ path, search, replace });

  it("resolve re-targets an edit whose SEARCH is only in a chat file, and writes nothing", async () => {
    const files = memoryFiles({ "a.py": "x = 1\n", "b.py": "y = 2\n" });
    const format = editBlockFormat(() => ["a.py", "b.py"]);
    const resolved = await format.resolve([block("a.py", "y = 2\n", "y = 3\n")], files);
    expect(resolved.map((e) => format.pathOf(e))).toEqual(["b.py"]);
    expect(files.writes).toEqual([]);
    expect(format.name).toBe("editblock");
  });

  it("apply writes the edits that match and returns Aider's failure text for the rest", async () => {
    const files = memoryFiles({ "a.py": "x = 1\n" });
    const format = editBlockFormat(() => ["a.py"]);
    const error = await format.apply([block("a.py", "x = 1\n", "x = 2\n"), block("a.py", "nowhere\n", "z\n")], files);
    expect(files.files.get("a.py")).toBe("x = 2\n");
    expect(error).toMatch(/^# 1 SEARCH\/REPLACE block failed to match!/);
    expect(error).toContain("nowhere");
    expect(await format.apply([block("a.py", "x = 2\n", "x = 3\n")], files)).toBeNull();
  });

  it("apply runs as Aider's (not dry run) even when the turn's writes are dropped", async () => {
    const files = memoryFiles({ "a.py": "x = 1\n" }, true);
    const error = await editBlockFormat(() => ["a.py"]).apply([block("a.py", "x = 1\n", "x = 2\n")], files);
    expect([error, files.writes, files.files.get("a.py")]).toEqual([null, ["a.py"], "x = 1\n"]);
  });

  it("reads the chat files at each call (allowed_to_edit may add one between resolve and apply)", async () => {
    const chat = ["a.py"];
    const files = memoryFiles({ "a.py": "a\n", "b.py": "target\n" });
    const format = editBlockFormat(() => chat);
    const edit = block("a.py", "target\n", "hit\n");
    expect((await format.resolve([edit], files)).map((e) => e.path)).toEqual(["a.py"]); // b.py not in the chat yet
    chat.push("b.py");
    expect((await format.resolve([edit], files)).map((e) => e.path)).toEqual(["b.py"]);
  });
});
