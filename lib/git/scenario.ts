/**
 * A git scenario: files committed first, the user's staged and uncommitted changes, a turn's
 * edits, the chat, the options and the user's answers, then optional steps (another turn, `/undo`, `/commit`,
 * the user writing or staging files, a push to a sandbox origin). `parseScenario` checks a JSON value — every
 * path against the sandbox rules — and names the first bad field.
 *
 * Shape: { name?, description?, files: {path: content}, staged?: {path: content}, dirty?: {path: content|null},
 *   chat?: [path], edited?: {path: content} | edits?: [[path, search, replace]], options?: {...}, answers?: {...},
 *   steps?: [{do: "turn"|"undo"|"commit"|"write"|"stage"|"push", …}] }
 */
import { WorkbenchInputError } from "../core/errors.js";
import { rejectUnknownKeys, requireArray, requireRecord, requireString, requireStringArray } from "../core/validate.js";
import { COMMIT_SETTINGS_DEFAULTS, type CommitSettings } from "./aider/commit.js";
import type { EditBlock } from "../editblock/parse.js";
import { wholeFileEdits, type ScenarioEdits } from "./aider/edit-format.js";
import { GIT_OPTIONS_DEFAULTS, type Answers, type GitOptions } from "./aider/session.js";
import { checkSandboxPath } from "./sandbox/sandbox.js";

/** The edits of one turn: whole new contents, or SEARCH/REPLACE blocks. */
export type TurnEdits = ScenarioEdits;

export type ScenarioStep =
  | { do: "turn"; edits: TurnEdits; chat: string[] }
  | { do: "undo" }
  | { do: "commit"; message: string | null }
  | { do: "write"; files: Record<string, string | null> }
  | { do: "stage"; files: Record<string, string> }
  | { do: "push" };

export interface Scenario {
  name: string | null;
  description: string | null;
  files: Record<string, string>;
  staged: Record<string, string>;
  dirty: Record<string, string | null>;
  chat: string[];
  options: Partial<GitOptions>;
  settings: Partial<CommitSettings>;
  answers: Partial<Answers>;
  /** The top-level turn (first step) followed by `steps`. */
  steps: ScenarioStep[];
}

const W = "scenario";
const TOP_KEYS = ["name", "description", "files", "staged", "dirty", "chat", "edited", "edits", "options", "answers", "steps"];
const OPTION_KEYS = [...Object.keys(GIT_OPTIONS_DEFAULTS), ...Object.keys(COMMIT_SETTINGS_DEFAULTS)];

/** Checks a scenario JSON value; throws `WorkbenchInputError` naming the first bad field. */
export function parseScenario(value: unknown): Scenario {
  const s = requireRecord(W, "scenario", value);
  rejectUnknownKeys(W, "scenario", s, TOP_KEYS);
  const options = requireRecord(W, "options", s.options ?? {});
  rejectUnknownKeys(W, "options", options, OPTION_KEYS);
  const pick = (keys: string[]) => Object.fromEntries(Object.entries(options).filter(([k]) => keys.includes(k)));
  const steps: ScenarioStep[] = [];
  const first = turnEdits("", s);
  if (first) steps.push({ do: "turn", edits: first, chat: [] });
  requireArray(W, "steps", s.steps ?? []).forEach((step, i) => steps.push(parseStep(`steps[${i}]`, step)));
  return {
    name: s.name === undefined ? null : requireString(W, "name", s.name),
    description: s.description === undefined ? null : requireString(W, "description", s.description),
    files: contents("files", s.files ?? {}, false) as Record<string, string>,
    staged: contents("staged", s.staged ?? {}, false) as Record<string, string>,
    dirty: contents("dirty", s.dirty ?? {}, true),
    chat: paths("chat", s.chat ?? []),
    options: pick(Object.keys(GIT_OPTIONS_DEFAULTS)) as Partial<GitOptions>,
    settings: pick(Object.keys(COMMIT_SETTINGS_DEFAULTS)) as Partial<CommitSettings>,
    answers: requireRecord(W, "answers", s.answers ?? {}) as Partial<Answers>,
    steps,
  };
}

function parseStep(param: string, value: unknown): ScenarioStep {
  const st = requireRecord(W, param, value);
  const kind = st.do;
  const known: Record<string, string[]> = {
    turn: ["do", "edited", "edits", "chat"],
    undo: ["do"],
    commit: ["do", "message"],
    write: ["do", "files"],
    stage: ["do", "files"],
    push: ["do"],
  };
  if (typeof kind !== "string" || !(kind in known)) {
    throw new WorkbenchInputError(W, `${param}.do`, `must be one of ${Object.keys(known).join(", ")}`, kind);
  }
  rejectUnknownKeys(W, param, st, known[kind]!);
  switch (kind) {
    case "turn": {
      const edits = turnEdits(`${param}.`, st);
      if (!edits) throw new WorkbenchInputError(W, param, "needs edited or edits");
      return { do: "turn", edits, chat: paths(`${param}.chat`, st.chat ?? []) };
    }
    case "commit":
      return { do: "commit", message: st.message === undefined ? null : requireString(W, `${param}.message`, st.message) };
    case "write":
      return { do: "write", files: contents(`${param}.files`, st.files, true) };
    case "stage":
      return { do: "stage", files: contents(`${param}.files`, st.files, false) as Record<string, string> };
    default:
      return { do: kind as "undo" | "push" };
  }
}

function turnEdits(prefix: string, rec: Record<string, unknown>): TurnEdits | null {
  if (rec.edited !== undefined && rec.edits !== undefined) {
    throw new WorkbenchInputError(W, `${prefix}edited`, "cannot be given together with edits (one edit format per turn)");
  }
  if (rec.edited !== undefined) return { kind: "whole", edits: wholeFileEdits(W, rec.edited) };
  if (rec.edits === undefined) return null;
  const blocks = requireArray(W, `${prefix}edits`, rec.edits).map((b, i) => {
    const p = `${prefix}edits[${i}]`;
    const t = requireArray(W, p, b);
    if (t.length !== 3) throw new WorkbenchInputError(W, p, "must be [path, search, replace]", b);
    checkSandboxPath(W, `${p}[0]`, t[0]);
    const [path, search, replace] = [0, 1, 2].map((k) => requireString(W, `${p}[${k}]`, t[k])) as [string, string, string];
    return { path, search, replace };
  });
  return { kind: "editblock", edits: blocks };
}

function contents(param: string, value: unknown, allowNull: boolean): Record<string, string | null> {
  const rec = requireRecord(W, param, value);
  for (const [p, c] of Object.entries(rec)) {
    const where = `${param}[${JSON.stringify(p)}]`;
    checkSandboxPath(W, where, p);
    if (!(allowNull && c === null)) {
      if (typeof c !== "string") throw new WorkbenchInputError(W, where, allowNull ? "must be a string (the contents) or null (deleted)" : "must be a string (the contents)", c);
    }
  }
  return rec as Record<string, string | null>;
}

function paths(param: string, value: unknown): string[] {
  return requireStringArray(W, param, value).map((p, i) => checkSandboxPath(W, `${param}[${i}]`, p));
}
