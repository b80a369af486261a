import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runLoop, runSession, ScriptedModel, withGitWorkspace } from "../../lib/index.js";
import { AiderSession } from "../../lib/git/aider/session.js";
import { GitWorkspace } from "../../lib/loop/git-workspace.js";
import { runGit } from "../../lib/git/sandbox/git-cli.js";
import { edit, reply } from "./helpers.js";

/** A file's text in a commit, read back from git. */
const showAt = async (ws: GitWorkspace, sha: string, path: string) => (await runGit(ws.session.box.git, ["show", `${sha}:${path}`])).stdout;

describe("GitWorkspace — the loop on a real repository in a sandbox (`aider/coders/base_coder.py` `apply_updates`, `auto_commit`)", () => {
  it("partial success is committed before the failure is reflected; the fix is committed after", async () => {
    const model = new ScriptedModel([
      reply(edit("a.py", "one\n", "ONE\n"), edit("a.py", "three\n", "THREE\n")),
      reply(edit("a.py", "two\n", "TWO\n")),
    ]);
    await withGitWorkspace({ files: { "a.py": "one\ntwo\n" }, chat: ["a.py"] }, async (ws) => {
      const r = await runLoop({ workspace: ws, model, message: "upper-case every line" });
      const commits = await ws.commits();
      expect(commits.map((c) => c.files.map((f) => `${f.status} ${f.path}`))).toEqual([["M a.py"], ["M a.py"]]);
      expect(await showAt(ws, commits[0]!.sha, "a.py")).toBe("ONE\ntwo\n"); // committed in round 0, before the reflection
      expect(await showAt(ws, commits[1]!.sha, "a.py")).toBe("ONE\nTWO\n");
      const round0Commit = r.events.find((e) => e.kind === "commit" && e.round === 0)!;
      expect(round0Commit.summary).toBe(`auto_commit ${commits[0]!.sha}`);
      expect(round0Commit.ok).toBe(true); // a commit made is a passed step
      const replies = r.history.filter((m) => m.content.startsWith("I committed the changes")).map((m) => m.content);
      expect(replies).toEqual(commits.map((c) => `I committed the changes with git hash ${c.sha} & commit msg: ${c.subject}`));
      expect(r.commits.map((c) => c.sha)).toEqual(commits.map((c) => c.sha));
      expect(r.files).toEqual({ "a.py": "ONE\nTWO\n" });
    });
  });

  it("when every edit fails, auto_commit has nothing to commit: the history gets Aider's 'I didn't see any properly formatted edits'", async () => {
    const model = new ScriptedModel([reply(edit("a.py", "zzz\n", "q\n"))]);
    await withGitWorkspace({ files: { "a.py": "a\n" }, chat: ["a.py"] }, async (ws) => {
      const r = await runLoop({ workspace: ws, model, message: "go" }, { maxReflections: 0 });
      expect(await ws.commits()).toEqual([]);
      expect(r.events.filter((e) => e.kind === "commit").map((e) => e.ok)).toEqual([null]);
      expect(r.history.map((m) => m.content)).toContain("I didn't see any properly formatted edits in your reply?!");
    });
  });

  it("the user's uncommitted change to an edited file is committed first, as the user's, with the git class", async () => {
    const model = new ScriptedModel([reply(edit("a.py", "x = 1\n", "x = 2\n"))]);
    const setup = { files: { "a.py": "x = 1\n", "b.py": "b\n" }, dirty: { "a.py": "# mine\nx = 1\n", "b.py": "B\n" }, chat: ["a.py"] };
    await withGitWorkspace(setup, async (ws) => {
      const r = await runLoop({ workspace: ws, model, message: "go" });
      const commits = await ws.commits();
      expect(await showAt(ws, commits[0]!.sha, "a.py")).toBe("# mine\nx = 1\n");
      expect(await showAt(ws, commits[1]!.sha, "a.py")).toBe("# mine\nx = 2\n");
      expect(commits.flatMap((c) => c.files.map((f) => f.path))).toEqual(["a.py", "a.py"]); // b.py is left alone
      expect(r.events.find((e) => e.kind === "dirty-commit")).toMatchObject({ errorClass: "git", owner: "GitRepo / user" });
      expect(r.commits.map((c) => c.kind)).toEqual(["dirty", "aider"]);
      expect(r.files["b.py"]).toBe("B\n");
    });
  });

  it("a gitignored path is refused; tracked files outside the chat can be mentioned", async () => {
    const model = new ScriptedModel([reply(edit("secret.py", "", "KEY = 1\n")), "Please add lib/util.py."]);
    const setup = { files: { ".gitignore": "secret.py\n", "a.py": "a\n", "lib/util.py": "u\n" }, chat: ["a.py"] };
    await withGitWorkspace(setup, async (ws) => {
      expect(await ws.mentionable()).toEqual([".gitignore", "a.py", "lib/util.py"]);
      const r = await runLoop({ workspace: ws, model, message: "go" });
      expect(r.events.filter((e) => e.kind === "permission").map((e) => e.summary)).toEqual(["secret.py: edits dropped (allowed_to_edit refused)"]);
      expect(ws.read("secret.py")).toBeNull(); // refused before allowed_to_edit could create it
      expect(r.stopReason).toBe("done"); // nothing edited, nothing reflected
    });
    const m2 = new ScriptedModel(["Please add lib/util.py.", "no edits"]);
    await withGitWorkspace(setup, async (ws) => {
      const r = await runLoop({ workspace: ws, model: m2, message: "go" });
      expect(r.chatFiles).toEqual(["a.py", "lib/util.py"]);
      expect(r.counts.reflections).toBe(1);
    });
  });

  it("the sandbox is removed afterwards, and the workspace checks its session", async () => {
    let root = "";
    await withGitWorkspace({ files: { "a.py": "a\n" }, chat: [] }, async (ws) => {
      root = ws.session.box.root;
      expect(readFileSync(join(root, "a.py"), "utf8")).toBe("a\n");
    });
    expect(() => readFileSync(join(root, "a.py"))).toThrow(/ENOENT/);
    expect(() => new GitWorkspace({} as AiderSession)).toThrow("GitWorkspace: session must be an AiderSession");
  });

  it("the git example session: mention, dirty commit, the edits, Aider's commit", async () => {
    const session = JSON.parse(readFileSync("lib/loop/sessions/git-dirty-commit.json", "utf8")) as unknown;
    const run = await runSession(session);
    expect(run.workspace).toBe("git sandbox");
    expect(run.result.stopReason).toBe("done");
    expect(run.commits!.map((c) => c.files.map((f) => f.path).join(" "))).toEqual(["app.py", "app.py utils.py"]);
    expect(run.result.files["utils.py"]).toBe('def shout(text):\n    return text.upper() + "!"\n');
    expect(run.result.files["app.py"]).toContain("    # TODO: read the text from the command line\n    print(shout(\"hello world\"))\n");
  });
});
