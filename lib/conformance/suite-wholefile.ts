/**
 * Suite `wholefile` (`aider/coders/wholefile_coder.py`, golden `wholefile.json`): Aider's whole-file coder — get_edits in update mode
 * (filenames, sources, listings), the live-diff mode and render_incremental_response, aider.diffs's
 * diff_partial_update, apply_edits, and end-to-end apply_updates.
 */
import { compareCodePoints } from "../core/pystr.js";
import { applyWholeFileEdits, wholeFileCoder } from "../editformats/wholefile/coder.js";
import { diffPartialUpdate, renderIncrementalResponse, wholeFileLiveView } from "../editformats/wholefile/live-diff.js";
import { getWholeFileEdits, type FilenameSource, type WholeFileEdit } from "../editformats/wholefile/parse.js";
import { ProjectFiles } from "../editformats/workspace.js";
import { readStringRecord } from "./editblock-fields.js";
import { capture, functionCase, outcome, readInputFence, runApplyUpdatesCase, runByFunction } from "./editformat-cases.js";
import { VectorFormatError, type CaseReader } from "./format.js";
import { readStringList } from "./read.js";
import type { CaseOutcome, ConformanceSuite } from "./suite.js";

const reply = (c: CaseReader) => c.get<string>("input.partial_response_content", "string");
const chat = (c: CaseReader) => [...readStringList(c, "input.chat_files")].sort(compareCodePoints);
const project = (c: CaseReader) => new ProjectFiles(c.has("input.files") ? readStringRecord(c, "input.files") : {});

function readEdits(c: CaseReader): WholeFileEdit[] {
  return c.get<unknown[]>("input.edits", "array").map((e, i) => {
    const src = Array.isArray(e) ? e[1] : undefined;
    if (!Array.isArray(e) || e.length !== 3 || typeof e[0] !== "string" || (src !== "block" && src !== "saw" && src !== "chat")) {
      throw new VectorFormatError(c.id, `input.edits[${i}]`, "must be [path, block|saw|chat, lines]");
    }
    return [e[0], src as FilenameSource, readStringList(c, `input.edits.${i}.2`)] as const;
  });
}

const HANDLERS: [(fn: string) => boolean, (c: CaseReader) => CaseOutcome | Promise<CaseOutcome>][] = [
  [(f) => f === "WholeFileCoder.get_edits(mode='update')", (c) => functionCase(c, () => getWholeFileEdits(reply(c), chat(c), readInputFence(c)))],
  [(f) => f === "WholeFileCoder.get_edits(mode='diff')", (c) => functionCase(c, () => wholeFileLiveView(reply(c), chat(c), readInputFence(c), project(c)))],
  [
    (f) => f.startsWith("WholeFileCoder.render_incremental_response"),
    (c) => functionCase(c, () => renderIncrementalResponse(reply(c), chat(c), readInputFence(c), project(c))),
  ],
  [
    (f) => f.startsWith("aider.diffs.diff_partial_update"),
    (c) => functionCase(c, () => diffPartialUpdate(readStringList(c, "input.lines_orig"), readStringList(c, "input.lines_updated"), c.get<boolean>("input.final", "boolean"))),
  ],
  [
    (f) => f === "WholeFileCoder.apply_edits(edits)",
    (c) => {
      const files = project(c);
      const edits = readEdits(c);
      const r = capture(() => applyWholeFileEdits(edits, files));
      const expected = { expected: c.get("expected", "object"), error: c.get("error", "any") };
      return outcome(c.id, expected, () => ({ expected: { return: null, files_after: files.snapshot(), io: files.io }, error: r.error }));
    },
  ],
  [(f) => f.startsWith("Coder.apply_updates"), (c) => runApplyUpdatesCase(c, wholeFileCoder)],
];

export const wholefileSuite: ConformanceSuite = {
  name: "wholefile",
  description: "whole file: filename detection in listings, live diff view, apply_edits, apply_updates",
  run: (file) => runByFunction(file, HANDLERS),
};
