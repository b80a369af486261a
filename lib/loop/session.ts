/**
 * A loop session as JSON (what `workbench loop <session.json>` and the notebooks run): the files, the chat files,
 * the user's message, the scripted replies (and provider failures), and the lint/test outcomes. Texts may be
 * given as one string or as an array of lines (joined with "\n", with a final "\n"), so sessions stay readable.
 * With `git`, the session runs on a real repository in a sandbox (lib/git): the files are committed first, then the
 * user's staged and uncommitted changes are made. Example sessions are in lib/loop/sessions/.
 */
import { WorkbenchInputError } from "../core/errors.js";
import { rejectUnknownKeys, requireArray, requireBoolean, requireRecord, requireString } from "../core/validate.js";
import { scriptedCheck } from "./checks.js";
import { checkMessages, type ChatMessage } from "./context.js";
import { runLoop } from "./loop.js";
import { checkLoopOptions, type LoopOptions, type LoopResult } from "./loop-options.js";
import { checkScript, ScriptedModel, type LoopModel, type ScriptStep } from "./scripted-model.js";
import { GIT_OPTIONS_DEFAULTS, type GitOptions } from "../git/aider/session.js";
import type { CommitInfo } from "../git/sandbox/observe.js";
import { withGitWorkspace } from "./git-workspace.js";
import { runArchitect, type ArchitectResult } from "./architect.js";
import { defaultEditorEditFormat, requireEditFormat, type EditFormatName } from "../editformats/formats.js";
import { checkEditAnswers, MemoryWorkspace, type EditAnswers, type LoopWorkspace } from "./workspace.js";
import { checkSandboxPath } from "../git/sandbox/sandbox.js";

/** A session after checking: every text a string. */
export interface LoopSession {
  description: string;
  files: Record<string, string>;
  chat: string[];
  message: string;
  replies: ScriptStep[];
  repoMap: string | null;
  history: ChatMessage[];
  /** Lint outcomes, one per lint run (null = pass; after the list, lint passes); null: no linter. */
  lint: (string | null)[] | null;
  /** Test outcomes, one per test run (run only with options.autoTest); null: no test command. */
  test: (string | null)[] | null;
  answers: EditAnswers;
  /** A real repository (lib/git, in a sandbox): the files committed, then these changes; null: in memory, no git. */
  git: SessionGit | null;
  options: Partial<Pick<LoopOptions, "maxReflections" | "autoLint" | "autoTest" | "fixLintErrors" | "fixTestErrors" | "addMentionedFiles" | "retry">>;
  /** Aider's edit format for the replies (the editor's, with an architect). */
  editFormat: EditFormatName;
  /** The architect model's scripted steps (architect/editor mode: `replies` are then the editor's); null: none. */
  architect: ScriptStep[] | null;
}

/** The `git` part of a session: the user's staged and uncommitted changes, and Aider's git options. */
export interface SessionGit {
  staged: Record<string, string>;
  dirty: Record<string, string | null>;
  options: Partial<GitOptions>;
}

const SESSION_KEYS = ["description", "files", "chat", "message", "replies", "repoMap", "history", "lint", "test", "answers", "git", "options", "editFormat", "architect"];
const OPTION_KEYS = ["maxReflections", "autoLint", "autoTest", "fixLintErrors", "fixTestErrors", "addMentionedFiles", "retry"];

/** A text: a string, or an array of lines joined with "\n" plus a final "\n" ([] is ""). */
export function sessionText(where: string, param: string, value: unknown): string {
  if (typeof value === "string") return value;
  if (!Array.isArray(value)) throw new WorkbenchInputError(where, param, "must be a string or an array of lines", value);
  value.forEach((l, i) => {
    requireString(where, `${param}[${i}]`, l);
    if ((l as string).includes("\n")) throw new WorkbenchInputError(where, `${param}[${i}]`, "must be one line (no \\n) in an array of lines", l);
  });
  return value.length === 0 ? "" : value.join("\n") + "\n";
}

/**
 * A file name of the session, by the sandbox's rules in memory and git mode alike: relative,
 * normal form, no `..`, no `.git`; so `../outside.txt` is the same `WorkbenchInputError` in both.
 */
function sessionPath(where: string, param: string, path: string): string {
  return checkSandboxPath(where, `${param}[${JSON.stringify(path)}]`, path);
}

