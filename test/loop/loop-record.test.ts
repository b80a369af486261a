// lib/loop/loop-record.ts: how the model client's attempts and one reply's apply_updates + auto_commit become trace
// events. Attempts and update results are built here; the events are read back from a TraceRecorder.
import { describe, expect, it } from "vitest";
import type { Attempt } from "../../lib/loop/model-client.js";
import { recordAttempts, recordUpdate, replyFacts } from "../../lib/loop/loop-record.js";
import { ProviderError, type ModelReply } from "../../lib/loop/scripted-model.js";
import { TraceRecorder } from "../../lib/loop/trace.js";
import type { UpdateResult } from "../../lib/loop/workspace.js";

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

describe("recordUpdate", () => {
  const update = (u: Partial<UpdateResult> = {}): UpdateResult => ({
    requested: [], edited: [], retargeted: [], refused: [], applied: null, dirtyPaths: [], commits: [], reply: "I updated the files.", reflected: null, gitError: null, printed: [], ...u,
  });

  it("questions, refusals, the dirty commit, re-targeting, each edit's outcome, the failure text and the commit, in that order", () => {
    const t = new TraceRecorder();
    const edit = { path: "a.py", search: "x", replace: "y" };
    recordUpdate(
      t,
      update({
        printed: [{ level: "ask", text: "new.py: Create new file? yes" }, { level: "output", text: "Applied edit to a.py" }],
        refused: ["x.log"],
        dirtyPaths: ["a.py", "b.py"],
        commits: [{ kind: "dirty", sha: "1111111", message: "wip" }, { kind: "aider", sha: "2222222", message: "fix" }],
        retargeted: [{ from: "a.py", to: "b.py" }],
        applied: {
          outcomes: [
            { edit, path: "a.py", applied: true, how: { how: "replace", result: "y", stage: "perfect" } },
            { edit, path: "c.py", applied: true, how: { how: "append", result: "z" } },
            { edit, path: "d.py", applied: false, how: null },
          ],
          updated: [], passed: [], failed: [], error: "# 1 SEARCH/REPLACE block failed to match!",
        },
        reflected: "# 1 SEARCH/REPLACE block failed to match!",
        reply: "I committed the changes with git hash 2222222 & commit msg: fix",
      }),
      "memory, no git",
    );
    expect(brief(t)).toEqual([
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
    expect(brief(t)).toEqual([
      ["apply", "Exception while updating files", false, "block-mismatch", "IndexError: list index out of range"],
      ["commit", "Unable to commit (printed, not reflected)", false, "git", "Unable to commit: hook failed"],
      ["commit", "no commit (git in a sandbox)", null, null, "history gets: I updated the files."],
    ]);
  });
});
