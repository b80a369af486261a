import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MemoryWorkspace, runLoop, runSession, ScriptedModel } from "../../lib/index.js";
import { checkSession } from "../../lib/loop/session.js";
import { type LoopEvent } from "../../lib/loop/trace.js";
import { editformats } from "../../lib/index.js";
import { cli } from "../cli/run-cli.js";

const SESSIONS = "lib/loop/sessions";
const load = (name: string): Record<string, unknown> => JSON.parse(readFileSync(join(SESSIONS, `${name}.json`), "utf8"));
const kinds = (events: readonly LoopEvent[]) => [...new Set(events.map((e) => e.kind))];

describe("one edit-format interface in the loop (`aider/coders/udiff_coder.py, patch_coder.py, wholefile_coder.py`, seed 001 §4)", () => {
  it("udiff session: the first hunk's UnifiedDiffNoMatch text is reflected word for word, the second applies", async () => {
    const run = await runSession(load("udiff-reflection"));
    expect([run.workspace, run.session.editFormat]).toEqual(["memory, no git", "udiff"]);
    expect(run.result.stopReason).toBe("done");
    expect(run.result.counts).toMatchObject({ requests: 2, reflections: 1, malformedResponses: 1 });
    // the reflected message is exactly what lib/editformats' apply_edits raises on the first reply
    const files = new editformats.ProjectFiles(run.before);
    const first = editformats.udiff.getUdiffEdits(run.session.replies[0] as string);
    expect(() => editformats.udiff.applyUdiffEdits(first, files)).toThrow(editformats.EditFormatValueError);
    let message = "";
    try {
      editformats.udiff.applyUdiffEdits(first, new editformats.ProjectFiles(run.before));
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message.startsWith("UnifiedDiffNoMatch: hunk failed to apply!\n\nstats.py does not contain lines")).toBe(true);
    expect(run.result.requests[1]!.messages.at(-1)).toMatchObject({ role: "user", content: message });
    expect(run.result.files["stats.py"]).toBe(
      "def mean(values):\n    if not values:\n        return 0.0\n    total = 0\n    for v in values:\n        total += v\n    return total / len(values)\n",
    );
    // the model was asked for the format it must write
    expect(run.result.requests[0]!.messages[0]!.content).toContain("```diff");
  });

  it("patch session: Add File through the chain fails after the Update applied (allowed_to_edit touched it)", async () => {
    const run = await runSession(load("patch-add-file"));
    const reflected = run.result.requests[1]!.messages.at(-1)!.content;
    expect(reflected).toBe("Error applying action 'ActionType.ADD' to helpers.py: ADD Error: File already exists: helpers.py");
    expect(run.result.events.some((e) => e.kind === "permission" && e.summary === "helpers.py: Create new file? yes")).toBe(true);
    expect(run.result.files).toEqual({ "app.py": "def main():\n    greet()\n", "helpers.py": 'def greet():\n    print("hello")\n' });
    expect(run.result.chatFiles).toEqual(["app.py", "helpers.py"]);
  });

  it("whole-file session: the listing named on the line before the fence replaces the file", async () => {
    const run = await runSession(load("whole-file"));
    expect(run.result.stopReason).toBe("done");
    expect(run.result.files["greet.py"]).toBe('def greet(name):\n    return "Hello " + name + "!"\n');
  });

  it("every format's trace has the same steps: request, model-call, reply, parse, apply, commit, lint, stop", async () => {
    const expected = ["request", "model-call", "reply", "parse", "apply", "commit", "lint", "stop"];
    for (const name of ["udiff-reflection", "patch-add-file", "whole-file", "one-reflection"]) {
      const run = await runSession(load(name));
      const seen = kinds(run.result.events);
      for (const k of expected) expect(seen, `${name} lacks ${k}`).toContain(k);
    }
  });

  it("the same change in each format lands as the same file", async () => {
    const files = { "a.py": "def f():\n    return 1\n" };
    const replies: Record<string, string> = {
      diff: "a.py\n```python\n<<<<<<< SEARCH\n    return 1\n=======\n    return 2\n>>>>>>> REPLACE\n```\n",
      udiff: "```diff\n--- a.py\n+++ a.py\n@@ @@\n def f():\n-    return 1\n+    return 2\n```\n",
      patch: "*** Begin Patch\n*** Update File: a.py\n def f():\n-    return 1\n+    return 2\n*** End Patch\n",
      whole: "a.py\n```\ndef f():\n    return 2\n```\n",
      "diff-fenced": "```python\na.py\n<<<<<<< SEARCH\n    return 1\n=======\n    return 2\n>>>>>>> REPLACE\n```\n",
    };
    for (const [format, reply] of Object.entries(replies)) {
      const ws = new MemoryWorkspace(files, { chat: ["a.py"] });
      const r = await runLoop({ workspace: ws, model: new ScriptedModel([reply]), message: "return 2" }, { editFormat: format as editformats.EditFormatName, autoLint: false });
      expect(r.stopReason, format).toBe("done");
      expect(r.files["a.py"], format).toBe("def f():\n    return 2\n");
    }
  });

  it("every format is accepted with git as without; bad names are rejected", async () => {
    expect(() => checkSession({ files: {}, chat: [], message: "m", replies: [], editFormat: "udif" })).toThrow("loop session: editFormat must be one of diff,");
    expect(checkSession({ files: {}, chat: [], message: "m", replies: [], editFormat: "patch", git: true }).editFormat).toBe("patch");
    const ws = new MemoryWorkspace({ "a.py": "x\n" }, { chat: ["a.py"] });
    await expect(runLoop({ workspace: ws, model: new ScriptedModel(["x"]), message: "m" }, { editFormat: "nope" as "udiff" })).rejects.toThrow("runLoop: options.editFormat must be one of");
  });
});

