/** lib/loop/context.ts: the prompt's parts in Aider's order (`aider/coders/base_coder.py` `send_message/max_reflections`). */
import { describe, expect, it } from "vitest";
import { buildContext, renderContext } from "../../lib/index.js";

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
