// lib/git/scenario-text.ts: the scenario report as text, from reports built by hand (no git): the header, the
// setup, each kind of step, plan vs git with its reasons and notes, the final state and the stand-in footnote.
import { describe, expect, it } from "vitest";
import { GIT_OPTIONS_DEFAULTS } from "../../lib/git/aider/session.js";
import type { UndoResult } from "../../lib/git/aider/undo.js";
import type { ScenarioReport, StepCommit, StepReport, TurnStepReport } from "../../lib/git/scenario-run.js";
import { SANDBOX_IDENTITY } from "../../lib/git/scenario-run.js";
import { renderScenarioReport } from "../../lib/git/scenario-text.js";

const state = (modified: string[] = [], staged: string[] = [], untracked: string[] = []) => ({ modified, staged, untracked });
const commit = (sha: string, message: string, role: StepCommit["role"], over: Partial<StepCommit> = {}): StepCommit => ({
  sha,
  fullSha: sha.padEnd(40, "0"),
  parents: 1,
  subject: message.split("\n")[0]!,
  message,
  author: "Workbench User",
  committer: "Workbench User",
  files: [{ path: "a.py", status: "M", added: 2, deleted: 1 }],
  standInMessage: false,
  role,
  ...over,
});
function report(steps: StepReport[], over: Partial<ScenarioReport> = {}): ScenarioReport {
  return {
    name: "t",
    description: null,
    options: { ...GIT_OPTIONS_DEFAULTS },
    dirtyCommitsEffective: true,
    setup: { initialCommit: null, state: state() },
    steps,
    final: { state: state(), commits: [] },
    keptAt: null,
    ...over,
  };
}
const undoResult = (u: Partial<UndoResult>): UndoResult => ({ outcome: "undone", refusal: null, restored: [], unrestored: [], removed: null, nowAt: null, messages: [], ...u });
const lines = (r: ScenarioReport) => renderScenarioReport(r).split("\n");

