import { describe, expect, it } from "vitest";
import { MemoryWorkspace, runLoop, scriptedCheck, ScriptedModel, type LoopResult } from "../../lib/index.js";
import { edit, reply, setup } from "./helpers.js";

const TAIL = "The SEARCH section must exactly match an existing block of lines including all white space, comments, indentation, docstrings, etc\n";
const kinds = (r: LoopResult) => r.events.map((e) => e.kind);
/** The `current` part of request `i`'s prompt, as role: content pairs. */
const current = (model: ScriptedModel, i: number) => model.requests[i]!.filter((m) => m.part === "current").map((m) => `${m.role}: ${m.content}`);

describe("runLoop — the paths of seed 001 §5", () => {
  it("succeeds first time: one request, no reflection, the edit written, the turn moved into the history", async () => {
    const { ws, model } = setup({ "a.py": "x = 1\ny = 2\n" }, [reply(edit("a.py", "y = 2\n", "y = 3\n"))]);
    const r = await runLoop({ workspace: ws, model, message: "set y to 3" });
    expect(r.stopReason).toBe("done");
    expect(r.counts).toEqual({ requests: 1, providerAttempts: 1, providerRetries: 0, reflections: 0, malformedResponses: 0 });
    expect(r.files).toEqual({ "a.py": "x = 1\ny = 3\n" });
    expect(kinds(r)).toEqual(["request", "model-call", "reply", "parse", "apply", "commit", "stop"]);
    expect(r.events.every((e) => e.errorClass === null)).toBe(true);
    // move_back_cur_messages: the turn, then the no-git commit reply and "Ok." (`aider/coders/base_coder.py` `auto_commit`)
    expect(r.history.map((m) => `${m.role}: ${m.content.split("\n")[0]}`)).toEqual([
      "user: set y to 3",
      "assistant: Here are the changes.",
      "user: I updated the files.",
      "assistant: Ok.",
    ]);
    expect(r.current).toEqual([]);
  });

  it("a parse error is reflected with Aider's exact text, as a new user message after the bad reply", async () => {
    const bad = "a.py\n```\n<<<<<<< SEARCH\nx = 1\n```\n";
    const good = reply(edit("a.py", "x = 1\n", "x = 2\n"));
    const { ws, model } = setup({ "a.py": "x = 1\n" }, [bad, good]);
    const r = await runLoop({ workspace: ws, model, message: "change x" });
    const expected = bad + "\n^^^ Expected `=======`"; // everything read, then the marker (`aider/coders/editblock_coder.py` `find_original_update_blocks`)
    const parse = r.events.find((e) => e.kind === "parse")!;
    expect(parse).toMatchObject({ ok: false, errorClass: "output-parse", detail: expected, round: 0 });
    // nothing was edited, so the turn stays in cur_messages and the reflection follows the bad reply
    expect(current(model, 1)).toEqual(["user: change x", `assistant: ${bad}`, `user: ${expected}`]);
    expect(r.counts).toMatchObject({ requests: 2, reflections: 1, malformedResponses: 1 });
    expect(r.files).toEqual({ "a.py": "x = 2\n" });
  });

  it("partial apply: the passed edit is written before the failure message is reflected, which says Don't re-send them", async () => {
    const first = reply(edit("a.py", "one\n", "ONE\n"), edit("a.py", "three\n", "THREE\n"));
    const fix = reply(edit("a.py", "two\n", "TWO\n"));
    const { ws, model } = setup({ "a.py": "one\ntwo\n" }, [first, fix]);
    const r = await runLoop({ workspace: ws, model, message: "upper-case every line" });
    const message =
      "# 1 SEARCH/REPLACE block failed to match!\n" +
      "\n## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in a.py\n" +
      "<<<<<<< SEARCH\nthree\n=======\nTHREE\n>>>>>>> REPLACE\n\n" +
      TAIL +
      "\n# The other 1 SEARCH/REPLACE block were applied successfully.\nDon't re-send them.\n" +
      "Just reply with fixed versions of the block above that failed to match.\n";
    expect(r.events.filter((e) => e.kind === "apply" && e.round === 0).map((e) => [e.ok, e.errorClass])).toEqual([
      [true, null],
      [false, "block-mismatch"],
      [false, "block-mismatch"],
    ]);
    expect(current(model, 1)).toEqual([`user: ${message}`]); // the turn was moved to the history: edits happened
    // the second request already shows the model the file with the passed edit
    const files = model.requests[1]!.find((m) => m.part === "chat-files")!.content;
    expect(files).toContain("\na.py\n```\nONE\ntwo\n```\n");
    expect(r.files).toEqual({ "a.py": "ONE\nTWO\n" });
    expect(r.stopReason).toBe("done");
  });

  it("three reflections, then stop: exactly four model calls and Aider's warning", async () => {
    const miss = (n: number) => reply(edit("a.py", `missing ${n}\n`, "x\n"));
    const { ws, model } = setup({ "a.py": "a\n" }, [miss(1), miss(2), miss(3), miss(4), reply(edit("a.py", "a\n", "b\n"))]);
    const r = await runLoop({ workspace: ws, model, message: "go" });
    expect(model.requests).toHaveLength(4);
    expect(model.remaining).toBe(1);
    expect(r.counts).toMatchObject({ requests: 4, reflections: 3, providerAttempts: 4, malformedResponses: 4 });
    expect(r.stopReason).toBe("max-reflections");
    const warning = r.events.find((e) => e.kind === "warning")!;
    expect(warning.summary).toBe("Only 3 reflections allowed, stopping.");
    expect(warning.round).toBe(3);
    expect(r.events.filter((e) => e.kind === "reflect").map((e) => e.round)).toEqual([0, 1, 2]);
    expect(r.files).toEqual({ "a.py": "a\n" });
  });

  it("maxReflections is honoured (0: the first failure is not reflected)", async () => {
    const { ws, model } = setup({ "a.py": "a\n" }, [reply(edit("a.py", "zzz\n", "x\n")), reply(edit("a.py", "a\n", "b\n"))]);
    const r = await runLoop({ workspace: ws, model, message: "go" }, { maxReflections: 0 });
    expect(r.counts).toMatchObject({ requests: 1, reflections: 0 });
    expect(r.stopReason).toBe("max-reflections");
    expect(r.events.find((e) => e.kind === "warning")!.summary).toBe("Only 0 reflections allowed, stopping.");
  });

  it("a reply without edits ends the loop; lint and tests do not run", async () => {
    let runs = 0;
    const lint = () => (++runs, "E1");
    const { ws, model } = setup({ "a.py": "a\n" }, ["I think the code is fine as it is."]);
    const r = await runLoop({ workspace: ws, model, message: "review" }, { lint, test: lint, autoTest: true });
    expect(r.stopReason).toBe("done");
    expect(runs).toBe(0);
    expect(r.lintOutcome).toBeNull();
    expect(r.history).toEqual([]); // nothing edited: the turn stays in cur_messages
    expect(r.current.map((m) => m.role)).toEqual(["user", "assistant"]);
  });
});

