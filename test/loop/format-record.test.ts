// lib/loop/format-record.ts: one reply in any edit format as trace events (parse, permission, apply, commit) and
// the loop's view of it. The FormatReplyResults are built here; the events are read back from a TraceRecorder.
import { describe, expect, it } from "vitest";
import { EDIT_ERRORS_URL } from "../../lib/editformats/coder.js";
import { recordFormatReply } from "../../lib/loop/format-record.js";
import type { FormatReplyResult } from "../../lib/loop/format-workspace.js";
import { TraceRecorder } from "../../lib/loop/trace.js";
import type { UpdateResult } from "../../lib/loop/workspace.js";

const brief = (t: TraceRecorder) => t.events.map((e) => [e.kind, e.summary, e.ok, e.errorClass, e.detail]);
const update = (u: Partial<UpdateResult> = {}): UpdateResult => ({
  requested: [], edited: [], retargeted: [], refused: [], applied: null, dirtyPaths: [], commits: [], reply: "I updated the files.", reflected: null, gitError: null, printed: [], ...u,
});

describe("recordFormatReply — the parse step", () => {
  it("a reply the format rejects: output-parse, reflected as the parser's text", () => {
    const t = new TraceRecorder();
    const step = recordFormatReply(t, { format: "patch", parsed: { ok: false, error: "Invalid patch", crashed: false }, update: null, malformed: 1 }, "memory");
    expect(step).toEqual({ update: null, reflected: "Invalid patch", errorClass: "output-parse", shellCommands: [] });
    expect(brief(t)).toEqual([["parse", "patch: The LLM did not conform to the edit format.", false, "output-parse", "Invalid patch"]]);
  });

  it("a parser that crashed says so", () => {
    const t = new TraceRecorder();
    recordFormatReply(t, { format: "udiff", parsed: { ok: false, error: "IndexError", crashed: true }, update: null, malformed: 0 }, "memory");
    expect(t.events[0]!.summary).toBe("udiff: Exception while updating files (the parser crashed)");
  });

  it("parsed with nothing to apply: one parse event, the shell blocks handed on", () => {
    const t = new TraceRecorder();
    const step = recordFormatReply(t, { format: "diff-fenced", parsed: { ok: true, edits: 0, shellCommands: ["ls"] }, update: null, malformed: 0 }, "memory");
    expect(step).toEqual({ update: null, reflected: null, errorClass: null, shellCommands: ["ls"] });
    expect(brief(t)).toEqual([["parse", "diff-fenced: 0 edit(s), 1 shell block(s)", true, null, null]]);
  });
});

describe("recordFormatReply — apply and commit", () => {
  it("questions, applied files, other printed lines (boilerplate dropped), refusals, then no commit", () => {
    const t = new TraceRecorder();
    const u = update({
      printed: [
        { level: "ask", text: "new.py: Create new file? yes" },
        { level: "output", text: "Applied edit to a.py" },
        { level: "warning", text: "Skipping edits to x.log" },
        { level: "output", text: "a note" },
        { level: "error", text: "The LLM did not conform to the edit format." },
        { level: "error", text: EDIT_ERRORS_URL },
        { level: "error", text: "" },
      ],
      refused: ["x.log"],
    });
    const r: FormatReplyResult = { format: "whole", parsed: { ok: true, edits: 2, shellCommands: [] }, update: u, malformed: 0 };
    expect(recordFormatReply(t, r, "memory, no git")).toEqual({ update: u, reflected: null, errorClass: null, shellCommands: [] });
    expect(brief(t)).toEqual([
      ["parse", "whole: 2 edit(s)", true, null, null],
      ["permission", "new.py: Create new file? yes", null, null, null],
      ["apply", "a.py: applied", true, null, null],
      ["apply", "warning: Skipping edits to x.log", false, null, null],
      ["apply", "output: a note", null, null, null],
      ["permission", "x.log: edits dropped (allowed_to_edit refused)", false, null, null],
      ["commit", "no commit (memory, no git)", null, null, "history gets: I updated the files."],
    ]);
  });

  it("a reflected failure: block-mismatch, the reflected text itself not repeated as a printed line", () => {
    const t = new TraceRecorder();
    const text = "UnifiedDiffNoMatch: hunk failed to apply!";
    const u = update({ reflected: text, printed: [{ level: "error", text }] });
    const step = recordFormatReply(t, { format: "udiff", parsed: { ok: true, edits: 1, shellCommands: [] }, update: u, malformed: 1 }, "memory");
    expect(step).toMatchObject({ reflected: text, errorClass: "block-mismatch" });
    expect(brief(t).slice(1)).toEqual([
      ["apply", "the failure message for the model", false, "block-mismatch", text],
      ["commit", "no commit (memory)", null, null, "history gets: I updated the files."],
    ]);
  });

  it("an exception while applying (nothing counted malformed) is titled as one", () => {
    const t = new TraceRecorder();
    const u = update({ reflected: "FileExistsError: [Errno 17] File exists" });
    recordFormatReply(t, { format: "patch", parsed: { ok: true, edits: 1, shellCommands: [] }, update: u, malformed: 0 }, "memory");
    expect(t.events.find((e) => e.errorClass === "block-mismatch")!.summary).toBe("Exception while updating files");
  });
});
