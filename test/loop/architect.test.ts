// lib/loop/architect.ts: the architect → editor hand-off with two scripted models over an in-memory workspace —
// what each model is sent, the history the architect keeps, when nothing is handed off, and the argument checks.
import { describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../lib/core/errors.js";
import { ARCHITECT_DONE, runArchitect } from "../../lib/loop/architect.js";
import { ARCHITECT_PROMPT } from "../../lib/loop/format-prompts.js";
import { MemoryWorkspace } from "../../lib/loop/workspace.js";
import { ScriptedModel } from "../../lib/loop/scripted-model.js";

const ws = () => new MemoryWorkspace({ "a.py": "x = 1\n" }, { chat: ["a.py"] });
const block = (search: string, replace: string) => `a.py\n\`\`\`\n<<<<<<< SEARCH\n${search}=======\n${replace}>>>>>>> REPLACE\n\`\`\`\n`;
const history = [{ role: "user" as const, content: "earlier" }, { role: "assistant" as const, content: "sure" }];

describe("runArchitect — the hand-off", () => {
  it("the architect sees its prompt, map, history and files; the editor gets only its files and the plan", async () => {
    const architect = new ScriptedModel(["Set x to 2 in a.py."]);
    const editor = new ScriptedModel([block("x = 1\n", "x = 2\n")]);
    const r = await runArchitect({ workspace: ws(), architect, editor, message: "make x two" }, { editFormat: "editor-diff", history, repoMap: "a.py: x", autoLint: false });
    const sent = architect.requests[0]!;
    expect(sent[0]).toMatchObject({ role: "system", part: "system" });
    expect(sent[0]!.content).toContain(ARCHITECT_PROMPT.trim());
    expect(new Set(sent.map((m) => m.part))).toEqual(new Set(["system", "repo-map", "history", "chat-files", "current"]));
    expect(sent.at(-1)).toEqual({ role: "user", content: "make x two", part: "current" });
    expect(r.request).toMatchObject({ round: 0, reply: "Set x to 2 in a.py." });
    expect(r.plan).toBe("Set x to 2 in a.py.");

    const toEditor = editor.requests[0]!;
    expect(toEditor.some((m) => m.part === "history" || m.part === "repo-map")).toBe(false);
    expect(toEditor.at(-1)).toEqual({ role: "user", content: "Set x to 2 in a.py.", part: "current" });
    expect(r.editor!.stopReason).toBe("done");
    expect(r.editor!.files["a.py"]).toBe("x = 2\n");

    expect(r.history).toEqual([
      ...history,
      { role: "user", content: "make x two" },
      { role: "assistant", content: "Set x to 2 in a.py." },
      { role: "user", content: ARCHITECT_DONE },
      { role: "assistant", content: "Ok." },
    ]);
    expect(r.events.map((e) => [e.kind, e.ok])).toEqual([["request", null], ["model-call", true], ["reply", null], ["handoff", true], ["handoff", true]]);
    expect(history).toHaveLength(2); // the caller's history is copied, not changed
  });

  it("the done message is added even when the editor gave up; a blank plan hands nothing off", async () => {
    const bad = "a.py\n```\n<<<<<<< SEARCH\nnope\n=======\nx = 2\n>>>>>>> REPLACE\n```\n";
    const r = await runArchitect({ workspace: ws(), architect: new ScriptedModel(["change x"]), editor: new ScriptedModel([bad, bad, bad, bad]), message: "go" }, { editFormat: "editor-diff", autoLint: false });
    expect(r.editor!.stopReason).toBe("max-reflections");
    expect(r.history.at(-2)).toEqual({ role: "user", content: "I made those changes to the files." });
    expect(r.events.at(-1)!.summary).toMatch(/the editor stopped \(max-reflections\).* all the same$/);
    expect(r.events.at(-1)!.ok).toBe(false);
    const blank = await runArchitect({ workspace: ws(), architect: new ScriptedModel(["  \n"]), editor: new ScriptedModel([]), message: "go" }, { editFormat: "editor-diff" });
    expect(blank.editor).toBeNull();
    expect(blank.history).toEqual([]);
    expect(blank.plan).toBe("  \n");
    expect(blank.events.at(-1)).toMatchObject({ kind: "stop", ok: true });
  });
});

describe("runArchitect — no plan", () => {
  it.each([
    [[{ fail: "auth" as const }], "provider"],
    [[{ fail: "context-window" as const }], "context-overflow"],
    [[], null],
  ])("the architect's model fails (%j): no plan, the editor is never called, the stop names the class", async (steps, errorClass) => {
    const editor = new ScriptedModel(["unused"]);
    const r = await runArchitect({ workspace: ws(), architect: new ScriptedModel(steps), editor, message: "go" }, { history });
    expect([r.plan, r.editor, r.request.reply]).toEqual([null, null, null]);
    expect(r.history).toEqual(history);
    expect(editor.requests).toEqual([]);
    expect(r.events.at(-1)).toMatchObject({ kind: "stop", ok: false, errorClass });
    expect(r.events.at(-1)!.summary).toMatch(/the architect gave no plan, nothing is handed to the editor$/);
  });
});

describe("runArchitect — argument checks", () => {
  const models = () => ({ architect: new ScriptedModel([]), editor: new ScriptedModel([]) });
  it.each([
    [() => ({ workspace: ws(), ...models(), architect: {} }), "runArchitect: input.architect must be a LoopModel"],
    [() => ({ workspace: ws(), ...models(), editor: null }), "runArchitect: input.editor must be a LoopModel"],
    [() => ({ workspace: {}, ...models(), message: "go" }), "runArchitect: input.workspace must be a LoopWorkspace (no chatFiles method)"],
    [() => ({ workspace: ws(), ...models(), message: 1 }), "runArchitect: input.message must be a string"],
    [() => ({ workspace: ws(), ...models(), message: "go", model: {} }), "runArchitect: input.model is not a known option"],
  ])("%#: one line naming the parameter", async (input, message) => {
    const p = runArchitect(input() as never);
    await expect(p).rejects.toThrow(WorkbenchInputError);
    await expect(runArchitect(input() as never)).rejects.toThrow(message);
  });

  it("its options are runLoop's, checked the same way", async () => {
    await expect(runArchitect({ workspace: ws(), ...models(), message: "go" }, { maxReflections: -1 })).rejects.toThrow(
      "runArchitect: options.maxReflections must be a non-negative integer",
    );
  });
});