describe("runLoop — provider retry is not reflection (seed 001 §5, §11)", () => {
  it("rate limits and dropped connections are retried with backoff and counted apart", async () => {
    const { ws, model } = setup({ "a.py": "a\n" }, [{ fail: "rate-limit" }, { fail: "network" }, reply(edit("a.py", "a\n", "b\n"))]);
    const r = await runLoop({ workspace: ws, model, message: "go" });
    expect(r.counts).toEqual({ requests: 1, providerAttempts: 3, providerRetries: 2, reflections: 0, malformedResponses: 0 });
    const errors = r.events.filter((e) => e.kind === "provider-error");
    expect(errors.map((e) => e.errorClass)).toEqual(["provider", "provider"]);
    expect(errors.map((e) => e.detail)).toEqual([
      "model client retries in 0.25 s (provider retry 1; not a reflection)",
      "model client retries in 0.5 s (provider retry 2; not a reflection)",
    ]);
    expect(r.events.some((e) => e.kind === "reflect")).toBe(false);
    // the retried attempts sent the very same prompt
    expect(model.requests[1]).toEqual(model.requests[0]);
    expect(model.requests[2]).toEqual(model.requests[0]);
  });

  it("retries inside a reflection round do not use up reflections", async () => {
    const steps = [reply(edit("a.py", "zz\n", "q\n")), { fail: "server" as const }, { fail: "server" as const }, reply(edit("a.py", "a\n", "b\n"))];
    const { ws, model } = setup({ "a.py": "a\n" }, steps);
    const r = await runLoop({ workspace: ws, model, message: "go" }, { maxReflections: 1 });
    expect(r.stopReason).toBe("done");
    expect(r.counts).toMatchObject({ requests: 2, reflections: 1, providerRetries: 2, providerAttempts: 4 });
  });

  it("the client gives up past the policy's ceiling, and on errors that are not retryable", async () => {
    const many = Array.from({ length: 12 }, () => ({ fail: "rate-limit" as const }));
    const a = setup({ "a.py": "a\n" }, many);
    const r = await runLoop({ workspace: a.ws, model: a.model, message: "go" });
    expect(r.stopReason).toBe("provider-error");
    expect(r.counts).toMatchObject({ providerAttempts: 9, providerRetries: 8, reflections: 0 }); // 0.25 … 32 s, then 64 > 60
    const b = setup({ "a.py": "a\n" }, [{ fail: "auth" }, "unused"]);
    const s = await runLoop({ workspace: b.ws, model: b.model, message: "go" });
    expect(s.stopReason).toBe("provider-error");
    expect(s.counts).toMatchObject({ providerAttempts: 1, providerRetries: 0 });
    expect(s.events.at(-1)).toMatchObject({ kind: "stop", errorClass: "provider" });
  });

  it("a context window overflow is not retried: it belongs to the context builder", async () => {
    const { ws, model } = setup({ "a.py": "a\n" }, [{ fail: "context-window" }, "unused"]);
    const r = await runLoop({ workspace: ws, model, message: "go" });
    expect(r.stopReason).toBe("context-overflow");
    expect(r.counts).toMatchObject({ providerAttempts: 1, providerRetries: 0 });
    expect(r.events.filter((e) => e.errorClass !== null).map((e) => e.errorClass)).toEqual(["context-overflow", "context-overflow"]);
  });

  it("a script that runs out stops the loop (script-ended)", async () => {
    const { ws, model } = setup({ "a.py": "a\n" }, [reply(edit("a.py", "zz\n", "q\n"))]);
    const r = await runLoop({ workspace: ws, model, message: "go" });
    expect(r.stopReason).toBe("script-ended");
    expect(r.counts).toMatchObject({ requests: 2, reflections: 1, providerAttempts: 1 });
  });
});

