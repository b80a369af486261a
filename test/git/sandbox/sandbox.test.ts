import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseScenario, runScenario, runTurn, Sandbox, withSandbox, WorkbenchInputError } from "../../../lib/index.js";
import { AiderSession } from "../../../lib/git/aider/session.js";
import { scenarioCoder } from "../../../lib/git/aider/edit-format.js";
import { checkSandboxPath } from "../../../lib/git/sandbox/sandbox.js";
import { prepareSandbox } from "../../../lib/git/scenario-run.js";
import { cli } from "../../cli/run-cli.js";

describe("sandbox paths — the lexical rules", () => {
  it.each(["a.py", "d/e.py", "é.md", ":x", "*.py", ".gitignore", "a.git/x", "..x", "x.."])("accepts %j", (p) => {
    expect(checkSandboxPath("t", "p", p)).toBe(p);
  });
  it.each([
    ["", /the path is empty/],
    ["/abs/passwd", /absolute paths escape the sandbox/],
    ["C:/x", /absolute paths/],
    ["../x", /'\.\.' would escape the sandbox/],
    ["a/../../b", /'\.\.' would escape/],
    ["./a", /empty or '\.' path segments/],
    ["a//b", /empty or '\.' path segments/],
    ["a/", /empty or '\.'/],
    ["a\\b", /backslash/],
    [".git/config", /\.git directory is off limits/],
    ["sub/.GIT/x", /\.git directory is off limits/],
    ["a\0b", /NUL/],
  ])("refuses %j", (p, why) => {
    expect(() => checkSandboxPath("t", "p", p)).toThrow(WorkbenchInputError);
    expect(() => checkSandboxPath("t", "p", p)).toThrow(why);
  });
});

describe("sandbox — symlinks that lead out", () => {
  it("refuses a path through a link that leads outside (also a dangling one), allows links that stay inside", async () => {
    const outside = mkdtempSync(join(tmpdir(), "wb-outside-"));
    try {
      await withSandbox(async (box) => {
        mkdirSync(join(box.root, "sub"));
        symlinkSync(outside, join(box.root, "out"));
        symlinkSync("sub", join(box.root, "in"));
        symlinkSync("/nonexistent-dir/file", join(box.root, "dangling"));
        expect(() => box.resolve("out/x.py")).toThrow(/out is a symlink that leads outside the sandbox/);
        expect(() => box.resolve("dangling")).toThrow(/leads outside/);
        expect(box.resolve("in/x.py")).toBe(join(box.root, "in/x.py"));

        await prepareSandbox(box, { files: { "a.py": "a\n" }, staged: {}, dirty: {} });
        const session = new AiderSession(box, { chat: ["a.py"] });
        const edits = [{ path: "a.py", content: "changed\n" }, { path: "out/evil.py", content: "x\n" }];
        await expect(runTurn(session, scenarioCoder({ kind: "whole", edits }), { reply: "", fence: ["```", "```"] })).rejects.toThrow(/edit path is refused: out is a symlink/);
        expect(readdirSync(outside)).toEqual([]);
        expect(box.read("a.py")).toBe("a\n"); // refused before anything was touched
      });
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it("a scenario naming a path outside the sandbox is refused by the CLI in one line (exit 2)", async () => {
    const r = await cli("git-scenario", "lib/git/scenarios/outside-sandbox.json");
    expect(r.code).toBe(2);
    expect(r.err).toBe(`scenario: edited["../outside.py"] is refused: '..' would escape the sandbox (got "../outside.py")\n`);
    expect(r.out).toBe("");
  });
});

describe("sandbox — files", () => {
  it("refuses to write over a directory or below a file, in one clear error", async () => {
    await withSandbox(async (box) => {
      box.write("d/a.py", "x\n");
      expect(() => box.write("d", "oops\n")).toThrow(/sandbox: path is refused: it names a directory, not a file/);
      expect(() => box.write("d/a.py/b.py", "y\n")).toThrow(/sandbox: path cannot be written \(E(EXIST|NOTDIR)/);
      expect([box.read("d"), box.read("missing"), box.read("d/a.py")]).toEqual([null, null, "x\n"]);
      box.write("d/a.py", null);
      expect(box.exists("d/a.py")).toBe(false);
    });
  });
});

describe("sandbox — hermetic git", () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
    Object.assign(process.env, saved);
  });

  it("needs no global identity and ignores the caller's git environment, config and repository", async () => {
    const tmp = mkdtempSync(join(tmpdir(), "wb-hermetic-"));
    try {
      const env = { ...saved, HOME: join(tmp, "home"), GIT_CONFIG_NOSYSTEM: "1" };
      mkdirSync(env.HOME);
      // a bystander repository the caller's environment points at
      const other = join(tmp, "other");
      mkdirSync(other);
      const g = (...a: string[]) => execFileSync("git", a, { cwd: other, env: { ...env, GIT_CONFIG_GLOBAL: "/dev/null" }, encoding: "utf8" });
      g("init", "-q");
      g("-c", "user.name=o", "-c", "user.email=o@o", "commit", "-q", "--allow-empty", "-m", "bystander");
      const otherHead = g("rev-parse", "HEAD");
      // the caller: empty HOME, a hostile global config, and GIT_* variables aimed at the bystander
      writeFileSync(join(env.HOME, ".gitconfig"), "[user]\n\tname = Global Name\n[commit]\n\tgpgsign = true\n");
      Object.assign(process.env, env, { GIT_DIR: join(other, ".git"), GIT_WORK_TREE: other, GIT_AUTHOR_NAME: "Intruder" });
      const report = await runScenario(parseScenario({ files: { "a.py": "a\n" }, dirty: { "a.py": "b\n" }, chat: ["a.py"], edited: { "a.py": "c\n" } }));
      expect(report.final.commits.map((c) => [c.author, c.committer])).toEqual([
        ["Workbench User", "Workbench User (aider)"],
        ["Workbench User", "Workbench User"],
      ]);
      expect(g("rev-parse", "HEAD")).toBe(otherHead);
      expect(g("status", "--porcelain")).toBe("");
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  it("removes its temporary directory after a run, and after a run that fails", async () => {
    const tmp = mkdtempSync(join(tmpdir(), "wb-tmpdir-"));
    try {
      process.env.TMPDIR = tmp;
      await runScenario(parseScenario({ files: { "a.py": "a\n" }, chat: ["a.py"], edited: { "a.py": "b\n" } }));
      expect(readdirSync(tmp)).toEqual([]);
      await expect(runScenario(parseScenario({ files: { "a.py": "a\n" }, chat: ["missing.py"] }))).rejects.toThrow(
        /chat\[0\] must name a file that exists/,
      );
      expect(readdirSync(tmp)).toEqual([]);
      const box = await Sandbox.create();
      expect(existsSync(box.dir)).toBe(true);
      box.dispose();
      box.dispose();
      expect(readdirSync(tmp)).toEqual([]);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
