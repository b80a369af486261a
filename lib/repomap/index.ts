/** Repo map: the teaching model (teaching-*.ts) and Aider's production-style path (aider-*.ts). */
export * from "./teaching-repo-map.js";
export * from "./aider-languages.js";
export * from "./aider-grammars.js";
export * from "./aider-tags-raw.js";
export * from "./aider-render-tree.js";
export * from "./aider-files.js";
export * from "./aider-scan-cache.js";
export * from "./aider-scan.js";
