/** Repo map: the teaching model (teaching-*.ts) and Aider's production-style path (aider-*.ts). */
export * from "./teaching-repo-map.js";
