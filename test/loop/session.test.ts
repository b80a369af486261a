import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runSession } from "../../lib/index.js";
import { checkSession, sessionText } from "../../lib/loop/session.js";

const SESSIONS = "lib/loop/sessions";
const load = (name: string): unknown => JSON.parse(readFileSync(join(SESSIONS, `${name}.json`), "utf8"));

describe("session files", () => {
  it("texts are strings or arrays of lines; the message's lines get no final newline", () => {
    expect(sessionText("w", "p", ["a", "b"])).toBe("a\nb\n");
    expect(sessionText("w", "p", [])).toBe("");
    expect(sessionText("w", "p", "x")).toBe("x");
    expect(() => sessionText("w", "p", ["a\nb"])).toThrow("w: p[0] must be one line");
    const s = checkSession({ files: { "a.py": ["x = 1"] }, chat: ["a.py"], message: ["do", "this"], replies: [["r"], { fail: "network" }] });
    expect(s).toMatchObject({ files: { "a.py": "x = 1\n" }, message: "do\nthis", replies: ["r\n", { fail: "network" }], lint: null, test: null });
  });

  it("bad sessions are rejected naming the field", () => {
    const ok = { files: {}, chat: [], message: "m", replies: [] };
    expect(() => checkSession({ ...ok, replys: [] })).toThrow("loop session: session.replys is not a known option");
    expect(() => checkSession({ ...ok, replies: [{ fail: "oops" }] })).toThrow("loop session: replies[0].fail must be one of");
    expect(() => checkSession({ ...ok, lint: [""] })).toThrow("loop session: lint[0] must be null (pass) or a non-empty error text");
    expect(() => checkSession({ ...ok, options: { lint: [] } })).toThrow("loop session: options.lint is not a known option");
    expect(() => checkSession({ ...ok, options: { maxReflections: 1.5 } })).toThrow("options.maxReflections must be a non-negative integer");
    expect(() => checkSession({ ...ok, git: { dirt: {} } })).toThrow("loop session: git.dirt is not a known option");
    expect(() => checkSession({ ...ok, git: { options: { autoCommit: false } } })).toThrow("loop session: git.options.autoCommit is not a known option");
    expect(() => checkSession({ ...ok, git: { options: { dryRun: "yes" } } })).toThrow("loop session: git.options.dryRun must be a boolean");
    expect(() => checkSession({ ...ok, git: { staged: { "a.py": null } } })).toThrow('git.staged["a.py"] must be a string or an array of lines');
    expect(checkSession({ ...ok, git: { dirty: { "a.py": null, "b.py": ["x"] } } }).git).toEqual({ staged: {}, dirty: { "a.py": null, "b.py": "x\n" }, options: {} });
    expect(checkSession({ ...ok, git: true }).git).toEqual({ staged: {}, dirty: {}, options: {} });
  });

  it("one-reflection: a rate limit retried, one mismatch reflected with 'Did you mean', then success", async () => {
    const { result, model } = await runSession(load("one-reflection"));
    expect(result.stopReason).toBe("done");
    expect(result.counts).toEqual({ requests: 2, providerAttempts: 3, providerRetries: 1, reflections: 1, malformedResponses: 1 });
    expect(model.requests[2]!.at(-1)!.content).toContain("Did you mean to match some of these actual lines from greet.py?");
    expect(result.files["greet.py"]).toContain('    message = "Hello, " + name + "!"\n');
    expect(result.lintOutcome).toBe(true);
  });

  it("three-reflections-stop: four requests, the warning, the last lint errors not sent back", async () => {
    const { result, model } = await runSession(load("three-reflections-stop"));
    expect(result.stopReason).toBe("max-reflections");
    expect(model.requests).toHaveLength(4);
    expect(result.counts).toMatchObject({ requests: 4, reflections: 3 });
    expect(result.events.filter((e) => e.errorClass !== null && e.kind !== "reflect" && e.kind !== "warning" && e.kind !== "stop").map((e) => e.errorClass)).toEqual([
      "output-parse",
      "block-mismatch",
      "block-mismatch",
      "validation",
      "validation",
    ]);
    expect(result.events.some((e) => e.summary === "Only 3 reflections allowed, stopping.")).toBe(true);
  });

  it("partial-success: the first block is written, the failure says Don't re-send them, the fix completes the rename", async () => {
    const { result, model } = await runSession(load("partial-success"));
    const reflected = model.requests[1]!.at(-1)!.content;
    expect(reflected).toContain("# The other 1 SEARCH/REPLACE block were applied successfully.\nDon't re-send them.\n");
    expect(model.requests[1]!.find((m) => m.part === "chat-files")!.content).toContain("def area(radius):");
    expect(result.files["shapes.py"]).toBe(
      "import math\n\n\ndef area(radius):\n    return math.pi * radius * radius\n\n\ndef perimeter(radius):\n    return 2 * math.pi * radius\n",
    );
    expect(result.testOutcome).toBe(true);
  });
});
