/**
 * `workbench git-scenario <scenario.json> [--json] [--diff] [--keep]`: runs a git scenario in a fresh sandbox
 * repository and prints what `teachingCommitPlan` predicts beside what git really did, and why they differ
 * (lib/git/scenario.ts describes the scenario shape; lib/git/README.md the differences).
 */
import { parseScenario } from "../git/scenario.js";
import { runScenario } from "../git/scenario-run.js";
import { renderScenarioReport } from "../git/scenario-text.js";
import { inputLimitText, parseCommandArgs, readJsonFile, UsageError, type Command } from "./command.js";

export const gitScenarioCommand: Command = {
  name: "git-scenario",
  summary: "run a git scenario in a sandbox repository: teachingCommitPlan's prediction beside what git really did",
  usage: `Usage: workbench git-scenario <scenario.json | -> [--json] [--diff] [--keep]

Runs the scenario in a fresh temporary git repository (never your own; removed afterwards) the way Aider
(commit 5dc9490) would: the scenario's files are committed first, then the user's staged and uncommitted changes
are made, then Aider's turn and any further steps run. Prints, per turn, Aider's messages, what the teaching
teachingCommitPlan predicts, each commit git made (message, author, committer, files), the files still modified, staged
and untracked, and where plan and git differ, with the reason.

  --json   print the same report as one JSON object
  --diff   include each commit's patch
  --keep   keep the sandbox directory and print where it is

Scenario (JSON):
  { "name"?, "description"?,
    "files":  {path: content},          committed first
    "staged": {path: content},          the user's changes, git added
    "dirty":  {path: content | null},   the user's uncommitted changes (null: deleted)
    "chat":   [path…],                  files added to the chat
    "edited": {path: content}           the turn's edits as whole new contents, or
    "edits":  [[path, search, replace]…] SEARCH/REPLACE blocks (Aider's apply_edits, lib/editblock)
    "options": { autoCommits, dirtyCommits, dryRun, gitEnabled, attributeAuthor, attributeCommitter,
                 attributeCoAuthoredBy, attributeCommitMessageAuthor, attributeCommitMessageCommitter,
                 modelName, gitCommitVerify },
    "answers": { createNewFile, editFileNotInChat, byPath: {path: bool} },   default: yes
    "steps":  [ {"do": "undo"} | {"do": "commit", "message"?} | {"do": "turn", "edited"|"edits", "chat"?}
              | {"do": "write", "files"} | {"do": "stage", "files"} | {"do": "push"} ] }
The scenario file must be a regular file of at most ${inputLimitText("scenario")} (stdin: the same cap).
Examples: lib/git/scenarios/*.json`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("git-scenario", args, {
      json: { type: "boolean" },
      diff: { type: "boolean" },
      keep: { type: "boolean" },
    });
    if (positionals.length !== 1) {
      throw new UsageError(`git-scenario: give exactly one scenario file (or - for stdin)${positionals.length ? ` (got ${positionals.length})` : ""}`);
    }
    const scenario = parseScenario(readJsonFile("git-scenario", positionals[0]!, { kind: "scenario" }));
    const report = await runScenario(scenario, { withPatch: values.diff ?? false, keep: values.keep ?? false });
    io.stdout(values.json ? JSON.stringify(report, null, 2) + "\n" : renderScenarioReport(report));
    return 0;
  },
};
