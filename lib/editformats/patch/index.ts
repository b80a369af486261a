/** Aider's V4A patch format (`aider/coders/patch_coder.py`): the coder, the parser and the applier. */
export { patchCoder, type PatchEdit } from "./coder.js";
export { getPatchEdits, parsePatchText } from "./parse.js";
export { applyPatchEdits } from "./apply.js";
export { DiffError, identifyFilesNeeded, type ActionType, type Chunk, type PatchAction } from "./context.js";
