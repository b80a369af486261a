import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Sandbox, undo } from "../../../lib/index.js";
import { AiderSession } from "../../../lib/git/aider/session.js";
import { UNDO_NOT_AIDER_HINT } from "../../../lib/git/aider/undo.js";
import { type StepReport } from "../../../lib/git/scenario-run.js";
import { prepareSandbox } from "../../../lib/git/scenario-run.js";
import { withKept } from "../git-helpers.js";

const scenario = (name: string) => JSON.parse(readFileSync(new URL(`../../../lib/git/scenarios/${name}`, import.meta.url), "utf8")) as Record<string, unknown>;
const undos = (steps: StepReport[]) => steps.flatMap((s) => (s.do === "undo" ? [s.result] : []));
const errorText = (r: { messages: { kind: string; text: string }[] }) => r.messages.filter((m) => m.kind === "error").map((m) => m.text);

describe("/undo — the seven refusals, word for word", () => {
  it("1: no repository", async () => {
    await withKept(scenario("undo-no-git.json"), (k) => {
      const [u] = undos(k.report.steps);
      expect([u!.refusal, errorText(u!)]).toEqual([1, ["No git repository found."]]);
    });
  });

  it("2: HEAD has no parent", async () => {
    await withKept(scenario("undo-first-commit.json"), (k) => {
      const [u] = undos(k.report.steps);
      expect([u!.refusal, errorText(u!)]).toEqual([2, ["This is the first commit in the repository. Cannot undo."]]);
      expect(k.git("rev-list", "--count", "HEAD").trim()).toBe("1");
    });
  });

  it("3, 5, 7 and a successful undo (the undo tour)", async () => {
    await withKept(scenario("undo-tour.json"), (k) => {
      const [u5, u3, u7, ok] = undos(k.report.steps);
      expect([u5!.refusal, errorText(u5!)]).toEqual([5, ["The file app.py has uncommitted changes. Please stash them before undoing."]]);
      expect([u3!.refusal, errorText(u3!)]).toEqual([3, ["The last commit was not made by aider in this chat session."]]);
      expect(u3!.messages.at(-1)).toEqual({ kind: "output", text: UNDO_NOT_AIDER_HINT });
      expect([u7!.refusal, errorText(u7!)]).toEqual([7, ["The last commit has already been pushed to the origin. Undoing is not possible."]]);
      expect(ok!.outcome).toBe("undone");
      // checkout HEAD~1 -- files, then reset --soft: HEAD, index and work tree are all at the pushed commit
      const head = k.git("rev-parse", "HEAD").trim();
      expect(k.git("rev-parse", "origin/main").trim()).toBe(head);
      expect(ok!.messages.map((m) => m.text)).toEqual([ok!.removed && `Removed: ${ok!.removed}`, `Now at:  ${head.slice(0, 7)} Update app.py`]);
      expect(readFileSync(`${k.report.keptAt}/repo/app.py`, "utf8")).toBe(k.git("show", "HEAD:app.py"));
      expect(k.status().size).toBe(0);
    });
  });

  it("4: a merge commit (unreachable in a session: only if this session's hashes held a merge commit)", async () => {
    const box = await Sandbox.create();
    try {
      await prepareSandbox(box, { files: { "a.py": "a\n" }, staged: {}, dirty: {} });
      const env = { ...process.env, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" };
      const git = (...a: string[]) => execFileSync("git", a, { cwd: box.root, env, encoding: "utf8" });
      git("checkout", "-q", "-b", "side");
      box.write("b.py", "b\n");
      git("add", "b.py");
      git("commit", "-q", "-m", "side");
      git("checkout", "-q", "main");
      box.write("c.py", "c\n");
      git("add", "c.py");
      git("commit", "-q", "-m", "main");
      git("merge", "-q", "--no-ff", "-m", "merge", "side");
      const head = git("rev-parse", "HEAD").trim();
      const session = new AiderSession(box);
      session.aiderCommitHashes.add(head.slice(0, 7));
      const u = await undo(session);
      expect([u.refusal, errorText(u)]).toEqual([4, [`The last commit ${head} has more than 1 parent, can't undo.`]]);
      expect(git("rev-parse", "HEAD").trim()).toBe(head);
    } finally {
      box.dispose();
    }
  });

  it("6: the last commit created a file; and a dirty file is reported (5) before a created one (6)", async () => {
    const sc = { files: { "a.py": "a\n" }, chat: ["a.py"], edited: { "a.py": "a\nb\n", "new.py": "n\n" } };
    await withKept({ ...sc, steps: [{ do: "undo" }] }, (k) => {
      const [u] = undos(k.report.steps);
      expect([u!.refusal, errorText(u!)]).toEqual([6, ["The file new.py was not in the repository in the previous commit. Cannot undo safely."]]);
    });
    await withKept({ ...sc, steps: [{ do: "write", files: { "new.py": "n\nuser\n" } }, { do: "undo" }] }, (k) => {
      const [u] = undos(k.report.steps);
      expect([u!.refusal, errorText(u!)]).toEqual([5, ["The file new.py has uncommitted changes. Please stash them before undoing."]]);
    });
  });

  it("a dry run's dirty commit cannot be undone (it is the user's, not Aider's), though Aider showed the undo hint", async () => {
    await withKept(scenario("dry-run-dirty-commit.json"), (k) => {
      const turn = k.report.steps[0]!;
      expect(turn.do === "turn" && turn.turn.messages.map((m) => m.text)).toContain("You can use /undo to undo and discard each aider commit.");
      expect(undos(k.report.steps)[0]!.refusal).toBe(3);
    });
  });

  it("undo after a turn without dirty commits discards the user's hunk too (file-level)", async () => {
    await withKept(scenario("file-level-hunks.json"), (k) => {
      expect(undos(k.report.steps)[0]!.outcome).toBe("undone");
      const files = scenario("file-level-hunks.json").files as Record<string, string>;
      expect(readFileSync(`${k.report.keptAt}/repo/app.py`, "utf8")).toBe(files["app.py"]); // the user's import is gone
      expect(k.commits()).toEqual([]);
    });
  });
});
