/**
 * Runs a parsed scenario in a fresh sandbox and reports, per step, what Aider printed, what `commitPlan`
 * predicted (for turns) and what git really did: each commit (message, author, committer, files), the files
 * still staged, modified and untracked, and where plan and git differ with the reason (`compare.ts`). The sandbox
 * is removed afterwards unless `keep` is set.
 */
import { join } from "node:path";
import { WorkbenchInputError } from "../core/errors.js";
import { DEFAULT_FENCE } from "../editblock/fence.js";
import { slashCommit, type CommitResult } from "./aider/commit.js";
import { AiderLog, type AiderMessage } from "./aider/io.js";
import { scenarioCoder } from "./aider/edit-format.js";
import { AiderSession, checkGitOptions, type GitOptions } from "./aider/session.js";
import { runTurn, type TurnResult } from "./aider/turn.js";
import { undo, type UndoResult } from "./aider/undo.js";
import { comparePlanWithGit, type PlanComparison } from "./compare.js";
import { runGit } from "./sandbox/git-cli.js";
import { commitsSince, dirtyPaths, readCommit, repoState, snapshotFiles, type CommitInfo, type RepoState } from "./sandbox/observe.js";
import { Sandbox, SANDBOX_BRANCH, SANDBOX_USER } from "./sandbox/sandbox.js";
import type { Scenario, ScenarioStep, TurnEdits } from "./scenario.js";
import { teachingCommitPlan, type CommitPlan, type CommitPlanInput } from "./teaching/commit-plan.js";

/** A commit made during a step, with the role it played. */
export interface StepCommit extends CommitInfo {
  role: "dirty commit (the user's changes)" | "Aider's edit" | "/commit" | "initial (scenario files)";
  /** True when the message is the workbench's stand-in for the model-written one. */
  standInMessage: boolean;
}

export interface TurnStepReport {
  do: "turn";
  format: string;
  chat: string[];
  before: RepoState;
  planInput: CommitPlanInput;
  plan: CommitPlan;
  turn: TurnResult;
  commits: StepCommit[];
  after: RepoState;
  comparison: PlanComparison;
}

export type StepReport =
  | TurnStepReport
  | { do: "undo"; result: UndoResult; after: RepoState }
  | { do: "commit"; result: CommitResult; messages: AiderMessage[]; commits: StepCommit[]; after: RepoState }
  | { do: "write" | "stage"; files: string[]; after: RepoState }
  | { do: "push"; pushed: string; after: RepoState };

export interface ScenarioReport {
  name: string | null;
  description: string | null;
  options: GitOptions;
  /** dirty_commits after Aider's constructor (false when auto commits are off). */
  dirtyCommitsEffective: boolean;
  setup: { initialCommit: StepCommit | null; state: RepoState };
  steps: StepReport[];
  final: { state: RepoState; commits: StepCommit[] };
  /** Where the sandbox was, when kept. */
  keptAt: string | null;
}

export interface RunOptions {
  /** Include each commit's patch. */
  withPatch?: boolean;
  /** Keep the sandbox directory (its path is reported). */
  keep?: boolean;
}

/** Runs `scenario` in a fresh sandbox. */
export async function runScenario(scenario: Scenario, run: RunOptions = {}): Promise<ScenarioReport> {
  const options = checkGitOptions("scenario", scenario.options);
  const box = await Sandbox.create();
  try {
    return await new ScenarioRun(box, options, run).run(scenario);
  } finally {
    if (!run.keep) box.dispose();
  }
}

/**
 * Sets a sandbox up as a scenario says: its files committed first (by the sandbox user), then the staged changes
 * (written and `git add`ed), then the uncommitted changes (null deletes). Returns the first commit, if any.
 */
export async function prepareSandbox(
  box: Sandbox,
  sc: Pick<Scenario, "files" | "staged" | "dirty">,
  withPatch = false,
): Promise<CommitInfo | null> {
  const filePaths = Object.keys(sc.files);
  for (const p of filePaths) box.write(p, sc.files[p]!);
  let initial: CommitInfo | null = null;
  if (filePaths.length > 0) {
    await runGit(box.git, ["add", "--", ...filePaths]);
    await runGit(box.git, ["commit", "--quiet", "--no-verify", "-m", "Initial commit (scenario files)"], { env: box.nextCommitDates() });
    initial = await readCommit(box.git, "HEAD", withPatch);
  }
  for (const [p, c] of Object.entries(sc.staged)) box.write(p, c);
  if (Object.keys(sc.staged).length > 0) await runGit(box.git, ["add", "--", ...Object.keys(sc.staged)]);
  for (const [p, c] of Object.entries(sc.dirty)) box.write(p, c);
  return initial;
}

/** One scenario's run: the sandbox, the session, and what is known about each commit made. */
class ScenarioRun {
  private readonly roles = new Map<string, StepCommit["role"]>();
  private readonly standIns = new Set<string>();
  private readonly cache = new Map<string, CommitInfo>();
  private session!: AiderSession;

  constructor(
    private readonly box: Sandbox,
    private readonly options: GitOptions,
    private readonly opts: RunOptions,
  ) {}

