/** Aider's whole-file edit format (`aider/coders/wholefile_coder.py`): listings and filenames, the live diff view, the coder. */
export * from "./parse.js";
export * from "./live-diff.js";
export * from "./coder.js";
