/**
 * Suite `patch` (`aider/coders/patch_coder.py`, golden `patch.json`): Aider's V4A patch coder — find_context_core / find_context,
 * peek_next_section, identify_files_needed, get_edits (edits + io), _parse_patch_text on in-memory files,
 * _apply_update on hand-built chunks, apply_edits on hand-built actions, parse-then-apply without the permission
 * step, and end-to-end apply_updates (the Add-File and dry-run quirks).
 */
import { compareCodePoints } from "../core/pystr.js";
import { applyPatchEdits, applyUpdate } from "../editformats/patch/apply.js";
import { patchCoder } from "../editformats/patch/coder.js";
import { findContext, findContextCore, identifyFilesNeeded, peekNextSection, type Chunk, type PatchAction } from "../editformats/patch/context.js";
import { getPatchEdits, parsePatchText } from "../editformats/patch/parse.js";
import { ProjectFiles } from "../editformats/workspace.js";
import { readStringRecord } from "./editblock-fields.js";
import { capture, functionCase, outcome, runApplyUpdatesCase, runByFunction } from "./editformat-cases.js";
import { VectorFormatError, type CaseReader } from "./format.js";
import { readStringList } from "./read.js";
import type { CaseOutcome, ConformanceSuite } from "./suite.js";

const list = (c: CaseReader, k: string) => readStringList(c, `input.${k}`);
const int = (c: CaseReader, k: string) => c.get<number>(`input.${k}`, "number");

function readChunks(c: CaseReader, path: string): Chunk[] {
  return c.get<unknown[]>(path, "array").map((_, i) => ({
    orig_index: c.get<number>(`${path}.${i}.orig_index`, "number"),
    del_lines: readStringList(c, `${path}.${i}.del_lines`),
    ins_lines: readStringList(c, `${path}.${i}.ins_lines`),
  }));
}

function readAction(c: CaseReader, path: string): PatchAction {
  const type = c.get<string>(`${path}.type`, "string");
  if (type !== "Add" && type !== "Delete" && type !== "Update") throw new VectorFormatError(c.id, `${path}.type`, "must be Add, Delete or Update");
  return {
    type,
    path: c.get<string>(`${path}.path`, "string"),
    new_content: c.get<string | null>(`${path}.new_content`, "string|null"),
    chunks: readChunks(c, `${path}.chunks`),
    move_path: c.get<string | null>(`${path}.move_path`, "string|null"),
  };
}

/** A method case on a fresh project: `run` may throw; `expected` records the value under `key` plus the side effects. */
function projectCase(c: CaseReader, keys: readonly string[], run: (files: ProjectFiles) => Record<string, unknown>): CaseOutcome {
  const files = new ProjectFiles(readStringRecord(c, "input.files"));
  let value: Record<string, unknown> = {};
  const r = capture(() => (value = run(files)));
  const all: Record<string, unknown> = { ...value, files_after: files.snapshot(), dirs_after: files.folders(), io: files.io };
  const got = Object.fromEntries(keys.map((k) => [k, all[k] ?? null]));
  return outcome(c.id, { expected: c.get("expected", "object"), error: c.get("error", "any") }, () => ({ expected: got, error: r.error }));
}

const HANDLERS: [(fn: string) => boolean, (c: CaseReader) => CaseOutcome | Promise<CaseOutcome>][] = [
  [(f) => f.startsWith("find_context_core("), (c) => functionCase(c, () => findContextCore(list(c, "lines"), list(c, "context"), int(c, "start")))],
  [
    (f) => f.startsWith("find_context("),
    (c) => functionCase(c, () => findContext(list(c, "lines"), list(c, "context"), int(c, "start"), c.get<boolean>("input.eof", "boolean"))),
  ],
  [(f) => f.startsWith("peek_next_section("), (c) => functionCase(c, () => peekNextSection(list(c, "lines"), int(c, "index")))],
  [
    (f) => f.startsWith("sorted(identify_files_needed("),
    (c) => functionCase(c, () => identifyFilesNeeded(c.get<string>("input.text", "string")).sort(compareCodePoints)),
  ],
  [
    (f) => f === "PatchCoder.get_edits",
    (c) =>
      projectCase(c, ["edits", "io"], (files) => ({
        edits: getPatchEdits(c.get<string>("input.partial_response_content", "string"), files),
      })),
  ],
  [
    (f) => f.startsWith("PatchCoder._parse_patch_text("),
    (c) =>
      functionCase(c, () => {
        const { actions, fuzz } = parsePatchText(list(c, "lines"), int(c, "start_index"), readStringRecord(c, "input.current_files"));
        return { actions: Object.fromEntries(actions), fuzz };
      }),
  ],
  [
    (f) => f.startsWith("PatchCoder._apply_update("),
    (c) => functionCase(c, () => applyUpdate(c.get<string>("input.text", "string"), readChunks(c, "input.chunks"), c.get<string>("input.path", "string"))),
  ],
  [
    (f) => f === "PatchCoder.apply_edits(edits)",
    (c) => {
      const actions = c.get<unknown[]>("input.edits", "array").map((_, i) => readAction(c, `input.edits.${i}`));
      return projectCase(c, ["return", "files_after", "io"], (files) => {
        applyPatchEdits(actions.map((a) => [a.path, a] as const), files);
        return { return: null };
      });
    },
  ],
  [
    (f) => f === "PatchCoder.get_edits then PatchCoder.apply_edits",
    (c) =>
      projectCase(c, ["files_after", "dirs_after", "io"], (files) => {
        applyPatchEdits(getPatchEdits(c.get<string>("input.partial_response_content", "string"), files), files);
        return {};
      }),
  ],
  [(f) => f.startsWith("Coder.apply_updates"), (c) => runApplyUpdatesCase(c, patchCoder)],
];

export const patchSuite: ConformanceSuite = {
  name: "patch",
  description: "V4A patch: context search, sections, get_edits, _apply_update, apply_edits, apply_updates",
  run: (file) => runByFunction(file, HANDLERS),
};
