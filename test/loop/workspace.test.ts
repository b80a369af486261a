/** lib/loop/workspace.ts: the in-memory workspace's checks. */
import { describe, expect, it } from "vitest";
import { MemoryWorkspace } from "../../lib/index.js";

describe("MemoryWorkspace", () => {
  it("MemoryWorkspace checks its chat files and answers", () => {
    expect(() => new MemoryWorkspace({ "a.py": "" }, { chat: ["b.py"] })).toThrow("MemoryWorkspace: config.chat[0] must name one of the files");
    expect(() => new MemoryWorkspace({}, { chat: [], answers: { createNewFile: "yes" as never } })).toThrow("answers.createNewFile must be a boolean");
    expect(() => new MemoryWorkspace({}, { chat: [], dryRun: true } as never)).toThrow("config.dryRun is not a known option");
  });
});
