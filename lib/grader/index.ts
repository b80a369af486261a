/**
 * The exercise grader behind `workbench grade`, `hint`, `reset` and `release` (README.md here: the judge, the sandbox, the
 * protocol between them). Not re-exported from lib/index.ts: it drives vitest, esbuild and the file system, and
 * notebooks have no use for it.
 */
export * from "./attempts.js";
export * from "./catalog.js";
export * from "./classroom.js";
export * from "./hints.js";
export * from "./junit.js";
export * from "./manifest.js";
export * from "./output.js";
export * from "./protocol.js";
export * from "./readme.js";
export * from "./release/write.js";
export * from "./report.js";
export * from "./results.js";
export * from "./run.js";
export * from "./sandbox/containment.js";
export * from "./sandbox/link.js";
export * from "./sandbox/policy.js";
export * from "./session.js";
export * from "./state.js";
export * from "./stubs.js";
export * from "./target.js";
export * from "./watch.js";
