// lib/loop/loop-record.ts: how the model client's attempts and one reply's apply_updates + auto_commit become trace
// events. Attempts and update results are built here; the events are read back from a TraceRecorder.
import { describe, expect, it } from "vitest";
import type { Attempt } from "../../lib/loop/model-client.js";
import { recordAttempts, recordUpdate, replyFacts } from "../../lib/loop/loop-record.js";
import { ProviderError, type ModelReply } from "../../lib/loop/scripted-model.js";
import { TraceRecorder } from "../../lib/loop/trace.js";
import type { UpdateResult } from "../../lib/loop/workspace.js";
import { EDIT_ERRORS_URL } from "../../lib/editformats/coder.js";

const reply = (r: Partial<ModelReply> = {}): ModelReply => ({ text: "t", finishReason: null, usage: null, cost: null, chunks: null, ...r });
const ok = (r: ModelReply | null = null): Attempt => ({ error: null, retryAfter: null, reply: r });
const failed = (error: ProviderError, retryAfter: number | null): Attempt => ({ error, retryAfter, reply: null });
const brief = (t: TraceRecorder) => t.events.map((e) => [e.kind, e.summary, e.ok, e.errorClass, e.detail]);

describe("replyFacts", () => {
  it("nothing reported: empty; otherwise the pieces, tokens, cost and finish reason in that order", () => {
    expect(replyFacts(reply())).toBe("");
    expect(replyFacts(reply({ chunks: 1 }))).toBe(" (streamed in 1 piece)");
    expect(replyFacts(reply({ chunks: 12, usage: { promptTokens: 812, completionTokens: 45 }, cost: 0.0021, finishReason: "stop" }))).toBe(
      " (streamed in 12 pieces; 812 prompt + 45 reply tokens; $0.0021; finish_reason stop)",
    );
    expect(replyFacts(reply({ chunks: 0, cost: 0 }))).toBe(" (streamed in 0 pieces; $0)");
  });
});

describe("recordAttempts", () => {
  it("one event per attempt: retried failures count as provider retries (not reflections), numbered after retriesBefore", () => {
    const t = new TraceRecorder();
    const attempts = [
      failed(new ProviderError("rate-limit", "HTTP 429: slow", { status: 429, retryAfter: 2 }), 2),
      failed(new ProviderError("network"), 0.5),
      ok(reply({ chunks: 3 })),
    ];
    expect(recordAttempts(t, attempts, { modelName: "openai:m", retriesBefore: 4 })).toBe(2);
    expect(brief(t)).toEqual([
      ["provider-error", "attempt 1: RateLimitError: HTTP 429: slow", false, "provider", "model client retries in 2 s (the provider's Retry-After: 2 s) (provider retry 5; not a reflection)"],
      ["provider-error", "attempt 2: APIConnectionError: connection reset by peer", false, "provider", "model client retries in 0.5 s (provider retry 6; not a reflection)"],
      ["model-call", "attempt 3: openai:m answered (streamed in 3 pieces)", true, null, null],
    ]);
  });

  it("a failure not retried, and a context overflow, which belongs to the context builder", () => {
    const t = new TraceRecorder();
    const n = recordAttempts(t, [failed(new ProviderError("auth"), null)], { modelName: "m", retriesBefore: 0 });
    recordAttempts(t, [failed(new ProviderError("context-window"), null)], { modelName: "m", retriesBefore: 0 });
    expect(n).toBe(0);
    expect(t.events.map((e) => [e.errorClass, e.detail])).toEqual([
      ["provider", "not retried"],
      ["context-overflow", "not retried: the context must shrink"],
    ]);
  });

  it("a successful attempt with no reply details says only that the model answered", () => {
    const t = new TraceRecorder();
    recordAttempts(t, [ok()], { modelName: "scripted", retriesBefore: 0 });
    expect(t.events[0]!.summary).toBe("attempt 1: scripted answered");
  });
});

const update = (u: Partial<UpdateResult> = {}): UpdateResult => ({
  format: "diff", parsed: 1, shellCommands: [], requested: [], edited: [], retargeted: [], refused: [], outcomes: [], dirtyPaths: [], commits: [],
  reply: "I updated the files.", reflected: null, malformed: 0, gitError: null, printed: [], ...u,
});

