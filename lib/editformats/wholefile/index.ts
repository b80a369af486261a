/** Aider's whole-file format (`aider/coders/wholefile_coder.py`): the coder, the reply parser and the live view. */
export { applyWholeFileEdits, wholeFileCoder } from "./coder.js";
export { getWholeFileEdits, type FilenameSource, type WholeFileEdit } from "./parse.js";
export { wholeFileLiveView } from "./live-diff.js";
