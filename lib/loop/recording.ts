/**
 * Record and replay a real model's run: `RecordingModel` wraps any `LoopModel` and keeps every call —
 * the prompt as sent, the reply (with its streamed pieces, finish reason, tokens, cost) or the provider failure,
 * and the backoff wait after it — so `workbench loop … --record run.json` can be shared; `ReplayModel` plays such a
 * file back offline, step for step, as a scripted model does, and stops with a clear error when the loop asks
 * for something the recording does not hold. A recording never holds the key (the client redacts all it hands on,
 * and no header is kept).
 */
import type { PromptMessage } from "./context.js";
import { toModelReply } from "./model-client.js";
import { checkRecording, RECORDING_FORMAT, RECORDING_VERSION, type RecordedCall, type Recording } from "./recording-format.js";
import { PROVIDER_FAILURES, ProviderError, ScriptEndedError, type ChunkSink, type LoopModel, type ModelReply } from "./scripted-model.js";

/** Wraps `inner`, keeping every call; `recording(session)` gives the file's content. */
export class RecordingModel implements LoopModel {
  readonly name: string;
  readonly calls: RecordedCall[] = [];

  constructor(private readonly inner: LoopModel, private readonly server: string, private readonly note = "") {
    this.name = inner.name;
  }

  async complete(messages: readonly PromptMessage[], sink?: ChunkSink): Promise<ModelReply> {
    const pieces: string[] = [];
    const tee: ChunkSink = { chunk: (t) => (pieces.push(t), sink?.chunk(t)) };
    const start = Date.now();
    const call: RecordedCall = { messages: messages.map((m) => ({ ...m })), reply: null, error: null, seconds: 0, wait: null };
    this.calls.push(call);
    try {
      const r = toModelReply(await this.inner.complete(messages, tee));
      call.reply = { text: r.text, pieces: r.chunks === null ? null : pieces, finishReason: r.finishReason, usage: r.usage, cost: r.cost };
      return r;
    } catch (err) {
      if (err instanceof ProviderError) {
        const message = err.message.slice(PROVIDER_FAILURES[err.kind].name.length + 2);
        call.error = { kind: err.kind, message, status: err.status, retryAfter: err.retryAfter, pieces };
      } else this.calls.pop(); // not a provider's answer (a configuration error): nothing to replay
      throw err;
    } finally {
      call.seconds = Math.round((Date.now() - start) / 10) / 100;
    }
  }

  async wait(seconds: number): Promise<void> {
    const call = this.calls[this.calls.length - 1];
    const record = { seconds, gaveUp: null as string | null };
    if (call) call.wait = record;
    try {
      await this.inner.wait?.(seconds);
    } catch (err) {
      if (err instanceof ProviderError) record.gaveUp = err.message.slice(PROVIDER_FAILURES[err.kind].name.length + 2);
      throw err;
    }
  }

  recording(session: unknown, recordedAt = new Date().toISOString()): Recording {
    return { format: RECORDING_FORMAT, version: RECORDING_VERSION, model: this.name, server: this.server, note: this.note, recordedAt, session, calls: this.calls };
  }
}

/** A replayed call asked for a prompt the recording does not hold at that step. */
export class ReplayMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ReplayMismatchError";
  }
}

/** Plays a recording back: the same replies (streamed in the same pieces) and failures, offline, no waiting. */
export class ReplayModel implements LoopModel {
  readonly name: string;
  readonly recording: Recording;
  private next = 0;

  constructor(recording: unknown) {
    this.recording = checkRecording(recording);
    this.name = this.recording.model;
  }

  /** Calls not yet replayed. */
  get remaining(): number {
    return this.recording.calls.length - this.next;
  }

  complete(messages: readonly PromptMessage[], sink?: ChunkSink): ModelReply {
    const call = this.recording.calls[this.next];
    if (call === undefined) throw new ScriptEndedError(this.next + 1);
    const n = ++this.next;
    const differs = firstDifference(call.messages, messages);
    if (differs !== null) {
      throw new ReplayMismatchError(`replay: call ${n}'s prompt differs from the recording (${differs}): the session or the workbench changed since it was recorded`);
    }
    if (call.error !== null) {
      for (const p of call.error.pieces) sink?.chunk(p);
      throw new ProviderError(call.error.kind, call.error.message, call.error);
    }
    const r = call.reply!;
    for (const p of r.pieces ?? []) sink?.chunk(p);
    return { text: r.text, finishReason: r.finishReason, usage: r.usage, cost: r.cost, chunks: r.pieces === null ? null : r.pieces.length };
  }

  async wait(): Promise<void> {
    const gaveUp = this.recording.calls[this.next - 1]?.wait?.gaveUp ?? null;
    if (gaveUp !== null) throw new ProviderError("timeout", gaveUp);
  }
}

/** Where two prompts first differ, in words, or null when they are the same. */
function firstDifference(recorded: readonly PromptMessage[], sent: readonly PromptMessage[]): string | null {
  for (let i = 0; i < Math.max(recorded.length, sent.length); i++) {
    const a = recorded[i], b = sent[i];
    if (!a || !b) return `it has ${sent.length} messages, the recording ${recorded.length}`;
    if (a.role !== b.role || a.content !== b.content || a.part !== b.part) return `message ${i + 1}, the ${b.part} part`;
  }
  return null;
}
