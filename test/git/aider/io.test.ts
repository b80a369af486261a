// lib/git/aider/io.ts: AiderLog records what Aider would print, in order, each with its kind; `ask` records the
// question with its subject and hands the scenario's answer back.
import { describe, expect, it } from "vitest";
import { AiderLog } from "../../../lib/git/aider/io.js";

describe("AiderLog", () => {
  it("keeps every message in the order it came, with its kind and text", () => {
    const log = new AiderLog();
    log.output("Commit abc1234 msg");
    log.warning("careful");
    log.error("Unable to commit: x");
    log.note("the workbench says");
    expect(log.messages).toEqual([
      { kind: "output", text: "Commit abc1234 msg" },
      { kind: "warning", text: "careful" },
      { kind: "error", text: "Unable to commit: x" },
      { kind: "note", text: "the workbench says" },
    ]);
  });

  it("ask returns the answer it was given and records the question, its subject and that answer", () => {
    const log = new AiderLog();
    expect(log.ask("Create new file?", "new.py", true)).toBe(true);
    expect(log.ask("Allow edits to file that has not been added to the chat?", "b.py", false)).toBe(false);
    expect(log.messages).toEqual([
      { kind: "ask", text: "Create new file?", subject: "new.py", answer: true },
      { kind: "ask", text: "Allow edits to file that has not been added to the chat?", subject: "b.py", answer: false },
    ]);
  });

  it("each log is its own record", () => {
    const a = new AiderLog();
    const b = new AiderLog();
    a.output("x");
    expect(b.messages).toEqual([]);
  });
});
