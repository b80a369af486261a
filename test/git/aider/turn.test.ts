import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { teachingCommitPlan, runTurn, Sandbox, type TurnStepReport } from "../../../lib/index.js";
import { AiderSession } from "../../../lib/git/aider/session.js";
import { EditFormatValueError, type EditFormatCoder } from "../../../lib/editformats/coder.js";
import { DEFAULT_FENCE } from "../../../lib/editblock/fence.js";
import { prepareSandbox } from "../../../lib/git/scenario-run.js";
import { runKept, withKept, type Kept } from "../git-helpers.js";

const TRAILER = "Co-authored-by: aider (unknown-model) <aider@aider.chat>";
const seedExample = JSON.parse(readFileSync(new URL("../../../lib/git/scenarios/seed-example.json", import.meta.url), "utf8")) as {
  files: Record<string, string>;
  dirty: Record<string, string>;
  edited: Record<string, string>;
};
const turnOf = (r: { steps: unknown[] }) => r.steps[0] as TurnStepReport;

describe("a turn on a real repository — the seed's example", () => {
  let seed: Kept;
  beforeAll(async () => {
    seed = await runKept(seedExample);
  });
  afterAll(() => seed.cleanup());

  it("commit 1 holds app.py with the user's change, commit 2 app.py and new.py, notes.md stays modified", () => {
    const k = seed;
    const commits = k.commits();
    expect(commits.map((c) => c.files)).toEqual([["app.py"], ["app.py", "new.py"]]);
    const [dirty, aider] = commits as [(typeof commits)[0], (typeof commits)[0]];
    expect(k.show(dirty.sha, "app.py")).toBe(seedExample.dirty["app.py"]); // the user's change, checkpointed
    expect(k.show(aider.sha, "app.py")).toBe(seedExample.edited["app.py"]);
    expect(k.show(aider.sha, "new.py")).toBe(seedExample.edited["new.py"]);
    expect(k.show(dirty.sha, "notes.md")).toBe(seedExample.files["notes.md"]); // notes.md was not swept in
    expect(k.status()).toEqual(new Map([["notes.md", " M"]]));
    expect(k.git("show", "HEAD:notes.md")).toBe(seedExample.files["notes.md"]);
    // the report's prediction is commitPlan's on the same D and E
    const t = turnOf(k.report);
    expect(t.plan).toEqual(teachingCommitPlan({ dirtyFiles: ["app.py", "notes.md"], editedFiles: ["app.py", "new.py"] }));
    expect(t.comparison.rows.every((r) => r.agree)).toBe(true);
  });

  it("/undo after the turn that created new.py is refused with Aider's message, and nothing moves", () => {
    const k = seed;
    const undo = k.report.steps[1]!;
    expect(undo.do).toBe("undo");
    if (undo.do !== "undo") return;
    expect(undo.result.refusal).toBe(6);
    expect(undo.result.messages).toEqual([
      { kind: "error", text: "The file new.py was not in the repository in the previous commit. Cannot undo safely." },
    ]);
    expect(k.commits()).toHaveLength(2);
  });

  it("with autoCommits off: no commits; app.py and notes.md modified; new.py untracked", async () => {
    await withKept({ ...seedExample, steps: [], options: { autoCommits: false } }, (k) => {
      expect(k.commits()).toEqual([]);
      expect(k.status()).toEqual(new Map([["app.py", " M"], ["notes.md", " M"], ["new.py", "??"]]));
      expect(readFileSync(`${k.report.keptAt}/repo/app.py`, "utf8")).toBe(seedExample.edited["app.py"]);
      expect(turnOf(k.report).plan.overlapWithoutCheckpoint).toEqual(["app.py"]);
    });
  });

  it("attribution defaults: the dirty commit renames the committer only; Aider's commit adds the trailer only", () => {
    const [dirty, aider] = seed.commits();
    expect([dirty!.author, dirty!.committer, dirty!.message.includes("Co-authored-by")]).toEqual(["Workbench User", "Workbench User (aider)", false]);
    expect([aider!.author, aider!.committer]).toEqual(["Workbench User", "Workbench User"]);
    expect(aider!.message.endsWith(`\n\n${TRAILER}`)).toBe(true);
    expect(aider!.message.startsWith("aider: ")).toBe(false);
  });
});

