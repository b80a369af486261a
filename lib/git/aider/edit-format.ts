/**
 * A git scenario's edits as the edit chain's: `{path: content}` ("edited", whole new contents) become Aider's
 * whole-file edits (aider/coders/wholefile_coder.py `get_edits`' `(path, source, lines)`), `[path, search,
 * replace]` blocks SEARCH/REPLACE edits; each goes through lib/editformats' coder for that format, parsed already.
 */
import { requireRecord, requireString } from "../../core/validate.js";
import { withEdits, type EditFormatCoder } from "../../editformats/coder.js";
import { editBlockCoder } from "../../editformats/editblock-coder.js";
import { wholeFileCoder } from "../../editformats/wholefile/coder.js";
import type { WholeFileEdit as CoderWholeFileEdit } from "../../editformats/wholefile/parse.js";
import type { EditBlock } from "../../editblock/parse.js";
import { checkSandboxPath } from "../sandbox/sandbox.js";

/** A whole-file edit: the file's complete new contents. */
export interface WholeFileEdit {
  path: string;
  content: string;
}

/** `{path: content}` → whole-file edits, in key order, each path checked against the sandbox rules. */
export function wholeFileEdits(where: string, edited: unknown): WholeFileEdit[] {
  const rec = requireRecord(where, "edited", edited);
  return Object.entries(rec).map(([path, content]) => ({
    path: checkSandboxPath(where, `edited[${JSON.stringify(path)}]`, path),
    content: requireString(where, `edited[${JSON.stringify(path)}]`, content),
  }));
}

/** A scenario turn's edits, already parsed: whole contents, or SEARCH/REPLACE blocks. */
export type ScenarioEdits = { kind: "whole"; edits: WholeFileEdit[] } | { kind: "editblock"; edits: EditBlock[] };

/** The coder that applies a scenario turn's edits (Aider's `whole` or `diff`), its get_edits answering them. */
export function scenarioCoder(edits: ScenarioEdits): EditFormatCoder<unknown> {
  if (edits.kind === "editblock") return withEdits(editBlockCoder, edits.edits) as EditFormatCoder<unknown>;
  const whole: CoderWholeFileEdit[] = edits.edits.map((e) => [e.path, "block", [e.content]]);
  return withEdits(wholeFileCoder, whole) as EditFormatCoder<unknown>;
}
