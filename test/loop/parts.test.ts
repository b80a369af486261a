import { describe, expect, it } from "vitest";
import {
  buildContext,
  ERROR_CLASS_IDS,
  ERROR_CLASSES,
  errorClassTable,
  findFileMentions,
  formatTrace,
  MemoryWorkspace,
  ProviderError,
  renderContext,
  requestWithRetry,
  RETRY_DEFAULTS,
  runLoop,
  ScriptedModel,
  scriptedCheck,
  traceRows,
  TraceRecorder,
} from "../../lib/index.js";
import { backoffDelay, maxRetries, checkRetryPolicy } from "../../lib/loop/model-client.js";

describe("error classes (seed 001 §11)", () => {
  it("has the seed table's six rows in order, each with an owner and a recovery", () => {
    expect(ERROR_CLASS_IDS).toEqual(["provider", "output-parse", "block-mismatch", "git", "validation", "context-overflow"]);
    expect(errorClassTable().map((c) => c.owner)).toEqual([
      "model client",
      "edit-format parser",
      "edit executor",
      "GitRepo / user",
      "validation runner",
      "context builder",
    ]);
    expect(ERROR_CLASSES.provider.action).toBe("retry");
    expect(ERROR_CLASSES["output-parse"].action).toBe("reflect");
    expect(ERROR_CLASSES["context-overflow"].action).toBe("stop");
    expect(Object.isFrozen(ERROR_CLASSES.git)).toBe(true);
  });
});

describe("buildContext — the prompt parts", () => {
  const base = { fence: ["```", "```"] as const, repoMap: null, history: [], current: [{ role: "user" as const, content: "hi" }] };

  it("orders system, repo map, history, chat files, current turn; files in the fence, read as given", () => {
    const msgs = buildContext({
      ...base,
      repoMap: "a.py:\n│def f",
      history: [
        { role: "user", content: "earlier" },
        { role: "assistant", content: "done" },
      ],
      chatFiles: [{ path: "a.py", content: "x = 1" }],
    });
    expect(msgs.map((m) => `${m.part}/${m.role}`)).toEqual([
      "system/system",
      "repo-map/user",
      "repo-map/assistant",
      "history/user",
      "history/assistant",
      "chat-files/user",
      "chat-files/assistant",
      "current/user",
    ]);
    expect(msgs[0]!.content).toContain("[workbench stand-in");
    expect(msgs[1]!.content.endsWith("a.py:\n│def f")).toBe(true);
    expect(msgs[5]!.content).toContain("\na.py\n```\nx = 1\n```\n"); // a missing final newline is added before the fence
  });

  it("says when no file is in the chat, leaves the map out when there is none, and renders as text", () => {
    const msgs = buildContext({ ...base, chatFiles: [] });
    expect(msgs.map((m) => m.part)).toEqual(["system", "chat-files", "chat-files", "current"]);
    expect(msgs[1]!.content).toBe("No files have been added to the chat yet.");
    const text = renderContext(msgs);
    expect(text.split("\n").filter((l) => l.startsWith("── "))).toEqual([
      "── 1 system [system] ──",
      "── 2 user [chat-files] ──",
      "── 3 assistant [chat-files] ──",
      "── 4 user [current] ──",
    ]);
  });

  it("rejects bad input naming the parameter", () => {
    expect(() => buildContext({ ...base, fence: ["```"] as never, chatFiles: [] })).toThrow("buildContext: input.fence must be a pair");
    expect(() => buildContext({ ...base, chatFiles: [{ path: "a", content: 1 as never }] })).toThrow("input.chatFiles[0].content must be a string");
    expect(() => buildContext({ ...base, chatFiles: [], history: [{ role: "system" as never, content: "x" }] })).toThrow(
      'input.history[0].role must be "user" or "assistant"',
    );
  });
});

