/** Aider's unified-diff edit format (`aider/coders/udiff_coder.py`): parse, search/replace helpers, hunk application, the coder. */
export * from "./relative-indent.js";
export * from "./search-replace.js";
export * from "./parse.js";
export * from "./hunk.js";
export * from "./apply.js";
export * from "./coder.js";
