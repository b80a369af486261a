/** Git checkpoints: the teaching model (teaching/), a real git turn like Aider's (aider/), the sandbox it runs in (sandbox/) and scenarios. */
export * from "./teaching/commit-plan.js";
export * from "./sandbox/git-cli.js";
export * from "./sandbox/sandbox.js";
export * from "./aider/io.js";
export * from "./aider/repo.js";
export * from "./aider/commit.js";
export * from "./aider/edit-format.js";
export * from "./aider/session.js";
export * from "./aider/turn.js";
export * from "./aider/undo.js";
export * from "./sandbox/observe.js";
export * from "./compare.js";
export * from "./scenario.js";
export * from "./scenario-run.js";
export * from "./scenario-text.js";
