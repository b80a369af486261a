/**
 * lib/cli/loop.ts: `workbench loop` on session files (the trace, --json, --prompts, --brief, usage mistakes) and
 * formatSessionRun's report on small sessions built here. The model flags (--model, --record, --replay) are
 * lib/cli/loop-model.ts's: test/cli/loop-model.test.ts.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatSessionRun } from "../../lib/cli/loop.js";
import { ERROR_CLASSES } from "../../lib/loop/error-classes.js";
import { runSession } from "../../lib/loop/session.js";
import { tempDirs, writeTree } from "../support/temp-dirs.js";
import { cli } from "./run-cli.js";

const SESSIONS = "lib/loop/sessions";
const tempDir = tempDirs();
const tmpFile = (content: string): string => {
  const dir = tempDir("wb-loop-");
  writeTree(dir, { "session.json": content });
  return join(dir, "session.json");
};

const EDIT = ["a.py", "```python", "<<<<<<< SEARCH", "x = 1", "=======", "x = 2", ">>>>>>> REPLACE", "```"];
const SMALL = { files: { "a.py": ["x = 1"] }, chat: ["a.py"], message: ["set x to 2", "please"], replies: [EDIT] };
const show = { prompts: false, details: true };

describe("formatSessionRun", () => {
  it("heads the report with the workspace, chat, steps and the message's first line; lists the changed files", async () => {
    const run = await runSession(SMALL);
    const text = formatSessionRun(run, show);
    expect(text).toContain(`workspace: ${run.workspace} · chat: a.py · 1 scripted step\nmessage: set x to 2 …\n`);
    expect(text).toContain(`\nstop: ${run.result.stopReason}\n`);
    expect(text).toContain(`\nfiles changed:\n── a.py ──\n${run.result.files["a.py"]!.replace(/\n$/, "")}\n`);
    expect(run.result.files["a.py"]).toBe("x = 2\n");
    expect(text).not.toContain("commits");
    expect(text).not.toContain("════ prompt");
  });

  it("says the files are unchanged when no edit landed, and starts with the description when there is one", async () => {
    const run = await runSession({ ...SMALL, description: "Nothing to do.", message: "hi", replies: [["No change needed."]] });
    const text = formatSessionRun(run, show);
    expect(text.startsWith("Nothing to do.\n\n")).toBe(true);
    expect(text).toContain("message: hi\n");
    expect(text).toContain("\nfiles: unchanged\n");
  });

  it("marks a file the loop created as new, and names the edit format when it is not diff", async () => {
    const whole = { ...SMALL, editFormat: "whole", files: {}, chat: [], message: "make b.py", replies: [["b.py", "```", "y = 3", "```"]], answers: { createNewFile: true } };
    const run = await runSession(whole);
    const text = formatSessionRun(run, show);
    expect(text).toMatch(/^edit format: whole\n/);
    expect(text).toContain("── b.py (new) ──\ny = 3\n");
  });

  it("lists each error class seen once, with its owner and recovery (seed 001 §11)", async () => {
    const run = await runSession({ ...SMALL, replies: [{ fail: "auth" }] });
    const classes = [...new Set(run.result.events.flatMap((e) => (e.errorClass === null ? [] : [e.errorClass])))];
    expect(classes.length).toBeGreaterThan(0);
    const text = formatSessionRun(run, show);
    expect(text).toContain("\nerror classes seen (seed 001 §11):\n");
    for (const id of classes) expect(text).toContain(`  ${id.padEnd(16)} owner: ${ERROR_CLASSES[id].owner}; recovery: ${ERROR_CLASSES[id].recovery}\n`);
  });

  it("with a model header: prints it and does not count scripted steps; with prompts: each request's prompt", async () => {
    const run = await runSession(SMALL);
    const text = formatSessionRun(run, { prompts: true, details: true, model: "model: openai:x at http://h/v1" });
    expect(text).toContain("model: openai:x at http://h/v1\nworkspace: ");
    expect(text).toContain("· the scripted replies not used\n");
    expect(text.match(/════ prompt of request \d+ \(/g)).toHaveLength(run.result.requests.length);
    expect(text).toContain("════ prompt of request 1 (user) ════\n");
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
