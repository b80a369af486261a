import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runSession } from "../../lib/index.js";
import { checkSession, sessionText } from "../../lib/loop/session.js";
import { cli } from "../cli/run-cli.js";

const SESSIONS = "lib/loop/sessions";
const load = (name: string): unknown => JSON.parse(readFileSync(join(SESSIONS, `${name}.json`), "utf8"));
const tmpFile = (content: string) => {
  const file = join(mkdtempSync(join(tmpdir(), "wb-loop-")), "session.json");
  writeFileSync(file, content);
  return file;
};

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

describe("workbench loop", () => {
  it("prints the trace, the stop, the counts and the changed files", async () => {
    const r = await cli("loop", join(SESSIONS, "one-reflection.json"));
    expect(r.code).toBe(0);
    expect(r.out).toContain("── reflection 1 ──");
    expect(r.out).toMatch(/provider-error +✗ {2}attempt 1: RateLimitError/);
    expect(r.out).toContain("stop: done\n");
    expect(r.out).toContain("requests: 2 (the message + 1 reflection) · provider attempts: 3 (1 retry by the model client)");
    expect(r.out).toContain("── greet.py ──\n");
    expect(r.out).not.toContain("════ prompt");
  });

  it("a git session runs in a sandbox and lists its commits", async () => {
    const r = await cli("loop", join(SESSIONS, "git-dirty-commit.json"), "--brief");
    expect(r.code).toBe(0);
    expect(r.out).toContain("workspace: git sandbox · chat: app.py");
    expect(r.out).toMatch(/\ncommits \(oldest first\):\n {2}[0-9a-f]{7} {2}Update app\.py {2}— Workbench User; M app\.py\n {2}[0-9a-f]{7} {2}/);
    const j = JSON.parse((await cli("loop", join(SESSIONS, "git-dirty-commit.json"), "--json")).out) as { gitCommits: unknown[]; workspace: string };
    expect(j.workspace).toBe("git sandbox");
    expect(j.gitCommits).toHaveLength(2);
  });

  it("--json gives the result; --prompts adds every prompt", async () => {
    const r = await cli("loop", join(SESSIONS, "partial-success.json"), "--json");
    const json = JSON.parse(r.out) as Record<string, unknown>;
    expect(json.stopReason).toBe("done");
    expect(json).not.toHaveProperty("requests");
    const p = await cli("loop", join(SESSIONS, "partial-success.json"), "--json", "--prompts");
    expect((JSON.parse(p.out) as { requests: unknown[] }).requests).toHaveLength(2);
    const b = await cli("loop", join(SESSIONS, "partial-success.json"), "--brief");
    expect(b.out).not.toContain("│");
    expect(b.out).toMatch(/\n {2}7 {2}apply {10}✗ {2}the failure message for the model \[block-mismatch\]\n/);
    const t = await cli("loop", join(SESSIONS, "partial-success.json"), "--prompts");
    expect(t.out).toContain("════ prompt of request 2 (reflection 1) ════\n── 1 system [system] ──");
  });

  it("usage mistakes and bad sessions are one line and exit 2", async () => {
    const cases = [
      await cli("loop"),
      await cli("loop", "a.json", "b.json"),
      await cli("loop", "--nope", "a.json"),
      await cli("loop", "/nonexistent/session.json"),
      await cli("loop", tmpFile("{ not json")),
      await cli("loop", tmpFile(JSON.stringify({ files: { "a.py": "" }, chat: ["b.py"], message: "m", replies: [] }))),
    ];
    for (const r of cases) {
      expect(r.code).toBe(2);
      expect(r.err.trim().split("\n")).toHaveLength(1);
      expect(r.out).toBe("");
    }
    expect(cases[5]!.err).toMatch(/^loop: bad session .*: MemoryWorkspace: config\.chat\[0\] must name one of the files/);
  });
});