  async run(sc: Scenario): Promise<ScenarioReport> {
    const initial = await prepareSandbox(this.box, sc, this.withPatch);
    if (initial) this.roles.set(initial.sha, "initial (scenario files)");
    const initialCommit = initial ? this.tag(initial) : null;
    this.session = new AiderSession(this.box, { options: this.options, settings: sc.settings, answers: sc.answers, chat: sc.chat });
    const setupState = await repoState(this.box.git);
    const steps: StepReport[] = [];
    for (const step of sc.steps) steps.push(await this.step(step));
    const commits = await commitsSince(this.box.git, initial?.fullSha ?? null, { withPatch: this.withPatch, cache: this.cache });
    return {
      name: sc.name,
      description: sc.description,
      options: this.options,
      dirtyCommitsEffective: this.session.dirtyCommits,
      setup: { initialCommit, state: setupState },
      steps,
      final: { state: await repoState(this.box.git), commits: commits.map((c) => this.tag(c)) },
      keptAt: this.opts.keep ? this.box.dir : null,
    };
  }

  private get withPatch(): boolean {
    return this.opts.withPatch ?? false;
  }

  private tag(c: CommitInfo): StepCommit {
    return { ...c, role: this.roles.get(c.sha) ?? "/commit", standInMessage: this.standIns.has(c.sha) };
  }

  private note(r: CommitResult | null, role: StepCommit["role"]): void {
    if (r?.kind !== "committed") return;
    this.roles.set(r.sha, role);
    if (r.standIn) this.standIns.add(r.sha);
  }

  /** The commits made since `head` (null: since the root), tagged with their roles. */
  private async commitsAfter(head: string | null): Promise<StepCommit[]> {
    return (await commitsSince(this.box.git, head, { withPatch: this.withPatch, cache: this.cache })).map((c) => this.tag(c));
  }

  private async step(step: ScenarioStep): Promise<StepReport> {
    const { box, session } = this;
    const headBefore = (await runGit(box.git, ["rev-parse", "--verify", "--quiet", "HEAD"], { okCodes: [1] })).stdout.trim() || null;
    switch (step.do) {
      case "turn":
        return this.turnStep(step.edits, step.chat, headBefore);
      case "undo":
        return { do: "undo", result: await undo(session), after: await repoState(box.git) };
      case "commit": {
        const log = new AiderLog();
        const result = await slashCommit(session.repo, log, { message: step.message, settings: session.settings });
        this.note(result, "/commit");
        return { do: "commit", result, messages: log.messages, commits: await this.commitsAfter(headBefore), after: await repoState(box.git) };
      }
      case "write":
      case "stage": {
        for (const [p, c] of Object.entries(step.files)) box.write(p, c);
        if (step.do === "stage") await runGit(box.git, ["add", "--", ...Object.keys(step.files)]);
        return { do: step.do, files: Object.keys(step.files), after: await repoState(box.git) };
      }
      case "push": {
        const origin = join(box.dir, "origin.git");
        if (!(await runGit(box.git, ["remote"])).stdout.split("\n").includes("origin")) {
          await runGit(box.git, ["init", "--quiet", "--bare", "--template=", origin]);
          await runGit(box.git, ["remote", "add", "origin", origin]);
        }
        await runGit(box.git, ["push", "--quiet", "origin", SANDBOX_BRANCH]);
        const pushed = (await runGit(box.git, ["rev-parse", "HEAD"])).stdout.trim().slice(0, 7);
        return { do: "push", pushed, after: await repoState(box.git) };
      }
    }
  }

  private async turnStep(edits: TurnEdits, addToChat: string[], headBefore: string | null): Promise<TurnStepReport> {
    const { box, session, options } = this;
    addToChat.forEach((p, i) => {
      if (!box.exists(p)) throw new WorkbenchInputError("scenario", `turn chat[${i}]`, "must name a file that exists", p);
      session.chat.add(p);
    });
    const chat = [...session.chat];
    const before = await repoState(box.git);
    const D = dirtyPaths(before);
    const targets = edits.kind === "whole" ? edits.edits.map((e) => e.path) : edits.edits.map((e) => e.path);
    const watched = [...new Set([...D, ...targets])];
    const read = (p: string) => box.readBytes(p);
    const snapBefore = await snapshotFiles(box.git, read, watched);
    const turn = await runTurn(session, scenarioCoder(edits), { reply: "", fence: DEFAULT_FENCE });
    this.note(turn.dirtyCommit, "dirty commit (the user's changes)");
    this.note(turn.autoCommit, "Aider's edit");
    const commits = await this.commitsAfter(headBefore);
    const after = await repoState(box.git);
    const snapAfter = await snapshotFiles(box.git, read, watched);
    const E = turn.edited;
    const planInput: CommitPlanInput = { dirtyFiles: D, editedFiles: E, ...options };
    const plan = teachingCommitPlan(planInput);
    const bySha = (r: CommitResult | null) => (r?.kind === "committed" ? (commits.find((c) => c.sha === r.sha) ?? null) : null);
    const comparison = comparePlanWithGit({
      options,
      D,
      E,
      plan,
      turn,
      dirtyCommit: bySha(turn.dirtyCommit),
      autoCommit: bySha(turn.autoCommit),
      before,
      after,
      snapBefore,
      snapAfter,
    });
    return { do: "turn", format: turn.format, chat, before, planInput, plan, turn, commits, after, comparison };
  }
}

/** The identity the sandbox commits as (for reports). */
export const SANDBOX_IDENTITY = `${SANDBOX_USER.name} <${SANDBOX_USER.email}>`;
