/**
 * Suite `editblock_fenced` (`aider/coders/editblock_fenced_coder.py`, golden `editblock_fenced.json`): end-to-end `apply_updates` of
 * Aider's `EditBlockFencedCoder` on fenced-layout replies (the path inside the fence, the classic layout, a
 * missing path, shell blocks). Parsing and applying are lib/editblock's, checked by the editblock_* suites.
 */
import { editBlockFencedCoder } from "../editformats/editblock-coder.js";
import { runApplyUpdatesCase, runByFunction } from "./editformat-cases.js";
import type { ConformanceSuite } from "./suite.js";

export const editblockFencedSuite: ConformanceSuite = {
  name: "editblock_fenced",
  description: "diff-fenced: apply_updates of SEARCH/REPLACE replies with the path inside the fence",
  run: (file) => runByFunction(file, [[(f) => f.startsWith("Coder.apply_updates"), (c) => runApplyUpdatesCase(c, editBlockFencedCoder)]]),
};
