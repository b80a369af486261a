/** Aider's V4A patch edit format (`aider/coders/patch_coder.py`): records and context search, parsing, applying, the coder. */
export * from "./context.js";
export * from "./parse.js";
export * from "./apply.js";
export * from "./coder.js";
