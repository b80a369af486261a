/**
 * @aider-workbench/lib/loop — Aider's whole loop (seed 001; `aider/coders/base_coder.py` run_one/send_message and
 * its reflection), driven by a scripted, recorded or real model: context → model → parse → apply → git → lint/test →
 * reflection, every event in a trace tagged by its error class. Helpers stay inside. See README.md in this folder.
 */
export { runLoop } from "./loop.js";
export { LOOP_DEFAULTS, type LoopInput, type LoopOptions, type LoopResult } from "./loop-options.js";
export { runSession, type LoopSession } from "./session.js";
export { ScriptedModel, type LoopModel, type ScriptStep } from "./scripted-model.js";
export { RecordingModel, ReplayModel } from "./recording.js";
export { configFromEnv } from "./openai-config.js";
export { OpenAIChatModel } from "./openai-client.js";
export { MemoryWorkspace } from "./workspace.js";
export { withGitWorkspace } from "./git-workspace.js";
export { scriptedCheck } from "./checks.js";
export { buildContext, renderContext } from "./context.js";
export { errorClassTable, type ErrorClassId } from "./error-classes.js";
export { formatTrace, traceRows, type StopReason } from "./trace.js";
export { runArchitect } from "./architect.js";
