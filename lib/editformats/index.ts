/**
 * Aider's other edit formats (reference §7): unified diff (udiff/), V4A patch (patch/), whole file (wholefile/),
 * and SEARCH/REPLACE in its `diff` and `diff-fenced` coders, all behind one `EditFormatCoder` interface and
 * Aider's `apply_updates` chain (coder.ts) over an in-memory project (workspace.ts). See README.md.
 */
export * from "./workspace.js";
export * from "./coder.js";
export * from "./editblock-coder.js";
export * as udiff from "./udiff/index.js";
export * as patch from "./patch/index.js";
export * as wholefile from "./wholefile/index.js";
export * from "./formats.js";