/** Checks a session object and normalises its texts. */
export function checkSession(session: unknown): LoopSession {
  const where = "loop session";
  const s = requireRecord(where, "session", session);
  rejectUnknownKeys(where, "session", s, SESSION_KEYS);
  const files = Object.fromEntries(
    Object.entries(requireRecord(where, "files", s.files)).map(([p, t]) => [sessionPath(where, "files", p), sessionText(where, `files[${JSON.stringify(p)}]`, t)]),
  );
  const replies = requireArray(where, "replies", s.replies).map((r, i) =>
    typeof r === "object" && r !== null && !Array.isArray(r) ? r : sessionText(where, `replies[${i}]`, r),
  );
  const outcomes = (name: "lint" | "test") =>
    s[name] === undefined ? null : requireArray(where, name, s[name]).map((o, i) => {
      if (o === null) return null;
      const text = sessionText(where, `${name}[${i}]`, o);
      if (text === "") throw new WorkbenchInputError(where, `${name}[${i}]`, "must be null (pass) or a non-empty error text", o);
      return text;
    });
  const options = requireRecord(where, "options", s.options ?? {});
  rejectUnknownKeys(where, "options", options, OPTION_KEYS);
  checkLoopOptions(where, options);
  return {
    description: s.description === undefined ? "" : requireString(where, "description", s.description),
    files,
    chat: requireArray(where, "chat", s.chat).map((p, i) => checkSandboxPath(where, `chat[${i}]`, p)),
    message: Array.isArray(s.message) ? sessionText(where, "message", s.message).slice(0, -1) : requireString(where, "message", s.message),
    replies: checkScript(where, "replies", replies),
    repoMap: s.repoMap === undefined || s.repoMap === null ? null : sessionText(where, "repoMap", s.repoMap),
    history: checkMessages(where, "history", s.history ?? []),
    lint: outcomes("lint"),
    test: outcomes("test"),
    answers: checkEditAnswers(where, s.answers ?? {}),
    git: s.git === undefined || s.git === false ? null : checkSessionGit(where, s.git),
    options: options as LoopSession["options"],
    ...sessionFormat(where, s),
  };
}

/** `editFormat` (default "diff"; with an architect, Aider's default editor format "editor-diff") and `architect`. */
function sessionFormat(where: string, s: Record<string, unknown>): Pick<LoopSession, "editFormat" | "architect"> {
  const architect =
    s.architect === undefined || s.architect === null
      ? null
      : checkScript(where, "architect", requireArray(where, "architect", s.architect).map((r, i) =>
          typeof r === "object" && r !== null && !Array.isArray(r) ? r : sessionText(where, `architect[${i}]`, r),
        ));
  const fallback = architect === null ? "diff" : defaultEditorEditFormat("diff");
  const editFormat = s.editFormat === undefined ? fallback : requireEditFormat(where, "editFormat", s.editFormat);
  return { editFormat, architect }; // every format runs in memory and on git: the same chain
}

/** `git: true`, or `{staged?, dirty?, options?}` with texts as elsewhere (a dirty null deletes the file). */
function checkSessionGit(where: string, value: unknown): SessionGit {
  if (value === true) return { staged: {}, dirty: {}, options: {} };
  const g = requireRecord(where, "git", value);
  rejectUnknownKeys(where, "git", g, ["staged", "dirty", "options"]);
  const texts = (name: "staged" | "dirty", allowNull: boolean) =>
    Object.fromEntries(
      Object.entries(requireRecord(where, `git.${name}`, g[name] ?? {})).map(([p, t]) => [
        sessionPath(where, `git.${name}`, p),
        allowNull && t === null ? null : sessionText(where, `git.${name}[${JSON.stringify(p)}]`, t),
      ]),
    );
  const options = requireRecord(where, "git.options", g.options ?? {});
  rejectUnknownKeys(where, "git.options", options, Object.keys(GIT_OPTIONS_DEFAULTS));
  for (const [k, v] of Object.entries(options)) requireBoolean(where, `git.options.${k}`, v);
  return { staged: texts("staged", false) as Record<string, string>, dirty: texts("dirty", true), options: options as Partial<GitOptions> };
}

