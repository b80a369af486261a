/** Aider's unified-diff format (`aider/coders/udiff_coder.py`): the coder, the reply parser and the hunk applier. */
export { udiffCoder } from "./coder.js";
export { findDiffs, getUdiffEdits, hunkToBeforeAfter, type Hunk, type UdiffEdit } from "./parse.js";
export { applyUdiffEdits, UdiffApplyError } from "./apply.js";
export { applyHunk, normalizeHunk } from "./hunk.js";
