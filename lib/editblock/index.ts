/**
 * SEARCH/REPLACE edits: the teaching model (teaching-*.ts) and Aider's production-style path (aider-*.ts):
 * parse a reply (aider-parse, aider-filename, aider-fence), match and replace in one file (aider-replace,
 * aider-dotdotdots, aider-do-replace), apply a list of edits to files with Aider's failure message (aider-apply,
 * aider-similar, aider-files). See README.md in this folder.
 */
export * from "./teaching-search-replace.js";
export * from "./aider-fence.js";
export * from "./aider-filename.js";
export * from "./aider-parse.js";
export * from "./aider-replace.js";
export * from "./aider-dotdotdots.js";
export * from "./aider-do-replace.js";
export * from "./aider-files.js";
export * from "./aider-similar.js";
export * from "./aider-apply.js";
