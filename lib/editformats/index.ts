/**
 * Aider's edit formats — unified diff (udiff/), V4A patch (patch/), whole file (wholefile/) and SEARCH/REPLACE in
 * its `diff` and `diff-fenced` coders — behind one `EditFormatCoder` interface, and the one `apply_updates` chain
 * (coder.ts, aider/coders/base_coder.py) over one file access (`EditFiles`, workspace.ts). See README.md.
 */
export * from "./workspace.js";
export * from "./coder.js";
export * from "./editblock-coder.js";
export * as udiff from "./udiff/index.js";
export * as patch from "./patch/index.js";
export * as wholefile from "./wholefile/index.js";
export * from "./formats.js";
