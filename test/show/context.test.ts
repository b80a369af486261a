import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { contextPanel, contextPicture, type ContextMessageView } from "../../lib/show/context.js";
import { MemoryWorkspace, runLoop, ScriptedModel } from "../../lib/index.js";

const messages: ContextMessageView[] = [
  { role: "system", part: "system", content: "x".repeat(400) },
  { role: "user", part: "chat-files", content: "calc.py\n```\ndef add(a, b): ...\n```\n" },
  { role: "assistant", part: "chat-files", content: "Ok." },
  { role: "user", part: "current", content: "add() subtracts; fix it" },
];
const rects = (svg: string) => [...svg.matchAll(/<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)"/g)].map((m) => ({ x: Number(m[1]), w: Number(m[2]) }));

describe("show: a model call's context", () => {
  it("one segment per message, in order, wider for a longer message; a part's label once per run of it", () => {
    const svg = contextPicture(messages, { title: "the first request" });
    const segs = rects(svg);
    expect(segs).toHaveLength(4);
    for (let i = 1; i < segs.length; i++) expect(segs[i]!.x).toBeGreaterThan(segs[i - 1]!.x + segs[i - 1]!.w);
    expect(segs[0]!.w).toBeGreaterThan(segs[3]!.w); // 400 characters against 23
    expect(segs[3]!.w).toBeGreaterThan(segs[2]!.w); // 23 against 3
    expect([...svg.matchAll(/data-part="([^"]+)"/g)].map((m) => m[1])).toEqual(["system", "chat-files", "chat-files", "current"]);
    expect(svg.match(/>chat files</g)).toHaveLength(1);
    expect(svg).toContain(">model 3<");
    expect(svg).toContain('aria-label="the first request"');
  });

  it("fills the width it is given, and the same messages give the same SVG", () => {
    fc.assert(
      fc.property(fc.array(fc.record({ role: fc.constantFrom("system" as const, "user" as const, "assistant" as const), part: fc.constantFrom("system" as const, "repo-map" as const, "history" as const, "chat-files" as const, "current" as const), content: fc.string({ maxLength: 300 }) }), { minLength: 1, maxLength: 9 }), (ms) => {
        const svg = contextPicture(ms);
        const segs = rects(svg);
        expect(segs).toHaveLength(ms.length);
        const last = segs[segs.length - 1]!;
        expect(Math.abs(last.x + last.w - (800 - 4))).toBeLessThan(1);
        expect(contextPicture(ms.map((m) => ({ ...m })))).toBe(svg);
      }),
    );
  });

  it("shows where a reflection goes: the reflected failure is the last user message of the next call", async () => {
    const block = (s: string) => ["calc.py", "```python", "<<<<<<< SEARCH", s, "=======", "    return a + b", ">>>>>>> REPLACE", "```"].join("\n");
    const model = new ScriptedModel([block("    return a - b  # wrong"), block("    return a - b")]);
    await runLoop({ workspace: new MemoryWorkspace({ "calc.py": "def add(a, b):\n    return a - b\n" }, { chat: ["calc.py"] }), model, message: "fix add()" });
    const second = contextPicture(model.requests[1]!);
    const parts = [...second.matchAll(/data-part="([^"]+)"/g)].map((m) => m[1]);
    expect(parts[parts.length - 1]).toBe("current");
    expect(parts).toContain("history");
    const reflected = model.requests[1]![model.requests[1]!.length - 1]!;
    expect(second).toContain(`>user ${reflected.content.length}<`);
  });

  it("the panel folds the messages' full text under the picture", () => {
    const html = contextPanel(messages);
    expect(html).toMatch(/^<details class="wb-context"><summary>.*<svg[\s\S]*<\/summary><pre>/);
    expect(html).toContain("── 4 user [current] ──\nadd() subtracts; fix it");
    expect(html).toContain(`4 messages, ${messages.reduce((n, m) => n + m.content.length, 0)} characters`);
  });

  it("rejects bad input naming the parameter", () => {
    expect(() => contextPicture([])).toThrow(/contextPicture: messages must hold a message/);
    expect(() => contextPicture([{ role: "user", part: "nowhere" as never, content: "" }])).toThrow(/contextPicture: messages\[0\]\.part must be one of/);
    expect(() => contextPicture([{ role: "tool" as never, part: "current", content: "" }])).toThrow(/messages\[0\]\.role/);
    expect(() => contextPicture(messages, { width: 100 })).toThrow(/contextPicture: options.width must be an integer ≥/);
    expect(() => contextPicture(messages, { colour: "red" } as never)).toThrow(/options/);
  });
});
