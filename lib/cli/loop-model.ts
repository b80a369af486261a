/**
 * The model behind `workbench loop`: the session's scripted replies by default; with
 * `--model openai:NAME` a real OpenAI-compatible server (OPENAI_BASE_URL, OPENAI_API_KEY), recorded with
 * `--record run.json`; with `--replay run.json` a recording played back offline. Also the live view of a real
 * run on stderr (each trace event as it happens, the reply as it streams in) and writing a recording.
 */
import { accessSync, constants } from "node:fs";
import { dirname } from "node:path";
import { ModelConfigError } from "../loop/openai-config.js";
import { OpenAIChatModel, type OpenAIClientOptions } from "../loop/openai-client.js";
import { ReplayModel, RecordingModel } from "../loop/recording.js";
import type { LoopModel } from "../loop/scripted-model.js";
import type { LoopEvent } from "../loop/trace.js";
import type { SessionRunOptions } from "../loop/session.js";
import { outputFile, readJsonFile, UsageError, writeOutput, type CliIO } from "./command.js";

export interface ModelFlags {
  model?: string;
  record?: string;
  replay?: string;
  "no-stream"?: boolean;
  "max-tokens"?: string;
  "time-limit"?: string;
}

/** What the flags chose: the model (null: the scripted replies), its header line, and how to save a recording. */
export interface ChosenModel {
  model: LoopModel | null;
  header: string | null;
  /** The session the recording was made from (with --replay). */
  recordedSession: unknown;
  save: ((session: unknown) => void) | null;
  live: Pick<SessionRunOptions, "onEvent" | "onChunk">;
}

const positive = (flag: string, v: string | undefined): number | undefined => {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!(Number.isFinite(n) && n > 0)) throw new UsageError(`loop: --${flag} must be a positive number (got "${v}")`);
  return n;
};

/** The model the flags ask for; bad combinations and bad configuration are `UsageError`s (one line, exit 2). */
export function chooseModel(flags: ModelFlags, io: CliIO, env: Readonly<Record<string, string | undefined>>): ChosenModel {
  const none: ChosenModel = { model: null, header: null, recordedSession: undefined, save: null, live: { onEvent: null, onChunk: null } };
  if (flags.replay !== undefined) {
    if (flags.model !== undefined || flags.record !== undefined) throw new UsageError("loop: --replay runs a recording offline: give it without --model or --record");
    const json = readJsonFile("loop", flags.replay, { kind: "recording", option: "--replay" });
    let replay: ReplayModel;
    try {
      replay = new ReplayModel(json);
    } catch (err) {
      throw new UsageError(`loop: bad recording ${flags.replay}: ${(err as Error).message}`);
    }
    const r = replay.recording;
    const where = [r.server && `from ${r.server}`, r.recordedAt && `at ${r.recordedAt}`].filter(Boolean).join(" ");
    const header = `model: ${r.model}, replayed offline from ${flags.replay} (${r.calls.length} recorded calls${where ? `, recorded ${where}` : ""})${r.note ? `\nnote: ${r.note}` : ""}`;
    return { ...none, model: replay, header, recordedSession: r.session };
  }
  if (flags.record !== undefined && flags.model === undefined) throw new UsageError("loop: --record keeps a real model's run: give --model openai:NAME too");
  const recordPath = flags.record === undefined ? undefined : checkWritable(flags.record);
  if (flags.model === undefined) {
    if (flags["no-stream"] || flags["max-tokens"] || flags["time-limit"]) throw new UsageError("loop: --no-stream, --max-tokens and --time-limit need --model openai:NAME");
    return none;
  }
  const maxTokens = positive("max-tokens", flags["max-tokens"]);
  if (maxTokens !== undefined && !Number.isInteger(maxTokens)) throw new UsageError(`loop: --max-tokens must be a whole number (got "${flags["max-tokens"]}")`);
  const options: Partial<OpenAIClientOptions> = { stream: flags["no-stream"] !== true };
  if (maxTokens !== undefined) options.maxTokens = maxTokens;
  const limit = positive("time-limit", flags["time-limit"]);
  if (limit !== undefined) options.totalSeconds = limit;
  let client: OpenAIChatModel;
  try {
    client = OpenAIChatModel.fromEnv(flags.model, env, options);
  } catch (err) {
    if (err instanceof ModelConfigError) throw new UsageError(`loop: ${err.message}`);
    throw err;
  }
  const recorder = flags.record === undefined ? null : new RecordingModel(client, client.server, env.WORKBENCH_RECORDING_NOTE ?? "");
  const file = recordPath;
  const save =
    recorder === null || file === undefined
      ? null
      : (session: unknown) => {
          const text = JSON.stringify(recorder.recording(session), null, 2) + "\n";
          const key = env.OPENAI_API_KEY ?? "";
          if (key.length >= 4 && text.includes(key)) throw new Error("loop: refusing to write a recording that holds the API key"); // the client redacts; belt and braces
          writeOutput("loop", "--record", { path: file, text });
          io.stderr(`loop: recorded ${recorder.calls.length} model calls to ${file}\n`);
        };
  const header = `model: ${client.name} at ${client.server}${client.options.stream ? " (streamed)" : ""}`;
  return { model: recorder ?? client, header, recordedSession: undefined, save, live: liveView(io) };
}

/** Prints each trace event to stderr as it happens, and the reply's pieces as they stream in (nothing before the
 *  server first answered: a configuration error then stays the one line it is). */
function liveView(io: CliIO): ChosenModel["live"] {
  let streaming = false;
  const pending: string[] = [];
  let answered = false;
  const flush = () => {
    answered = true;
    for (const line of pending.splice(0)) io.stderr(line);
  };
  return {
    onChunk: (text) => {
      flush();
      if (!streaming) io.stderr("     │ ");
      streaming = true;
      io.stderr(text.replace(/\n/g, "\n     │ "));
    },
    onEvent: (e: LoopEvent) => {
      if (streaming) io.stderr("\n");
      streaming = false;
      const line = `${String(e.seq).padStart(3)}  ${e.kind.padEnd(14)} ${e.ok === null ? " " : e.ok ? "✓" : "✗"}  ${e.summary}\n`;
      if (!answered && e.kind === "request") pending.push(line);
      else {
        flush();
        io.stderr(line);
      }
    },
  };
}

/**
 * The recording's absolute path, checked before a (maybe paid) run starts: a regular file or a new name (never a
 * device, FIFO, folder or link: lib/core/safe-write.ts) in a folder that exists and is writable.
 */
function checkWritable(file: string): string {
  const path = outputFile("loop", "--record", file);
  try {
    accessSync(dirname(path), constants.W_OK);
  } catch (err) {
    throw new UsageError(`loop: cannot write the recording ${file} (${(err as NodeJS.ErrnoException).code ?? "not writable"}: folder not writable)`);
  }
  return path;
}

/** A replay with a session file: it must be the session the recording was made from. */
export function checkReplaySession(recorded: { file: string; session: unknown }, given: { file: string; session: unknown }): void {
  if (JSON.stringify(recorded.session) !== JSON.stringify(given.session)) {
    throw new UsageError(`loop: ${recorded.file} was recorded from another session than ${given.file} (replay it alone: workbench loop --replay ${recorded.file})`);
  }
}

