// lib/git/scenario-run.ts: setting a sandbox up from a scenario and running its steps, with real git (small
// scenarios). Expectations come from plain git in the kept sandbox (test/git/git-helpers.ts), not from the report.
// Safety: a scenario that names .git or a path outside is refused by the sandbox itself, even when it skipped
// parseScenario's checks, and nothing it held is written or run.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../lib/core/errors.js";
import { runGit } from "../../lib/git/sandbox/git-cli.js";
import { withSandbox } from "../../lib/git/sandbox/sandbox.js";
import { parseScenario, type Scenario } from "../../lib/git/scenario.js";
import { prepareSandbox, runScenario } from "../../lib/git/scenario-run.js";
import { withKept } from "./git-helpers.js";

const saved = process.env.TMPDIR;
afterEach(() => {
  if (saved === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = saved;
});

/** Runs `fn` with TMPDIR set to a fresh folder (where runScenario makes its sandboxes); removes the folder after. */
async function withTmpdir(fn: (tmp: string) => Promise<void>): Promise<void> {
  const tmp = mkdtempSync(join(tmpdir(), "wb-scenario-run-"));
  process.env.TMPDIR = tmp;
  try {
    await fn(tmp);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

describe("prepareSandbox", () => {
  it("commits the files first, then stages the staged changes, then writes the uncommitted ones (null deletes)", async () => {
    await withSandbox(async (box) => {
      const initial = await prepareSandbox(box, {
        files: { "a.py": "a\n", "b.py": "b\n", "c.py": "c\n" },
        staged: { "a.py": "a staged\n", "s.py": "new staged\n" },
        dirty: { "b.py": "b dirty\n", "c.py": null, "u.py": "untracked\n" },
      });
      const git = async (...args: string[]) => (await runGit(box.git, args)).stdout;
      expect(await git("log", "--format=%s|%an", "HEAD")).toBe("Initial commit (scenario files)|Workbench User\n");
      expect(await git("show", "HEAD:a.py")).toBe("a\n");
      expect(initial!.fullSha).toBe((await git("rev-parse", "HEAD")).trim());
      expect(initial!.files.map((f) => f.path)).toEqual(["a.py", "b.py", "c.py"]);
      expect(await git("status", "--porcelain=v1", "--untracked-files=all")).toBe("M  a.py\n M b.py\n D c.py\nA  s.py\n?? u.py\n");
      expect(initial!.patch).toBeUndefined();
    });
  });

  it("no files: no commit, null; with patch: the initial commit's patch", async () => {
    await withSandbox(async (box) => {
      expect(await prepareSandbox(box, { files: {}, staged: { "x.py": "x\n" }, dirty: {} })).toBeNull();
      await expect(runGit(box.git, ["rev-parse", "--verify", "HEAD"])).rejects.toThrow();
    });
    await withSandbox(async (box) => {
      const initial = await prepareSandbox(box, { files: { "a.py": "one\n" }, staged: {}, dirty: {} }, true);
      expect(initial!.patch).toContain("+one\n");
    });
  });

  it.each([
    [".git/config", "[core]\n\tfsmonitor = touch /tmp/wb-should-never-exist\n"],
    [".git/hooks/pre-commit", "#!/bin/sh\ntouch /tmp/wb-should-never-exist\n"],
    ["sub/.GIT/hooks/post-commit", "#!/bin/sh\n"],
    ["../outside.py", "x\n"],
  ])("a scenario that writes %j is refused: that file never lands, nothing in it runs", async (path, content) => {
    await withSandbox(async (box) => {
      const sc = { files: { "a.py": "a\n", [path]: content }, staged: {}, dirty: {} };
      await expect(prepareSandbox(box, sc)).rejects.toThrow(WorkbenchInputError);
      await expect(prepareSandbox(box, sc)).rejects.toThrow("sandbox: path is refused");
      expect(existsSync(join(box.root, ".git/hooks/pre-commit"))).toBe(false);
      expect(readFileSync(join(box.root, ".git/config"), "utf8")).not.toMatch(/fsmonitor/);
      expect(existsSync("/tmp/wb-should-never-exist")).toBe(false);
      expect(existsSync(join(box.dir, "outside.py"))).toBe(false);
    });
  });
});

describe("runScenario", () => {
  it("tags each commit with its role, marks stand-in messages, and pushes to an origin inside the sandbox", async () => {
    const json = {
      files: { "a.py": "a\n" },
      dirty: { "a.py": "user\n" },
      chat: ["a.py"],
      edited: { "a.py": "aider\n" },
      steps: [{ do: "write", files: { "t.py": "t\n" } }, { do: "stage", files: { "t.py": "t2\n" } }, { do: "commit", message: "mine" }, { do: "push" }],
    };
    await withKept(json, (k) => {
      const r = k.report;
      expect(r.setup.initialCommit!.role).toBe("initial (scenario files)");
      expect(r.final.commits.map((c) => [c.role, c.standInMessage])).toEqual([
        ["dirty commit (the user's changes)", true],
        ["Aider's edit", true],
        ["/commit", false],
      ]);
      expect(r.final.commits.map((c) => c.sha)).toEqual(k.commits().map((c) => c.sha.slice(0, 7)));
      expect(r.steps.map((s) => s.do)).toEqual(["turn", "write", "stage", "commit", "push"]);
      const [, write, stage, commit, push] = r.steps;
      expect(write).toMatchObject({ files: ["t.py"], after: { untracked: ["t.py"] } });
      expect(stage).toMatchObject({ files: ["t.py"], after: { staged: ["t.py"] } });
      expect(commit).toMatchObject({ do: "commit", result: { kind: "committed" } });
      expect(commit!.do === "commit" && commit!.commits.map((c) => c.subject)).toEqual(["mine"]);
      expect(k.git("log", "-1", "--format=%s", "HEAD")).toBe("mine\n");
      expect(push).toMatchObject({ do: "push", pushed: k.git("rev-parse", "--short=7", "HEAD").trim() });
      expect(existsSync(join(r.keptAt!, "origin.git"))).toBe(true);
      expect(k.git("rev-parse", "origin/main")).toBe(k.git("rev-parse", "HEAD"));
      expect(r.dirtyCommitsEffective).toBe(true);
    });
  });

  it("a turn step's plan input: D is everything git status lists (untracked too), E what the turn edited", async () => {
    await withKept({ files: { "a.py": "a\n" }, dirty: { "n.md": "note\n" }, chat: ["a.py"], edited: { "a.py": "b\n" }, options: { autoCommits: false } }, (k) => {
      const t = k.report.steps[0]!;
      expect(t.do).toBe("turn");
      if (t.do !== "turn") return;
      expect(t.planInput).toMatchObject({ dirtyFiles: ["n.md"], editedFiles: ["a.py"], autoCommits: false });
      expect(t.plan).toMatchObject({ afterEdit: [], unrelatedDirty: ["n.md"] });
      expect(t.commits).toEqual([]);
      expect(k.commits()).toEqual([]);
      expect(k.report.dirtyCommitsEffective).toBe(false);
      expect(t.comparison.rows.every((row) => row.agree)).toBe(true);
    });
  });

  it("withPatch gives every commit its patch; without keep the sandbox is gone afterwards", async () => {
    await withTmpdir(async (tmp) => {
      const r = await runScenario(parseScenario({ files: { "a.py": "a\n" }, chat: ["a.py"], edited: { "a.py": "b\n" } }), { withPatch: true });
      expect(r.keptAt).toBeNull();
      expect(r.setup.initialCommit!.patch).toContain("+a\n");
      expect(r.final.commits[0]!.patch).toContain("-a\n+b\n");
      expect(readdirSync(tmp)).toEqual([]);
    });
  });

  it("bad input: an option named in one line before any sandbox exists; a turn's chat file that does not exist", async () => {
    await withTmpdir(async (tmp) => {
      const bad = { ...parseScenario({}), options: { dryRun: "no" } } as unknown as Scenario;
      await expect(runScenario(bad)).rejects.toThrow("scenario: options.dryRun must be a boolean");
      await expect(runScenario(parseScenario({ options: { dryRun: "yes" } }))).rejects.toThrow(/options\.dryRun must be a boolean/);
      await expect(runScenario(parseScenario({ options: { attributeAuthor: 1 } }))).rejects.toThrow(/settings\.attributeAuthor must be a boolean/);
      const missing = parseScenario({ files: { "a.py": "a\n" }, steps: [{ do: "turn", chat: ["gone.py"], edited: { "a.py": "b\n" } }] });
      await expect(runScenario(missing)).rejects.toThrow("scenario: turn chat[0] must name a file that exists");
      expect(readdirSync(tmp)).toEqual([]);
    });
  });
});
