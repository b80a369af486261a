/** Repo map: the teaching model (teaching-*.ts) and Aider's production-style path (aider-*.ts). */
export * from "./teaching-repo-map.js";
export * from "./aider-pagerank-matrix.js";
export * from "./aider-pagerank.js";
export * from "./aider-tag.js";
export * from "./aider-mentions.js";
export * from "./aider-ranking-graph.js";
export * from "./aider-ranking-rank.js";
export * from "./aider-ranking.js";
export * from "./aider-to-tree.js";
export * from "./aider-token-count.js";
export * from "./aider-map-search.js";
export * from "./aider-map-budget.js";
