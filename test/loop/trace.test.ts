/** lib/loop/trace.ts: the loop's trace and its rows. */
import { describe, expect, it } from "vitest";
import { formatTrace, traceRows } from "../../lib/index.js";
import { TraceRecorder } from "../../lib/loop/trace.js";

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
