/** Repo map: the teaching model (teaching-*.ts) and Aider's production-style path (aider-*.ts). */
export * from "./teaching-repo-map.js";
export * from "./aider-languages.js";
export * from "./aider-grammars.js";
export * from "./aider-tags.js";
export * from "./aider-render-tree.js";
