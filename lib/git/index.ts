/** Git checkpoints: the teaching model (teaching-*.ts) and a real git turn like Aider's (aider-*.ts). */
export * from "./teaching-commit-plan.js";