describe("runLoop — lint and test (seed 001 §7)", () => {
  it("a lint failure is reflected when the user agrees; the lint function sees the edited files", async () => {
    const seen: string[][] = [];
    const lint = scriptedCheck(["a.py:1:1: E999 bad"]);
    const spy = (ctx: Parameters<typeof lint>[0]) => (seen.push([...ctx.edited, String(ctx.run), ctx.read("a.py")!]), lint(ctx));
    const { ws, model } = setup({ "a.py": "a\n" }, [reply(edit("a.py", "a\n", "b\n")), reply(edit("a.py", "b\n", "c\n"))]);
    const r = await runLoop({ workspace: ws, model, message: "go" }, { lint: spy });
    expect(seen).toEqual([
      ["a.py", "1", "b\n"],
      ["a.py", "2", "c\n"],
    ]);
    const lints = r.events.filter((e) => e.kind === "lint");
    expect(lints.map((e) => [e.ok, e.errorClass])).toEqual([
      [false, "validation"],
      [true, null],
    ]);
    expect(current(model, 1)).toEqual(["user: a.py:1:1: E999 bad"]);
    expect(r.counts.reflections).toBe(1);
    expect(r.lintOutcome).toBe(true);
  });

  it("declining 'Attempt to fix lint errors?' records the failure and does not reflect", async () => {
    const { ws, model } = setup({ "a.py": "a\n" }, [reply(edit("a.py", "a\n", "b\n"))]);
    const r = await runLoop({ workspace: ws, model, message: "go" }, { lint: () => "E1", fixLintErrors: false });
    expect(r.stopReason).toBe("done");
    expect(r.lintOutcome).toBe(false);
    expect(r.counts.reflections).toBe(0);
    expect(r.events.find((e) => e.kind === "lint")!.summary).toBe("lint failed; Attempt to fix lint errors? no");
  });

  it("tests run only with autoTest, after lint; a failure is reflected", async () => {
    const steps = [reply(edit("a.py", "a\n", "b\n")), reply(edit("a.py", "b\n", "c\n"))];
    const off = setup({ "a.py": "a\n" }, steps);
    const r0 = await runLoop({ workspace: off.ws, model: off.model, message: "go" }, { test: () => "FAILED" });
    expect(r0.testOutcome).toBeNull();
    const on = setup({ "a.py": "a\n" }, steps);
    const r1 = await runLoop({ workspace: on.ws, model: on.model, message: "go" }, { autoTest: true, lint: () => null, test: scriptedCheck(["1 failed"]) });
    expect(r1.events.filter((e) => e.kind === "lint" || e.kind === "test").map((e) => `${e.kind}:${e.ok}`)).toEqual([
      "lint:true",
      "test:false",
      "lint:true",
      "test:true",
    ]);
    expect(current(on.model, 1)).toEqual(["user: 1 failed"]);
    expect(r1.files).toEqual({ "a.py": "c\n" });
  });

  it("a lint or test function that returns something else is a usage error", async () => {
    const { ws, model } = setup({ "a.py": "a\n" }, [reply(edit("a.py", "a\n", "b\n"))]);
    await expect(runLoop({ workspace: ws, model, message: "go" }, { lint: () => 42 as unknown as string })).rejects.toThrow("runLoop: options.lint must return a string or null");
  });
});