/** The session's result, with the files it started from and the model (whose `requests` hold every prompt). */
export interface SessionRun<M extends LoopModel = ScriptedModel> {
  session: LoopSession;
  /** The workspace's description ("memory, no git", "git sandbox", …). */
  workspace: string;
  before: Record<string, string>;
  /** The session's scripted model (whose `requests` hold every prompt), or the model given to `runSession`. */
  model: M;
  result: LoopResult;
  /** With git: the commits the loop made, oldest first; null without git. */
  commits: CommitInfo[] | null;
  /** Architect/editor sessions: the architect stage (then `result` is the editor's run); null otherwise. */
  architect: ArchitectStage | null;
}

/** How to run a session: another model than its scripted replies (a real one, a replay), live listeners. */
export interface SessionRunOptions {
  /** The model to use instead of the session's `replies` (which are then ignored); null: the scripted replies. */
  model: LoopModel | null;
  onEvent: LoopOptions["onEvent"];
  onChunk: LoopOptions["onChunk"];
}

export const SESSION_RUN_DEFAULTS: Readonly<SessionRunOptions> = Object.freeze({ model: null, onEvent: null, onChunk: null });

/** The architect stage of a session run (`result` holds the editor's). */
export type ArchitectStage = Omit<ArchitectResult, "editor"> & { model: ScriptedModel; handedOff: boolean };

/** Runs a session (checked first): in memory, or with `git` in a fresh sandbox repository that is removed after. */
export async function runSession(session: unknown): Promise<SessionRun>;
export async function runSession<M extends LoopModel>(session: unknown, how: Partial<SessionRunOptions> & { model: M }): Promise<SessionRun<M>>;
export async function runSession(session: unknown, how: Partial<SessionRunOptions>): Promise<SessionRun<LoopModel>>;
export async function runSession(session: unknown, how: Partial<SessionRunOptions> = {}): Promise<SessionRun<LoopModel>> {
  const s = checkSession(session);
  const h = { ...SESSION_RUN_DEFAULTS, ...how };
  const model = h.model ?? new ScriptedModel(s.replies);
  const loopOptions = {
    ...s.options,
    onEvent: h.onEvent,
    onChunk: h.onChunk,
    repoMap: s.repoMap,
    history: s.history,
    lint: s.lint === null ? null : scriptedCheck(s.lint),
    test: s.test === null ? null : scriptedCheck(s.test),
    editFormat: s.editFormat,
  };
  const run = async (workspace: LoopWorkspace): Promise<Omit<SessionRun<LoopModel>, "commits">> => {
    const before = await workspace.snapshot();
    if (s.architect === null) {
      return { session: s, workspace: workspace.description, before, model, result: await runLoop({ workspace, model, message: s.message }, loopOptions), architect: null };
    }
    const architectModel = new ScriptedModel(s.architect, "architect (scripted)");
    const a = await runArchitect({ workspace, architect: architectModel, editor: model, message: s.message }, loopOptions);
    const { editor, ...stage } = a;
    const result = editor ?? (await emptyResult(workspace, a));
    return { session: s, workspace: workspace.description, before, model, result, architect: { ...stage, model: architectModel, handedOff: editor !== null } };
  };
  if (s.git === null) {
    return { ...(await run(new MemoryWorkspace(s.files, { chat: s.chat, answers: s.answers }))), commits: null };
  }
  const setup = { files: s.files, staged: s.git.staged, dirty: s.git.dirty, chat: s.chat, options: s.git.options, answers: s.answers };
  return withGitWorkspace(setup, async (ws) => ({ ...(await run(ws)), commits: await ws.commits() }));
}

/** The editor's result when nothing was handed off: no requests, the architect's stop. */
async function emptyResult(workspace: LoopWorkspace, a: ArchitectResult): Promise<LoopResult> {
  const last = a.events[a.events.length - 1]!;
  return {
    stopReason: last.summary.startsWith("done") ? "done" : "script-ended",
    events: [],
    counts: { requests: 0, providerAttempts: 0, providerRetries: 0, reflections: 0, malformedResponses: 0 },
    requests: [],
    history: a.history,
    current: [],
    chatFiles: workspace.chatFiles(),
    files: await workspace.snapshot(),
    commits: [],
    lintOutcome: null,
    testOutcome: null,
    usage: { promptTokens: null, completionTokens: null, cost: null },
  };
}
