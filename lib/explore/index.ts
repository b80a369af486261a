/**
 * Property-based exploration: laws stating where the teaching models and Aider's path agree and where
 * they part, run with the caller's fast-check. See README.md in this folder.
 */
export * from "./law.js";
export * from "./catalogue.js";
export * from "./laws-pagerank.js";
export * from "./laws-budget.js";
export * from "./laws-tokens.js";
export * from "./cases-search-replace.js";
export * from "./laws-search-replace.js";
export * from "./laws-apply-edits.js";
export * from "./laws-parser.js";
export * from "./laws-edit-formats.js";