describe("runLoop — files, permission and mentions (`aider/coders/base_coder.py` `send_message/max_reflections`, `allowed_to_edit`)", () => {
  it("a blank SEARCH creates a new file, which joins the chat; declining 'Create new file?' drops the edit", async () => {
    const steps = [reply(edit("b.py", "", "print(1)\n"))];
    const yes = setup({ "a.py": "a\n" }, steps);
    const r = await runLoop({ workspace: yes.ws, model: yes.model, message: "add b.py" });
    expect(r.files).toEqual({ "a.py": "a\n", "b.py": "print(1)\n" });
    expect(r.chatFiles).toEqual(["a.py", "b.py"]);
    expect(r.events.find((e) => e.kind === "permission")!.summary).toBe("b.py: Create new file? yes");
    const no = { ws: new MemoryWorkspace({ "a.py": "a\n" }, { chat: ["a.py"], answers: { createNewFile: false } }), model: new ScriptedModel(steps) };
    const s = await runLoop({ workspace: no.ws, model: no.model, message: "add b.py" });
    expect(s.files).toEqual({ "a.py": "a\n" });
    expect(s.events.filter((e) => e.kind === "permission").map((e) => e.summary)).toEqual([
      "b.py: Create new file? no",
      "b.py: edits dropped (allowed_to_edit refused)",
    ]);
    expect(s.stopReason).toBe("done");
  });

  it("an edit whose SEARCH is only in another chat file is re-targeted there", async () => {
    const { ws, model } = setup({ "a.py": "a\n", "b.py": "b\n" }, [reply(edit("a.py", "b\n", "B\n"))]);
    const r = await runLoop({ workspace: ws, model, message: "go" });
    expect(r.files).toEqual({ "a.py": "a\n", "b.py": "B\n" });
    expect(r.events.filter((e) => e.kind === "apply").map((e) => e.summary)).toEqual([
      "an edit for a.py is re-targeted to b.py: its SEARCH is only there (dry run)",
      "b.py: applied (perfect)",
    ]);
  });

  it("Aider's crash on an empty new file with an empty REPLACE is reflected as the exception's text", async () => {
    const { ws, model } = setup({ "a.py": "a\n" }, [reply(edit("n.py", "", "")), "done"]);
    const r = await runLoop({ workspace: ws, model, message: "go" });
    const failure = r.events.find((e) => e.kind === "apply" && e.ok === false && e.detail !== null)!;
    expect(failure.summary).toBe("Exception while updating files");
    expect(failure.detail).toBe("list index out of range");
    expect(current(model, 1)).toEqual(["user: list index out of range"]);
    expect(r.counts.malformedResponses).toBe(0); // an IndexError is not the ValueError Aider counts
  });

  it("a reply naming files outside the chat gets them added and is not applied; the next request sees them", async () => {
    class Mentioning extends MemoryWorkspace {
      override async mentionable() {
        return ["b.py", "c.py"];
      }
    }
    const ws = new Mentioning({ "a.py": "a\n", "b.py": "b\n", "c.py": "c\n" }, { chat: ["a.py"] });
    const model = new ScriptedModel([`I need \`b.py\` too.\n\n${reply(edit("a.py", "a\n", "A\n"))}`, reply(edit("a.py", "a\n", "A\n"))]);
    const r = await runLoop({ workspace: ws, model, message: "go" });
    const text = "I added these files to the chat: b.py\nLet me know if there are others we should add.";
    expect(current(model, 1).at(-1)).toBe(`user: ${text}`);
    expect(model.requests[1]!.find((m) => m.part === "chat-files")!.content).toContain("\nb.py\n```\nb\n```\n");
    expect(r.events.filter((e) => e.kind === "apply")).toHaveLength(1); // only the second reply's edit
    expect(r.chatFiles).toEqual(["a.py", "b.py"]);
    expect(r.counts.reflections).toBe(1);

    const ws2 = new Mentioning({ "a.py": "a\n", "b.py": "b\n" }, { chat: ["a.py"] });
    const m2 = new ScriptedModel([`See b.py.\n\n${reply(edit("a.py", "a\n", "A\n"))}`]);
    const r2 = await runLoop({ workspace: ws2, model: m2, message: "go" }, { addMentionedFiles: false });
    expect(r2.files["a.py"]).toBe("A\n");
    expect(r2.counts.reflections).toBe(0);
  });

  it("the fence follows the chat files: a file with ``` lines gets ```` in the prompt", async () => {
    const { ws, model } = setup({ "README.md": "```\ncode\n```\n" }, ["no edits"]);
    const r = await runLoop({ workspace: ws, model, message: "go" });
    expect(r.requests[0]!.fence).toEqual(["````", "````"]);
    expect(model.requests[0]!.find((m) => m.part === "chat-files")!.content).toContain("\nREADME.md\n````\n```\ncode\n```\n````\n");
  });
});

describe("runLoop — argument checks", () => {
  const ws = () => new MemoryWorkspace({ "a.py": "a\n" }, { chat: ["a.py"] });
  const model = () => new ScriptedModel(["ok"]);
  // each rule is in test/loop/loop-options.test.ts; here only that runLoop applies both checks before any call
  it("checks its input and options before calling the model", async () => {
    const m = model();
    await expect(runLoop({ workspace: {} as never, model: m, message: "m" })).rejects.toThrow("runLoop: input.workspace must be a LoopWorkspace (no chatFiles method)");
    await expect(runLoop({ workspace: ws(), model: m, message: "m" }, { maxReflections: -1 })).rejects.toThrow("runLoop: options.maxReflections must be a non-negative integer");
    expect(m.requests).toEqual([]);
  });
});