describe("the model client — retry with backoff", () => {
  it("doubles from 0.25 s and gives up past 60 s: 8 retries by default", () => {
    expect([1, 2, 3, 8, 9].map((n) => backoffDelay(RETRY_DEFAULTS, n))).toEqual([0.25, 0.5, 1, 32, null]);
    expect(maxRetries(RETRY_DEFAULTS)).toBe(8);
    expect(maxRetries({ firstDelay: 1, factor: 3, maxDelay: 10 })).toBe(3); // 1, 3, 9
    expect(maxRetries({ firstDelay: 5, factor: 2, maxDelay: 1 })).toBe(0);
  });

  it("returns the reply with the attempts, or why it stopped", async () => {
    const ok = await requestWithRetry(new ScriptedModel([{ fail: "server" }, "hi"]), [], { policy: RETRY_DEFAULTS });
    expect(ok).toMatchObject({ kind: "reply", text: "hi" });
    expect(ok.attempts.map((a) => [a.error?.kind ?? null, a.retryAfter])).toEqual([
      ["server", 0.25],
      [null, null],
    ]);
    const auth = await requestWithRetry(new ScriptedModel([{ fail: "auth", message: "no key" }]), [], { policy: RETRY_DEFAULTS });
    expect(auth.kind).toBe("gave-up");
    expect(auth.kind === "gave-up" && auth.error.message).toBe("AuthenticationError: no key");
    const ended = await requestWithRetry(new ScriptedModel([]), [], { policy: RETRY_DEFAULTS });
    expect(ended).toEqual({ kind: "script-ended", message: "the script has no step for model call 1", attempts: [] });
  });

  it("other exceptions from the model are not swallowed", async () => {
    const model = { name: "broken", complete: () => { throw new TypeError("boom"); } };
    await expect(requestWithRetry(model, [], { policy: RETRY_DEFAULTS })).rejects.toThrow("boom");
  });

  it("checks its options: the policy's fields, the sink, no unknown key", async () => {
    const model = new ScriptedModel(["hi"]);
    await expect(requestWithRetry(model, [], { policy: { factor: 0.5 } })).rejects.toThrow("requestWithRetry: options.policy.factor must be ≥ 1");
    await expect(requestWithRetry(model, [], { sink: (() => {}) as never })).rejects.toThrow("requestWithRetry: options.sink must be a ChunkSink");
    await expect(requestWithRetry(model, [], { retry: {} } as never)).rejects.toThrow("requestWithRetry: options.retry is not a known option");
    const pieces: string[] = [];
    expect(await requestWithRetry(model, [], { sink: { chunk: (t) => pieces.push(t) } })).toMatchObject({ kind: "reply", text: "hi" });
  });

  it("validates the policy", () => {
    expect(checkRetryPolicy("f", "retry", {})).toEqual(RETRY_DEFAULTS);
    expect(() => checkRetryPolicy("f", "retry", { firstDelay: 0 })).toThrow("f: retry.firstDelay must be > 0");
    expect(() => checkRetryPolicy("f", "retry", { factor: 0.5 })).toThrow("f: retry.factor must be ≥ 1");
    expect(() => checkRetryPolicy("f", "retry", { delay: 1 })).toThrow("f: retry.delay is not a known option");
  });
});

describe("ScriptedModel", () => {
  it("plays its steps in order, records each prompt, and raises provider failures", () => {
    const m = new ScriptedModel(["a", { fail: "rate-limit" }]);
    expect(m.complete([{ role: "user", content: "1", part: "current" }])).toBe("a");
    expect(() => m.complete([])).toThrow(ProviderError);
    expect(() => m.complete([])).toThrow("the script has no step for model call 3");
    expect(m.requests).toHaveLength(2);
    expect(m.remaining).toBe(0);
  });

  it("rejects bad steps naming the step", () => {
    expect(() => new ScriptedModel([1 as never])).toThrow("ScriptedModel: steps[0] must be an object");
    expect(() => new ScriptedModel([{ fail: "overload" as never }])).toThrow("steps[0].fail must be one of rate-limit, network, server, auth, context-window, timeout, bad-request");
    expect(() => new ScriptedModel([{ fail: "auth", retry: true } as never])).toThrow("steps[0].retry is not a known option");
  });
});

