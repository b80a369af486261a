/**
 * @aider-workbench/lib/git — git checkpoints: the seed page's commit plan and Aider's turn at 5dc9490
 * (`aider/coders/base_coder.py` dirty_commit/auto_commit, `aider/repo.py` `GitRepo.commit`, `aider/commands.py`
 * cmd_undo) run in a sandbox repository, and scenarios that compare the two. See README.md.
 */

// teaching model (seed 000, knowledge point 3)
export { COMMIT_PLAN_DEFAULTS, teachingCommitPlan, type CommitPlan, type CommitPlanInput } from "./teaching/commit-plan.js";

// Aider's turn, commit and /undo in a sandbox
export { runTurn, type TurnInput, type TurnResult } from "./aider/turn.js";
export { undo, type UndoResult } from "./aider/undo.js";
export { COMMIT_SETTINGS_DEFAULTS, gitRepoCommit, slashCommit } from "./aider/commit.js";
export { AiderRepo } from "./aider/repo.js";
export { AiderLog } from "./aider/io.js";
export { Sandbox, withSandbox } from "./sandbox/sandbox.js";
// what notebook 05 reads of a sandbox repository: git itself, a commit, the working tree's state
export { runGit } from "./sandbox/git-cli.js";
export { dirtyPaths, readCommit, repoState } from "./sandbox/observe.js";

// scenarios: a script of turns, run on git and compared with the plan
export { parseScenario, type Scenario } from "./scenario.js";
export { runScenario, type ScenarioReport, type TurnStepReport } from "./scenario-run.js";
export { renderScenarioReport } from "./scenario-text.js";
export { comparePlanWithGit, type PlanComparison } from "./compare.js";