describe("renderScenarioReport — header, setup and final state", () => {
  it("names the scenario, the sandbox, the options; says when dirtyCommits is forced off; ends with one newline", () => {
    const text = renderScenarioReport(report([], { name: null, options: { ...GIT_OPTIONS_DEFAULTS, autoCommits: false }, dirtyCommitsEffective: false }));
    const [first, sandbox, options] = text.split("\n");
    expect(first).toBe("Scenario: (unnamed)");
    expect(sandbox).toBe(`Sandbox: a fresh temporary git repository, removed afterwards; commits by ${SANDBOX_IDENTITY}, dates from a fixed clock`);
    expect(options).toBe("Options: autoCommits=false dirtyCommits=true (forced off: autoCommits=false) dryRun=false gitEnabled=true");
    expect(text.endsWith("untracked -\n")).toBe(true);
    expect(text).toContain("  no files committed (the branch has no commits yet)");
    expect(text).toContain("  commits since setup: none");
  });

  it("a kept sandbox says where; a long description wraps under 116 columns", () => {
    const description = Array.from({ length: 40 }, (_, i) => `word${i}`).join(" ");
    const out = lines(report([], { keptAt: "/tmp/box", description }));
    expect(out.find((l) => l.startsWith("Sandbox:"))).toMatch(/^Sandbox: a fresh temporary git repository kept at \/tmp\/box;/);
    const wrapped = out.filter((l) => l.startsWith("  word"));
    expect(wrapped.length).toBeGreaterThan(1);
    expect(wrapped.every((l) => l.length <= 116)).toBe(true);
    expect(wrapped.join(" ").replace(/\s+/g, " ").trim()).toBe(description);
  });

  it("the initial commit with its files, message lines and the stand-in footnote when a message is one", () => {
    const initial = commit("1111111", "Initial commit (scenario files)", "initial (scenario files)", {
      files: [{ path: "a.py", status: "A", added: 3, deleted: 0 }, { path: "img.png", status: "A", added: null, deleted: null }],
    });
    const aider = commit("2222222", "feat: x\n\nCo-authored-by: aider", "Aider's edit", { standInMessage: true });
    const out = lines(report([], { setup: { initialCommit: initial, state: state(["a.py"]) }, final: { state: state([], ["s.py"], ["u.py"]), commits: [aider] } }));
    expect(out).toContain("  commit 1111111  initial (scenario files)");
    expect(out).toContain("    files:     A a.py (+3 -0), A img.png (binary)");
    expect(out).toContain("  before the first step: modified a.py · staged - · untracked -");
    expect(out).toContain("    2222222 feat: x  (Aider's edit)");
    expect(out).toContain("  modified - · staged s.py · untracked u.py");
    expect(out.at(-2)).toMatch(/^Commit messages marked \[stand-in\] are the workbench's deterministic summaries/);
  });
});

describe("renderScenarioReport — steps", () => {
  it("a turn: messages by kind, the plan, git's commits with patch, and plan vs git with reasons and notes", () => {
    const turn: TurnStepReport = {
      do: "turn",
      format: "whole",
      chat: ["a.py"],
      before: state(["a.py"]),
      planInput: { dirtyFiles: ["a.py"], editedFiles: ["a.py"] },
      plan: { beforeEdit: ["a.py"], afterEdit: ["a.py"], unrelatedDirty: [], overlapWithoutCheckpoint: [], executesGit: false },
      turn: {
        format: "whole", update: { edited: [], reflectedMessage: null, numMalformedResponses: 0, parsed: 0, requested: [], refused: [], retargeted: [], dirtyPaths: [], gitError: null }, outcomes: [], shellCommands: [], requested: ["a.py"], edited: ["a.py"], refused: [], needCommitBeforeEdits: ["a.py"], dirtyCommit: null, autoCommit: null,
        reply: "I committed the changes with git hash 3333333 & commit msg: x",
        reflected: null,
        messages: [
          { kind: "ask", text: "Create new file?", subject: "n.py", answer: false },
          { kind: "note", text: "a remark" },
          { kind: "output", text: "Commit 3333333 x\nsecond line  \n" },
          { kind: "warning", text: "careful" },
        ],
      },
      commits: [commit("3333333", "x", "Aider's edit", { patch: "diff --git a/a.py b/a.py\n+new\n" })],
      after: state(),
      comparison: {
        rows: [
          { field: "beforeEdit", plan: ["a.py"], git: [], agree: false, reasons: ["a.py: git recorded no change for it in the dirty commit"] },
          { field: "afterEdit", plan: ["a.py"], git: ["a.py"], agree: true, reasons: [] },
        ],
        notes: ["a note"],
      },
    };
    const out = lines(report([turn]));
    const at = out.indexOf("Step 1: a turn (whole-file edits to a.py; chat: a.py)");
    expect(at).toBeGreaterThan(0);
    expect(out.slice(at + 1, at + 9)).toEqual([
      "  before: modified a.py · staged - · untracked -",
      "  Aider says:",
      "    [asks] Create new file? n.py -> no (the scenario's answer)",
      "    (workbench: a remark)",
      "    Commit 3333333 x",
      "      second line",
      "    [warning] careful",
      "  reply added to the chat: I committed the changes with git hash 3333333 & commit msg: x",
    ]);
    expect(out).toContain("  commitPlan predicts (set algebra, runs no git) for D = {a.py}, E = {a.py}:");
    expect(out).toContain(`    ${"unrelatedDirty".padEnd(26)}-`);
    expect(out).toContain("    commit 1 3333333  Aider's edit");
    expect(out).toContain("      | diff --git a/a.py b/a.py");
    expect(out).toContain("  Plan vs git: 1 field(s) differ");
    expect(out).toContain(`    ${"beforeEdit".padEnd(26)}plan a.py | git -`);
    expect(out).toContain("      why: a.py: git recorded no change for it in the dirty commit");
    expect(out).toContain(`    ${"afterEdit".padEnd(26)}agree: a.py`);
    expect(out).toContain("  Where the plan is silent:");
    expect(out).toContain("    - a note");
  });

  it("a SEARCH/REPLACE turn that agrees and made no commits", () => {
    const turn = {
      do: "turn", format: "editblock", chat: [], before: state(), planInput: { dirtyFiles: [], editedFiles: [] },
      plan: { beforeEdit: [], afterEdit: [], unrelatedDirty: [], overlapWithoutCheckpoint: [], executesGit: false },
      turn: { format: "editblock", update: { edited: [], reflectedMessage: null, numMalformedResponses: 0, parsed: 0, requested: [], refused: [], retargeted: [], dirtyPaths: [], gitError: null }, outcomes: [], shellCommands: [], requested: [], edited: [], refused: [], needCommitBeforeEdits: [], dirtyCommit: null, autoCommit: null, reply: null, reflected: null, messages: [] },
      commits: [], after: state(), comparison: { rows: [], notes: [] },
    } satisfies TurnStepReport;
    const out = lines(report([turn]));
    expect(out).toContain("Step 1: a turn (SEARCH/REPLACE edits to -; chat: -)");
    expect(out).toContain("    (nothing)");
    expect(out).toContain("    no commits");
    expect(out).toContain("  Plan vs git: they agree on every field");
    expect(out.some((l) => l.startsWith("  reply added"))).toBe(false);
    expect(out).not.toContain("  Where the plan is silent:");
  });

  it("/undo (undone, refused with its condition, aborted), /commit, write, stage and push", () => {
    const steps: StepReport[] = [
      { do: "undo", result: undoResult({ messages: [{ kind: "output", text: "Removed: 3333333 x" }] }), after: state() },
      { do: "undo", result: undoResult({ outcome: "refused", refusal: 3 }), after: state() },
      { do: "undo", result: undoResult({ outcome: "aborted" }), after: state() },
      { do: "commit", result: { kind: "nothing" }, messages: [], commits: [], after: state() },
      { do: "commit", result: { kind: "nothing" }, messages: [{ kind: "error", text: "Unable to commit: x" }], commits: [commit("4444444", "y", "/commit")], after: state() },
      { do: "write", files: ["a.py", "b.py"], after: state(["a.py", "b.py"]) },
      { do: "stage", files: ["a.py"], after: state([], ["a.py"]) },
      { do: "push", pushed: "4444444", after: state() },
    ];
    const out = lines(report(steps));
    for (const line of [
      "Step 1: /undo — undone",
      "    Removed: 3333333 x",
      "Step 2: /undo — refused (condition 3 of 7)",
      "Step 3: /undo — aborted: some files could not be restored",
      "Step 4: /commit — git commit -a (tracked changes only; attributed to the user)",
      "  no commit made",
      "    [error] Unable to commit: x",
      "  commit 1 4444444  /commit",
      "Step 6: the user edits a.py, b.py",
      "Step 7: the user edits and stages (git add) a.py",
      "  after: modified - · staged a.py · untracked -",
      "Step 8: git push origin (a bare repository inside the sandbox) — origin/main is now 4444444",
    ]) expect(out).toContain(line);
  });
});