describe("scriptedCheck, findFileMentions, MemoryWorkspace", () => {
  it("scriptedCheck plays outcomes per run, then passes", () => {
    const c = scriptedCheck(["E1", null]);
    expect([1, 2, 3].map((run) => c({ edited: [], read: () => null, run }))).toEqual(["E1", null, null]);
    expect(() => scriptedCheck([""])).toThrow("scriptedCheck: outcomes[0] must be null (pass) or a non-empty error text");
  });

  it("findFileMentions matches whole paths as words, punctuation and quotes stripped", () => {
    const reply = "Please add `src/app.py`, and (lib/util.py). Not app.py.bak or xsrc/app.py";
    expect(findFileMentions(reply, ["src/app.py", "lib/util.py", "app.py", "README.md"])).toEqual(["src/app.py", "lib/util.py"]);
  });

  it("MemoryWorkspace checks its chat files and answers", () => {
    expect(() => new MemoryWorkspace({ "a.py": "" }, { chat: ["b.py"] })).toThrow("MemoryWorkspace: config.chat[0] must name one of the files");
    expect(() => new MemoryWorkspace({}, { chat: [], answers: { createNewFile: "yes" as never } })).toThrow("answers.createNewFile must be a boolean");
    expect(() => new MemoryWorkspace({}, { chat: [], dryRun: true } as never)).toThrow("config.dryRun is not a known option");
  });
});

describe("runLoop — argument checks", () => {
  const ws = () => new MemoryWorkspace({ "a.py": "a\n" }, { chat: ["a.py"] });
  const model = () => new ScriptedModel(["ok"]);
  it("names the bad parameter and the rule", async () => {
    await expect(runLoop({ workspace: {} as never, model: model(), message: "m" })).rejects.toThrow("runLoop: input.workspace must be a LoopWorkspace (no chatFiles method)");
    await expect(runLoop({ workspace: ws(), model: {} as never, message: "m" })).rejects.toThrow("runLoop: input.model must be a LoopModel");
    await expect(runLoop({ workspace: ws(), model: model(), message: 3 as never })).rejects.toThrow("runLoop: input.message must be a string");
    await expect(runLoop(null as never)).rejects.toThrow("runLoop: input must be an object");
    await expect(runLoop({ workspace: ws(), model: model(), message: "m", messages: [] } as never)).rejects.toThrow("runLoop: input.messages is not a known");
    await expect(runLoop({ workspace: ws(), model: model(), message: "m" }, { maxReflections: -1 })).rejects.toThrow("options.maxReflections must be a non-negative integer");
    await expect(runLoop({ workspace: ws(), model: model(), message: "m" }, { lint: "flake8" as never })).rejects.toThrow("options.lint must be a function or null");
    await expect(runLoop({ workspace: ws(), model: model(), message: "m" }, { autoTest: 1 as never })).rejects.toThrow("options.autoTest must be a boolean");
    await expect(runLoop({ workspace: ws(), model: model(), message: "m" }, { maxReflection: 2 } as never)).rejects.toThrow("options.maxReflection is not a known option");
    await expect(runLoop({ workspace: ws(), model: model(), message: "m" }, { retry: { factor: 0 } })).rejects.toThrow("runLoop: options.retry.factor must be ≥ 1");
  });
});

describe("the trace", () => {
  it("numbers events, gives table rows and text with details indented", () => {
    const t = new TraceRecorder();
    t.add("request", "the user's message", { detail: "hello" });
    t.round = 1;
    t.add("parse", "bad", { ok: false, errorClass: "output-parse", detail: "line 1\nline 2\n" });
    expect(traceRows(t.events)).toEqual([
      { "#": 1, round: "user", step: "request", owner: "context builder", result: "", class: "", summary: "the user's message" },
      { "#": 2, round: "reflection 1", step: "parse", owner: "edit-format parser", result: "✗", class: "output-parse", summary: "bad" },
    ]);
    expect(formatTrace(t.events)).toBe(
      "── user ──\n" +
        "  1  request           the user's message\n" +
        "       │ hello\n" +
        "── reflection 1 ──\n" +
        "  2  parse          ✗  bad [output-parse]\n" +
        "       │ line 1\n" +
        "       │ line 2\n",
    );
    expect(formatTrace(t.events, false).split("\n")).toHaveLength(5);
  });
});
