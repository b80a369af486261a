/** Aider's whole-file edit format (reference §7.3): listings and filenames, the live diff view, the coder. */
export * from "./parse.js";
export * from "./live-diff.js";
export * from "./coder.js";