describe("architect/editor (`aider/coders/architect_coder.py`)", () => {
  it("the plan goes to the editor with no history and no repo map, in the editor format; the architect's history gets the done message", async () => {
    const run = await runSession({ ...load("architect-editor"), history: [{ role: "user", content: "earlier" }, { role: "assistant", content: "sure" }], repoMap: "a map" });
    expect(run.architect).not.toBeNull();
    const a = run.architect!;
    expect(run.session.editFormat).toBe("editor-diff");
    expect(a.handedOff).toBe(true);
    const plan = a.plan!;
    // the architect saw the history, the map and the files
    const parts = a.request.messages.map((m) => m.part);
    expect(parts).toEqual(expect.arrayContaining(["system", "repo-map", "history", "chat-files", "current"]));
    // the editor's first request: system, chat files, then the plan as the user message — nothing else
    const editorFirst = run.result.requests[0]!.messages;
    expect(editorFirst.map((m) => m.part)).toEqual(["system", "chat-files", "chat-files", "current"]);
    expect(editorFirst.at(-1)).toEqual({ role: "user", content: plan, part: "current" });
    expect(run.result.counts).toMatchObject({ requests: 2, reflections: 1 });
    expect(a.history.slice(-4)).toEqual([
      { role: "user", content: run.session.message },
      { role: "assistant", content: plan },
      { role: "user", content: "I made those changes to the files." },
      { role: "assistant", content: "Ok." },
    ]);
    expect(run.result.files["cart.py"]).toContain("    def add(self, name, price):\n        self.items.append((name, price))\n");
    expect(a.events.map((e) => e.kind)).toEqual(["request", "model-call", "reply", "handoff", "handoff"]);
  });

  it("with git the editor writes SEARCH/REPLACE (Aider's editor-diff, as without git) through lib/git's turn, and its edit is committed", async () => {
    const run = await runSession({ ...load("architect-editor"), git: true });
    expect(run.session.editFormat).toBe("editor-diff");
    expect(run.workspace).toBe("git sandbox");
    expect(run.architect!.handedOff).toBe(true);
    expect(run.commits!.length).toBeGreaterThan(0);
    expect(run.result.files["cart.py"]).toContain("def add(self, name, price):");
  });

  it("workbench loop prints both stages", async () => {
    const r = await cli("loop", join(SESSIONS, "architect-editor.json"), "--brief");
    expect(r.code).toBe(0);
    expect(r.out).toContain("════ architect ════");
    expect(r.out).toContain("════ editor (editor-diff) ════");
    expect(r.out).toMatch(/handoff +✓ +the plan goes to the editor/);
  });
});

describe("every format on git, through the same chain and the same git turn", () => {
  // each session: a file with the user's uncommitted change, one reply in the format, the file the reply edits
  const cases: [session: string, format: string, path: string, userLine: string, edited: string][] = [
    ["git-udiff-dirty", "udiff", "app.py", "# prices are in cents\n", "    print(total([4, 5, 6]))\n"],
    ["git-patch-dirty", "patch", "config.py", "DEBUG = True\n", "PORT = 8080\n"],
    ["git-whole-dirty", "whole", "greet.py", '    """Say hello."""\n', '    return "Hello " + name + "!"\n'],
  ];
  it.each(cases)("%s: the user's change is committed first as theirs, then Aider's edit as Aider's", async (name, format, path, userLine, edited) => {
    const run = await runSession(load(name));
    expect(run.session.editFormat).toBe(format);
    expect(run.workspace).toBe("git sandbox");
    expect(run.result.stopReason).toBe("done");
    expect(run.result.commits.map((c) => c.kind)).toEqual(["dirty", "aider"]);
    const [dirty, aider] = run.commits!;
    expect([dirty!.files.map((f) => f.path), aider!.files.map((f) => f.path)]).toEqual([[path], [path]]);
    expect(dirty!.message).not.toContain("Co-authored-by: aider"); // the user's change: no co-author trailer
    expect(aider!.message).toContain("Co-authored-by: aider");
    expect(run.result.files[path]).toContain(userLine);
    expect(run.result.files[path]).toContain(edited);
    const steps = run.result.events.map((e) => e.kind);
    expect(steps.indexOf("dirty-commit")).toBeGreaterThan(steps.indexOf("parse"));
    expect(steps.indexOf("dirty-commit")).toBeLessThan(steps.indexOf("apply"));
    expect(run.result.history.at(-2)!.content).toBe(`I committed the changes with git hash ${aider!.sha} & commit msg: ${aider!.subject}`);
  });
});
