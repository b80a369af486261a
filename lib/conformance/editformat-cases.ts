/**
 * What the four edit-format suites share (`aider/coders/udiff_coder.py, patch_coder.py, wholefile_coder.py`; golden README "Edit formats other than SEARCH/REPLACE"):
 * every case is `{id, category, function, input, expected, error}`. A function case is run and compared as
 * `{expected, error}` — `error` being `{type, message}` of the Python exception Aider raised (a ValueError for our
 * `EditFormatValueError`s). A coder-level `Coder.apply_updates (…)` case runs `applyUpdates` in a fresh in-memory
 * project and compares every field the case records (edited, reflected message, files, folders, io log …).
 */
import { PythonError } from "../core/pyerror.js";
import { DEFAULT_FENCE, type Fence } from "../editblock/fence.js";
import { applyUpdates, EditFormatValueError, type CoderContext, type EditFormatCoder } from "../editformats/coder.js";
import { ProjectFiles } from "../editformats/workspace.js";
import { readStringRecord } from "./editblock-fields.js";
import { readCases, VectorFormatError, type CaseReader } from "./format.js";
import { readStringList, sameJson } from "./read.js";
import type { CaseOutcome } from "./suite.js";

/** A Python exception as the vectors record it, or null. */
export type RecordedError = { type: string; message: string } | null;

/** Our exception → the vectors' `{type, message}`; anything else (a bug of ours) is rethrown. */
export function recordError(err: unknown): RecordedError {
  if (err instanceof PythonError) return { type: err.pythonType, message: err.pythonMessage };
  if (err instanceof EditFormatValueError) return { type: err.pythonType, message: err.message };
  throw err;
}

/** Runs `fn` and records `{expected, error}` as a vector does. */
export function capture(fn: () => unknown): { expected: unknown; error: RecordedError } {
  try {
    return { expected: fn(), error: null };
  } catch (err) {
    return { expected: null, error: recordError(err) };
  }
}

/** Compares what we produced with what Aider recorded; a malformed-case error is re-raised as a format error. */
export function outcome(id: string, expected: unknown, actual: () => unknown): CaseOutcome {
  const got = actual();
  return sameJson(expected, got) ? { id, passed: true } : { id, passed: false, expected, actual: got };
}

/** Reads an optional `fence` input (default triple backticks). */
export function readInputFence(c: CaseReader): Fence {
  if (!c.has("input.fence")) return DEFAULT_FENCE;
  const f = c.get<unknown[]>("input.fence", "array");
  if (f.length !== 2 || typeof f[0] !== "string" || typeof f[1] !== "string") throw new VectorFormatError(c.id, "input.fence", "must be [open, close]");
  return [f[0], f[1]];
}

/** A fresh project and coder context from a coder-level case's inputs. */
export function coderContext(c: CaseReader, files: Record<string, string>, chatFiles: string[]): CoderContext & { files: ProjectFiles } {
  const dryRun = c.optional<boolean>("input.dry_run", "boolean") ?? false;
  const confirm = c.optional<boolean>("input.confirm", "boolean") ?? true;
  const project = new ProjectFiles(files, { dryRun, confirm });
  return { files: project, chatFiles: new Set(chatFiles.map((p) => project.key(p))), fence: readInputFence(c), shellCommands: [] };
}

/** Runs a `Coder.apply_updates (…)` case through `coder`, comparing only the fields the case records. */
export async function runApplyUpdatesCase<E>(c: CaseReader, coder: EditFormatCoder<E>): Promise<CaseOutcome> {
  const files = readStringRecord(c, "input.files");
  const chat = readStringList(c, "input.chat_files");
  const reply = c.get<string>("input.partial_response_content", "string");
  const expected = c.get<Record<string, unknown>>("expected", "object");
  const ctx = coderContext(c, files, chat);
  const r = await applyUpdates(coder, reply, ctx);
  const all: Record<string, unknown> = {
    edited: r.edited,
    reflected_message: r.reflectedMessage,
    num_malformed_responses: r.numMalformedResponses,
    shell_commands: ctx.shellCommands,
    files_after: ctx.files.snapshot(),
    dirs_after: ctx.files.folders(),
    io: ctx.files.io,
  };
  const actual = Object.fromEntries(Object.keys(expected).map((k) => [k, all[k]]));
  return outcome(c.id, { expected, error: c.get("error", "any") }, () => ({ expected: actual, error: null }));
}

/** Dispatches each case of `file.cases` on its `function` field, in order; an unknown function is a format error. */
export async function runByFunction(
  file: unknown,
  handlers: readonly [test: (fn: string) => boolean, run: (c: CaseReader) => CaseOutcome | Promise<CaseOutcome>][],
): Promise<CaseOutcome[]> {
  const out: CaseOutcome[] = [];
  for (const c of readCases(file, "cases")) {
    const fn = c.get<string>("function", "string");
    const h = handlers.find(([test]) => test(fn));
    if (!h) throw new VectorFormatError(c.id, "function", `names no function this suite knows: ${JSON.stringify(fn)}`);
    try {
      out.push(await h[1](c));
    } catch (err) {
      // An input our own checks refuse (a path outside the project, say) fails this case; it does not stop the run.
      if (err instanceof VectorFormatError) throw err;
      out.push({ id: c.id, passed: false, expected: c.raw.expected ?? null, actual: null, detail: `raised ${err instanceof Error ? err.message : String(err)}` });
    }
  }
  return out;
}

/** A plain-function case: `run` gets the case's `input` reader and returns the value to compare with `expected`. */
export function functionCase(c: CaseReader, run: () => unknown): CaseOutcome {
  const expected = { expected: c.get("expected", "any"), error: c.get("error", "any") };
  return outcome(c.id, expected, () => capture(run));
}