describe("recordUpdate", () => {

  it("questions, refusals, the dirty commit, re-targeting, each edit's outcome, the failure text and the commit, in that order", () => {
    const t = new TraceRecorder();
    recordUpdate(
      t,
      update({
        printed: [{ level: "ask", text: "new.py: Create new file? yes" }, { level: "output", text: "Applied edit to a.py" }],
        refused: ["x.log"],
        dirtyPaths: ["a.py", "b.py"],
        commits: [{ kind: "dirty", sha: "1111111", message: "wip" }, { kind: "aider", sha: "2222222", message: "fix" }],
        retargeted: [{ from: "a.py", to: "b.py" }],
        outcomes: [
          { path: "a.py", applied: true, how: "perfect" },
          { path: "c.py", applied: true, how: "append" },
          { path: "d.py", applied: false, how: null },
        ],
        reflected: "# 1 SEARCH/REPLACE block failed to match!",
        malformed: 1,
        reply: "I committed the changes with git hash 2222222 & commit msg: fix",
      }),
      "memory, no git",
    );
    expect(brief(t)).toEqual([
      ["parse", "1 SEARCH/REPLACE block(s)", true, null, null],
      ["permission", "new.py: Create new file? yes", null, null, null],
      ["permission", "x.log: edits dropped (allowed_to_edit refused)", false, null, null],
      ["dirty-commit", "a.py, b.py had uncommitted changes: committed as the user's first (1111111)", null, "git", "wip"],
      ["apply", "an edit for a.py is re-targeted to b.py: its SEARCH is only there (dry run)", null, null, null],
      ["apply", "a.py: applied (perfect)", true, null, null],
      ["apply", "c.py: applied (append)", true, null, null],
      ["apply", "d.py: SEARCH failed to match", false, "block-mismatch", null],
      ["apply", "the failure message for the model", false, "block-mismatch", "# 1 SEARCH/REPLACE block failed to match!"],
      ["commit", "auto_commit 2222222", true, null, "history gets: I committed the changes with git hash 2222222 & commit msg: fix"],
    ]);
  });

  it("a crash (no apply result) is an exception's text; a git error is printed, not reflected; no commit has no outcome", () => {
    const t = new TraceRecorder();
    recordUpdate(t, update({ reflected: "IndexError: list index out of range", gitError: "Unable to commit: hook failed" }), "git in a sandbox");
    expect(brief(t).slice(1)).toEqual([
      ["apply", "Exception while updating files", false, "block-mismatch", "IndexError: list index out of range"],
      ["commit", "Unable to commit (printed, not reflected)", false, "git", "Unable to commit: hook failed"],
      ["commit", "no commit (git in a sandbox)", null, null, "history gets: I updated the files."],
    ]);
  });
});

describe("recordUpdate — the parse step, every format", () => {
  it("a reply the format rejects: output-parse, reflected as the parser's text; nothing else recorded", () => {
    const t = new TraceRecorder();
    const step = recordUpdate(t, update({ format: "patch", parsed: null, reflected: "Invalid patch", malformed: 1 }), "memory");
    expect(step).toEqual({ update: null, reflected: "Invalid patch", errorClass: "output-parse", shellCommands: [] });
    expect(brief(t)).toEqual([["parse", "patch: The LLM did not conform to the edit format.", false, "output-parse", "Invalid patch"]]);
  });

  it("a parser that crashed says so; SEARCH/REPLACE formats are named by their blocks", () => {
    const t = new TraceRecorder();
    recordUpdate(t, update({ format: "udiff", parsed: null, reflected: "IndexError", malformed: 0 }), "memory");
    recordUpdate(t, update({ format: "diff", parsed: null, reflected: "bad block", malformed: 1 }), "memory");
    expect(t.events.map((e) => e.summary)).toEqual(["udiff: Exception while updating files (the parser crashed)", "The LLM did not conform to the edit format."]);
  });

  it("parsed with nothing to apply: one parse event, the shell blocks handed on", () => {
    const t = new TraceRecorder();
    const step = recordUpdate(t, update({ format: "diff-fenced", parsed: 0, shellCommands: ["ls"] }), "memory");
    expect(step).toEqual({ update: null, reflected: null, errorClass: null, shellCommands: ["ls"] });
    expect(brief(t)).toEqual([["parse", "0 SEARCH/REPLACE block(s), 1 shell block(s)", true, null, null]]);
  });
});

describe("recordUpdate — formats without per-edit outcomes", () => {
  it("questions, applied files, other printed lines (boilerplate and the dirty-commit line dropped), refusals, the commit", () => {
    const t = new TraceRecorder();
    const u = update({
      format: "whole",
      parsed: 2,
      printed: [
        { level: "ask", text: "new.py: Create new file? yes" },
        { level: "output", text: "Committing a.py before applying edits." },
        { level: "output", text: "Applied edit to a.py" },
        { level: "warning", text: "Skipping edits to x.log that matches gitignore spec." },
        { level: "output", text: "a note" },
        { level: "error", text: "The LLM did not conform to the edit format." },
        { level: "output", text: EDIT_ERRORS_URL },
        { level: "output", text: "" },
      ],
      refused: ["x.log"],
    });
    expect(recordUpdate(t, u, "memory, no git")).toEqual({ update: u, reflected: null, errorClass: null, shellCommands: [] });
    expect(brief(t)).toEqual([
      ["parse", "whole: 2 edit(s)", true, null, null],
      ["permission", "new.py: Create new file? yes", null, null, null],
      ["permission", "x.log: edits dropped (allowed_to_edit refused)", false, null, null],
      ["apply", "a.py: applied", true, null, null],
      ["apply", "warning: Skipping edits to x.log that matches gitignore spec.", false, null, null],
      ["apply", "output: a note", null, null, null],
      ["commit", "no commit (memory, no git)", null, null, "history gets: I updated the files."],
    ]);
  });

  it("a reflected failure: block-mismatch, the reflected text itself not repeated as a printed line", () => {
    const t = new TraceRecorder();
    const text = "UnifiedDiffNoMatch: hunk failed to apply!";
    const step = recordUpdate(t, update({ format: "udiff", reflected: text, malformed: 1, printed: [{ level: "output", text }] }), "memory");
    expect(step).toMatchObject({ reflected: text, errorClass: "block-mismatch" });
    expect(brief(t).slice(1)).toEqual([
      ["apply", "the failure message for the model", false, "block-mismatch", text],
      ["commit", "no commit (memory)", null, null, "history gets: I updated the files."],
    ]);
  });
});
