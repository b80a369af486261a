/** Aider's V4A patch edit format (reference §7.2): records and context search, parsing, applying, the coder. */
export * from "./context.js";
export * from "./parse.js";
export * from "./apply.js";
export * from "./coder.js";