describe("a turn — what the plan does not say", () => {
  it("dry run: nothing written and no Aider commit, but the user's change is still committed before the edit", async () => {
    const sc = { files: { "a.py": "a\n" }, dirty: { "a.py": "a\nuser\n" }, chat: ["a.py"], edited: { "a.py": "a\nuser\naider\n" }, options: { dryRun: true } };
    await withKept(sc, (k) => {
      expect(k.commits().map((c) => c.files)).toEqual([["a.py"]]);
      expect(k.git("show", "HEAD:a.py")).toBe("a\nuser\n");
      expect(readFileSync(`${k.report.keptAt}/repo/a.py`, "utf8")).toBe("a\nuser\n");
      const t = turnOf(k.report);
      expect(t.plan.beforeEdit).toEqual([]);
      const row = t.comparison.rows.find((r) => r.field === "beforeEdit")!;
      expect([row.agree, row.git]).toEqual([false, ["a.py"]]);
      expect(row.reasons.join(" ")).toMatch(/dry run: Aider's dirty_commit is not guarded by dry_run/);
      expect(t.turn.messages.map((m) => m.text)).toContain("Did not apply edit to a.py (--dry-run)");
    });
  });

  it("the file-level limitation: one user hunk and one Aider hunk end up whole in Aider's commit", async () => {
    const base = "top\n" + "mid\n".repeat(8) + "bottom\n";
    const user = base.replace("top\n", "top USER\n");
    const edited = user.replace("bottom\n", "bottom AIDER\n");
    const sc = { files: { "f.py": base }, dirty: { "f.py": user }, chat: ["f.py"], edited: { "f.py": edited }, options: { dirtyCommits: false } };
    await withKept(sc, (k) => {
      const [aider] = k.commits();
      expect(k.commits()).toHaveLength(1);
      expect(k.show(`${aider!.sha}~1`, "f.py")).toBe(base); // the parent has neither hunk
      expect(k.show(aider!.sha, "f.py")).toBe(edited); // Aider's commit has both
      const patch = k.git("show", "--format=", aider!.sha);
      expect(patch).toMatch(/^\+top USER$/m);
      expect(patch).toMatch(/^\+bottom AIDER$/m);
      expect(aider!.message).toContain(TRAILER); // the user's hunk is attributed to Aider
      expect(turnOf(k.report).comparison.notes.join("\n")).toMatch(/file-level: the Aider commit holds f\.py whole/);
    });
  });

  it("a staged change elsewhere stays staged through both commits; /commit (git commit -a) then takes it", async () => {
    const sc = {
      files: { "a.py": "a\n", "n.md": "n\n" },
      staged: { "n.md": "n\nstaged\n" },
      dirty: { "a.py": "a\nuser\n" },
      chat: ["a.py"],
      edited: { "a.py": "a\nuser\naider\n" },
      steps: [{ do: "commit" }],
    };
    await withKept(sc, (k) => {
      const turn = turnOf(k.report);
      expect(turn.after.staged).toEqual(["n.md"]);
      expect(k.commits().map((c) => c.files)).toEqual([["a.py"], ["a.py"], ["n.md"]]);
      const slash = k.commits()[2]!;
      expect([slash.author, slash.committer, slash.message.includes("Co-authored-by")]).toEqual(["Workbench User", "Workbench User (aider)", false]);
      expect(k.status().size).toBe(0);
    });
  });

  it("a staged change reverted in the work tree counts as dirty, but the checkpoint cannot hold it and drops it", async () => {
    const sc = {
      files: { "a.py": "a\n", "b.py": "b\n" },
      staged: { "b.py": "b\nstaged\n" },
      dirty: { "a.py": "a\nuser\n", "b.py": "b\n" },
      chat: ["a.py", "b.py"],
      edited: { "a.py": "a\nuser\naider\n", "b.py": "b\naider\n" },
    };
    await withKept(sc, (k) => {
      const t = turnOf(k.report);
      expect(t.turn.needCommitBeforeEdits.sort()).toEqual(["a.py", "b.py"]);
      expect(k.commits().map((c) => c.files)).toEqual([["a.py"], ["a.py", "b.py"]]);
      expect(k.show(k.commits()[0]!.sha, "b.py")).toBe("b\n"); // the staged "b\nstaged\n" was never committed
      const row = t.comparison.rows.find((r) => r.field === "beforeEdit")!;
      expect(row.agree).toBe(false);
      expect(row.reasons.join(" ")).toMatch(/b\.py counts as dirty .* the staged change is dropped from the index/);
    });
  });
});

describe("allowed_to_edit", () => {
  it("in chat / gitignored / new file (asked) / other existing file (asked), with the scenario's answers", async () => {
    const sc = {
      files: { ".gitignore": "*.log\n", "chat.py": "c\n", "other.py": "o\n", "yes.py": "y\n" },
      dirty: { "x.log": "log\n" },
      chat: ["chat.py"],
      edited: { "chat.py": "c2\n", "x.log": "log2\n", "new.py": "n\n", "no-new.py": "nn\n", "other.py": "o2\n", "yes.py": "y2\n" },
      answers: { editFileNotInChat: false, byPath: { "no-new.py": false, "yes.py": true } },
    };
    await withKept(sc, (k) => {
      const t = turnOf(k.report).turn;
      expect(t.edited).toEqual(["chat.py", "new.py", "yes.py"]);
      expect(t.refused).toEqual(["x.log", "no-new.py", "other.py"]);
      expect(t.messages.filter((m) => m.kind !== "note" && !m.text.startsWith("Applied")).map((m) => [m.kind, m.text, m.subject ?? null, m.answer ?? null])).toEqual([
        ["warning", "Skipping edits to x.log that matches gitignore spec.", null, null],
        ["ask", "Create new file?", "new.py", true],
        ["ask", "Create new file?", "no-new.py", false],
        ["output", "Skipping edits to no-new.py", null, null], // Aider's words for a declined question
        ["ask", "Allow edits to file that has not been added to the chat?", "other.py", false],
        ["output", "Skipping edits to other.py", null, null],
        ["ask", "Allow edits to file that has not been added to the chat?", "yes.py", true],
        ["output", "You can use /undo to undo and discard each aider commit.", null, null],
      ]);
      expect(k.commits().map((c) => c.files)).toEqual([["chat.py", "new.py", "yes.py"]]);
      expect(readFileSync(`${k.report.keptAt}/repo/x.log`, "utf8")).toBe("log\n");
      expect(k.status().size).toBe(0); // x.log is ignored, so git status does not list it
    });
  });
});

describe("the edit format is a parameter", () => {
  it("a failing edit is reflected, yet the files it touched are committed (partial success)", async () => {
    const box = await Sandbox.create();
    try {
      await prepareSandbox(box, { files: { "a.py": "a\n", "b.py": "b\n" }, staged: {}, dirty: {} });
      const session = new AiderSession(box, { chat: ["a.py", "b.py"] });
      const halfFails: EditFormatCoder<string> = {
        name: "half-fails",
        getEdits: (reply) => reply.split(" "),
        applyEditsDryRun: (edits) => [...edits],
        pathOf: (e) => e,
        applyEdits(edits, ctx) {
          ctx.files.writeText(edits[0]!, "changed\n");
          throw new EditFormatValueError("1 SEARCH/REPLACE block failed to match!");
        },
      };
      const t = await runTurn(session, halfFails, { reply: "a.py b.py", fence: DEFAULT_FENCE });
      expect(t.reflected).toBe("1 SEARCH/REPLACE block failed to match!");
      expect(t.messages.map((m) => m.text)).toContain("The LLM did not conform to the edit format.");
      expect(t.messages.some((m) => m.text.startsWith("Applied edit"))).toBe(false);
      expect(t.autoCommit?.kind).toBe("committed");
      expect(t.edited).toEqual(["a.py", "b.py"]);
      expect(session.aiderCommitHashes.size).toBe(1);
    } finally {
      box.dispose();
    }
  });
});

describe("dry run and untracked files", () => {
  it("dry run still runs `git add` for an untracked file allowed outside the chat (seen when no dirty commit absorbs it)", async () => {
    const sc = {
      files: { "a.py": "a\n" },
      dirty: { "u.py": "u\n" },
      edited: { "u.py": "u\naider\n" },
      options: { dryRun: true, dirtyCommits: false },
    };
    await withKept(sc, (k) => {
      expect(k.status()).toEqual(new Map([["u.py", "A "]]));
      expect(k.commits()).toEqual([]);
      expect(turnOf(k.report).comparison.notes.join("\n")).toMatch(/dry run still ran `git add u\.py`/);
    });
  });
});

describe("SEARCH/REPLACE edits through lib/editblock's apply_edits", () => {
  it("a failing block is reflected; the blocks that matched are written and committed first", async () => {
    const sc = JSON.parse(readFileSync(new URL("../../../lib/git/scenarios/search-replace.json", import.meta.url), "utf8")) as typeof seedExample;
    await withKept(sc, (k) => {
      const t = turnOf(k.report);
      expect(t.format).toBe("diff"); // Aider's edit_format name for SEARCH/REPLACE
      expect(t.turn.reflected).toMatch(/^# 1 SEARCH\/REPLACE block failed to match!\n\n## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in notes\.md\n/);
      expect(t.turn.reflected).toContain("# The other 2 SEARCH/REPLACE blocks were applied successfully.");
      const [dirty, aider] = k.commits();
      expect([dirty!.files, aider!.files]).toEqual([["app.py", "notes.md"], ["app.py", "new.py"]]);
      expect(k.show(aider!.sha, "app.py")).toBe(`${sc.dirty["app.py"]}\n\ndef farewell(name):\n    return 'Bye ' + name\n`);
      expect(k.show(aider!.sha, "new.py")).toBe("from app import farewell\n\nprint(farewell('world'))\n");
      expect(k.show(aider!.sha, "notes.md")).toBe(sc.dirty["notes.md"]); // the user's change, checkpointed; no edit
      const row = t.comparison.rows.find((r) => r.field === "afterEdit")!;
      expect([row.agree, row.reasons]).toEqual([false, ["the edit left notes.md identical to the last commit, so the Aider commit has no change for it"]]);
    });
  });

  it("an edit whose SEARCH is only in a chat file is re-targeted there before permission is asked", async () => {
    const sc = { files: { "app.py": "x = 1\n" }, chat: ["app.py"], edits: [["wrong.py", "x = 1\n", "x = 2\n"]] };
    await withKept(sc, (k) => {
      const t = turnOf(k.report).turn;
      expect([t.requested, t.edited]).toEqual([["app.py"], ["app.py"]]);
      expect(t.messages.some((m) => m.kind === "ask")).toBe(false);
      expect(k.commits().map((c) => c.files)).toEqual([["app.py"]]);
      expect(k.git("show", "HEAD:app.py")).toBe("x = 2\n");
    });
  });

  it("dry run with a new-file block: Aider's failure message reads the missing file and raises; the exception is reflected", async () => {
    const sc = { files: { "a.py": "a\n" }, dirty: { "a.py": "a\nuser\n" }, chat: ["a.py"], edits: [["new.py", "", "n = 1\n"]], options: { dryRun: true } };
    await withKept(sc, (k) => {
      const t = turnOf(k.report).turn;
      expect(t.messages.filter((m) => m.kind === "error").map((m) => m.text)).toEqual([
        "<root>/new.py: file not found error", // io.read_text of the file the dry run did not create
        "Exception while updating files:",
        "'NoneType' object has no attribute 'splitlines'",
      ]);
      expect(t.reflected).toBe("'NoneType' object has no attribute 'splitlines'");
      expect(t.edited).toEqual(["new.py"]);
      expect(k.commits()).toEqual([]); // a.py is not in E, so no dirty commit; dry run: no Aider commit
      expect(k.status()).toEqual(new Map([["a.py", " M"]])); // new.py was not created
    });
  });
});
