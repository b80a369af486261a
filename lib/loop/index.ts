/**
 * Aider's whole loop (seed 001 §2, §5, §7, §11; reference §3.2–§3.5), driven by a scripted model: context → model
 * (provider retry) → parse → apply → git → lint/test → reflection (at most 3), with every event in a trace tagged
 * by its error class. Built on lib/editblock's production path. See README.md in this folder.
 */
export * from "./error-classes.js";
export * from "./context.js";
export * from "./scripted-model.js";
export * from "./model-client.js";
export * from "./checks.js";
export * from "./mentions.js";
export * from "./workspace.js";
export * from "./git-workspace.js";
export * from "./trace.js";
export * from "./loop-options.js";
export * from "./loop-record.js";
export * from "./loop.js";
export * from "./session.js";
export * from "./openai-config.js";
export * from "./openai-protocol.js";
export * from "./openai-client.js";
export * from "./recording.js";
export * from "./stand-in-server.js";
export * from "./recording-format.js";
export * from "./format-prompts.js";
export * from "./architect.js";
