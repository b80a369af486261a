/**
 * SEARCH/REPLACE edits: the teaching model (teaching/) and Aider's production-style path (the other files):
 * parse a reply (parse, filename, fence), match and replace in one file (replace, dotdotdots, do-replace), apply a
 * list of edits to files with Aider's failure message (apply, similar, files). See README.md in this folder.
 */
export * from "./teaching/search-replace.js";
export * from "./fence.js";
export * from "./filename.js";
export * from "./parse.js";
export * from "./replace.js";
export * from "./dotdotdots.js";
export * from "./do-replace.js";
export * from "./files.js";
export * from "./similar.js";
export * from "./apply.js";
