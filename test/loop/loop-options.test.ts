// lib/loop/loop-options.ts: runLoop's input and options checked — the frozen LOOP_DEFAULTS filled in, and each bad
// field refused in one WorkbenchInputError line naming it. Pure: the workspace and model are plain objects.
import { describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../lib/core/errors.js";
import { checkLoopInput, checkLoopOptions, LOOP_DEFAULTS, requireLoopModel, requireLoopWorkspace } from "../../lib/loop/loop-options.js";
import { RETRY_DEFAULTS } from "../../lib/loop/model-client.js";
import { MemoryWorkspace } from "../../lib/loop/workspace.js";
import { ScriptedModel } from "../../lib/loop/scripted-model.js";

const workspace = () => new MemoryWorkspace({ "a.py": "a\n" }, { chat: ["a.py"] });
const model = () => new ScriptedModel(["ok"]);
const refused = (f: () => unknown, message: string) => {
  expect(f).toThrow(WorkbenchInputError);
  expect(f).toThrow(message);
};

describe("LOOP_DEFAULTS and checkLoopOptions", () => {
  it("the defaults are Aider's loop settings, frozen (the history and retry inside too)", () => {
    expect(Object.isFrozen(LOOP_DEFAULTS)).toBe(true);
    expect(Object.isFrozen(LOOP_DEFAULTS.history)).toBe(true);
    expect(Object.isFrozen(LOOP_DEFAULTS.retry)).toBe(true);
    expect([LOOP_DEFAULTS.maxReflections, LOOP_DEFAULTS.autoLint, LOOP_DEFAULTS.autoTest, LOOP_DEFAULTS.editFormat]).toEqual([3, true, false, "diff"]);
  });

  it("{} gives the defaults with the retry policy filled in; given fields are kept", () => {
    expect(checkLoopOptions("t", {})).toEqual({ ...LOOP_DEFAULTS, history: [], retry: RETRY_DEFAULTS });
    const lint = () => null;
    const onEvent = () => undefined;
    const o = checkLoopOptions("t", {
      repoMap: "a.py:\n│def f",
      history: [{ role: "user", content: "q" }, { role: "assistant", content: "a" }],
      maxReflections: 0,
      lint,
      onEvent,
      autoTest: true,
      retry: { factor: 3 },
      editFormat: "udiff",
    });
    expect(o).toMatchObject({ repoMap: "a.py:\n│def f", maxReflections: 0, autoTest: true, editFormat: "udiff", retry: { ...RETRY_DEFAULTS, factor: 3 } });
    expect(o.lint).toBe(lint);
    expect(o.onEvent).toBe(onEvent);
    expect(o.history).toEqual([{ role: "user", content: "q" }, { role: "assistant", content: "a" }]);
  });

  it("checking does not change LOOP_DEFAULTS", () => {
    const before = JSON.stringify(LOOP_DEFAULTS);
    checkLoopOptions("t", { maxReflections: 9, history: [{ role: "user", content: "x" }] });
    expect(JSON.stringify(LOOP_DEFAULTS)).toBe(before);
  });

  it.each([
    [null, "runLoop: options must be an object"],
    [{ maxReflection: 2 }, "runLoop: options.maxReflection is not a known option"],
    [{ maxReflections: -1 }, "runLoop: options.maxReflections must be a non-negative integer"],
    [{ maxReflections: 1.5 }, "runLoop: options.maxReflections must be"],
    [{ lint: "flake8" }, "runLoop: options.lint must be a function or null"],
    [{ test: {} }, "runLoop: options.test must be a function or null"],
    [{ onChunk: 1 }, "runLoop: options.onChunk must be a function or null"],
    [{ autoTest: 1 }, "runLoop: options.autoTest must be a boolean"],
    [{ addMentionedFiles: "yes" }, "runLoop: options.addMentionedFiles must be a boolean"],
    [{ repoMap: 3 }, "runLoop: options.repoMap must be a string"],
    [{ history: [{ role: "system", content: "x" }] }, 'runLoop: options.history[0].role must be "user" or "assistant"'],
    [{ history: "earlier" }, "runLoop: options.history must be an array"],
    [{ retry: { factor: 0 } }, "runLoop: options.retry.factor must be ≥ 1"],
    [{ retry: { jitter: 1 } }, "runLoop: options.retry.jitter is not a known option"],
    [{ editFormat: "ed" }, "runLoop: options.editFormat must be one of"],
  ])("%j is refused in one line naming it", (options, message) => {
    refused(() => checkLoopOptions("runLoop", options), message);
    expect(() => checkLoopOptions("runLoop", options)).toThrow(/^[^\n]+$/);
  });
});

describe("checkLoopInput, requireLoopWorkspace, requireLoopModel", () => {
  it("keeps the workspace, model and message as given", () => {
    const [ws, m] = [workspace(), model()];
    const input = checkLoopInput("runLoop", { workspace: ws, model: m, message: "go" });
    expect(input.workspace).toBe(ws);
    expect(input.model).toBe(m);
    expect(input.message).toBe("go");
  });

  it("names the bad parameter and the rule", () => {
    refused(() => checkLoopInput("runLoop", { workspace: {}, model: model(), message: "m" }), "runLoop: input.workspace must be a LoopWorkspace (no chatFiles method)");
    refused(() => checkLoopInput("runLoop", { workspace: workspace(), model: {}, message: "m" }), "runLoop: input.model must be a LoopModel");
    refused(() => checkLoopInput("runLoop", { workspace: workspace(), model: model(), message: 3 }), "runLoop: input.message must be a string");
    refused(() => checkLoopInput("runLoop", null), "runLoop: input must be an object");
    refused(() => checkLoopInput("runLoop", { workspace: workspace(), model: model(), message: "m", messages: [] }), "runLoop: input.messages is not a known");
  });

  it("a workspace must have every method the loop calls; the first missing one is named", () => {
    const full = { chatFiles() {}, read() {}, mentionable() {}, addToChat() {}, applyReply() {}, snapshot() {} };
    expect(requireLoopWorkspace("w", "ws", full)).toBe(full);
    const { snapshot: _s, ...noSnapshot } = full;
    refused(() => requireLoopWorkspace("w", "ws", noSnapshot), "w: ws must be a LoopWorkspace (no snapshot method)");
    refused(() => requireLoopWorkspace("w", "ws", { ...full, read: "text" }), "w: ws must be a LoopWorkspace (no read method)");
    refused(() => requireLoopWorkspace("w", "ws", undefined), "w: ws must be a LoopWorkspace (no chatFiles method)");
  });

  it("a model is anything with complete()", () => {
    const m = { name: "x", complete: () => "reply" };
    expect(requireLoopModel("w", "m", m)).toBe(m);
    refused(() => requireLoopModel("w", "m", { complete: "reply" }), "w: m must be a LoopModel (an object with complete(messages))");
    refused(() => requireLoopModel("w", "m", null), "w: m must be a LoopModel");
  });
});
