// lib/loop/recording-format.ts: a recording's JSON checked field by field — a written recording round-trips
// through JSON unchanged, the optional fields take their defaults, and each malformed field is named in one line.
// Recordings are built here (no server, no run).
import { describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../lib/core/errors.js";
import { checkRecording, RECORDING_FORMAT, RECORDING_VERSION, type Recording } from "../../lib/loop/recording-format.js";

const recording = (): Recording => ({
  format: RECORDING_FORMAT,
  version: RECORDING_VERSION,
  model: "openai:m",
  server: "http://127.0.0.1:1/v1",
  note: "a local stand-in server",
  recordedAt: "2026-01-01T00:00:00.000Z",
  session: { files: { "a.py": ["x"] }, chat: ["a.py"] },
  calls: [
    {
      messages: [{ role: "system", content: "sys", part: "system" }, { role: "user", content: "fix it", part: "current" }],
      reply: null,
      error: { kind: "rate-limit", message: "HTTP 429: slow down", status: 429, retryAfter: 0.5, pieces: [] },
      seconds: 0.01,
      wait: { seconds: 0.5, gaveUp: null },
    },
    {
      messages: [{ role: "user", content: "fix it", part: "current" }],
      reply: { text: "done", pieces: ["do", "ne"], finishReason: "stop", usage: { promptTokens: 10, completionTokens: 2 }, cost: 0.001 },
      error: null,
      seconds: 0.2,
      wait: null,
    },
  ],
});
type Loose = Record<string, unknown> & { calls: Record<string, unknown>[] };
const loose = (): Loose => JSON.parse(JSON.stringify(recording())) as Loose;
const withCall = (i: number, patch: Record<string, unknown>): Loose => {
  const r = loose();
  r.calls[i] = { ...r.calls[i], ...patch };
  return r;
};
const expectRefused = (value: unknown, message: string) => {
  expect(() => checkRecording(value)).toThrow(WorkbenchInputError);
  expect(() => checkRecording(value)).toThrow(message);
};

describe("checkRecording — what it accepts", () => {
  it("a recording round-trips through its JSON unchanged", () => {
    const r = recording();
    expect(checkRecording(JSON.parse(JSON.stringify(r)))).toEqual(r);
  });

  it("optional fields take their defaults: server, note, recordedAt, a call's seconds, an error's pieces, nulls", () => {
    const r = loose();
    delete r.server;
    delete r.note;
    delete r.recordedAt;
    r.calls = [
      { messages: [], error: { kind: "network", message: "terminated" } },
      { messages: [], reply: { text: "t" }, seconds: 1 },
    ];
    const checked = checkRecording(r);
    expect([checked.server, checked.note, checked.recordedAt]).toEqual(["", "", ""]);
    expect(checked.calls).toEqual([
      { messages: [], reply: null, error: { kind: "network", message: "terminated", status: null, retryAfter: null, pieces: [] }, seconds: 0, wait: null },
      { messages: [], reply: { text: "t", pieces: null, finishReason: null, usage: null, cost: null }, error: null, seconds: 1, wait: null },
    ]);
  });

  it("the session may be any JSON value but must be there", () => {
    expect(checkRecording({ ...loose(), session: null }).session).toBeNull();
    const { session: _s, ...noSession } = loose();
    expectRefused(noSession, "recording: session is missing");
  });
});

describe("checkRecording — malformed input, the first bad field named", () => {
  it("the envelope: not an object, format, version, unknown keys, calls, model", () => {
    expectRefused([], "recording: recording must be an object");
    expectRefused({ ...loose(), format: "x" }, 'recording: format must be "aider-workbench/model-recording" (is this a recording?)');
    expectRefused({ ...loose(), version: 2 }, "recording: version must be 1");
    expectRefused({ ...loose(), extra: 1 }, "recording: recording.extra is not a known option");
    expectRefused({ ...loose(), calls: {} }, "recording: calls must be an array");
    expectRefused({ ...loose(), model: 3 }, "recording: model must be a string");
    expectRefused({ ...loose(), note: 5 }, "recording: note must be a string");
  });

  it("a call: its keys, reply xor error, and each message's role, part and content", () => {
    expectRefused(withCall(1, { extra: true }), "recording: calls[1].extra is not a known option");
    expectRefused(withCall(0, { reply: { text: "x" } }), "recording: calls[0] must hold exactly one of reply and error");
    expectRefused(withCall(1, { reply: null }), "recording: calls[1] must hold exactly one of reply and error");
    expectRefused(withCall(0, { messages: [{ role: "tool", content: "x", part: "current" }] }), 'recording: calls[0].messages[0].role must be "system", "user" or "assistant"');
    expectRefused(withCall(0, { messages: [{ role: "user", content: "x", part: "memo" }] }), "recording: calls[0].messages[0].part must be one of system, repo-map, history, chat-files, current");
    expectRefused(withCall(0, { messages: [{ role: "user", content: 1, part: "current" }] }), "recording: calls[0].messages[0].content must be a string");
    expectRefused(withCall(0, { seconds: "1" }), "recording: calls[0].seconds must be a finite number");
  });

  it("a reply: its keys, pieces that join to the text, usage counts, cost, finish reason", () => {
    const reply = (patch: Record<string, unknown>) => withCall(1, { reply: { ...(loose().calls[1]!.reply as object), ...patch } });
    expectRefused(reply({ tokens: 3 }), "recording: calls[1].reply.tokens is not a known option");
    expectRefused(reply({ pieces: ["nope"] }), "recording: calls[1].reply.pieces must join to reply.text");
    expectRefused(reply({ pieces: ["do", 1] }), "recording: calls[1].reply.pieces[1] must be a string");
    expectRefused(reply({ usage: { promptTokens: 1 } }), "recording: calls[1].reply.usage.completionTokens must be a finite number");
    expectRefused(reply({ cost: "free" }), "recording: calls[1].reply.cost must be a finite number");
    expectRefused(reply({ finishReason: 0 }), "recording: calls[1].reply.finishReason must be a string");
    expectRefused(reply({ text: null }), "recording: calls[1].reply.text must be a string");
  });

  it("an error: a known kind, its keys, status, Retry-After and pieces; a wait's fields", () => {
    const error = (patch: Record<string, unknown>) => withCall(0, { error: { ...(loose().calls[0]!.error as object), ...patch } });
    expectRefused(error({ kind: "teapot" }), "recording: calls[0].error.kind must be one of rate-limit, network, server, auth, context-window, timeout, bad-request");
    expectRefused(error({ kind: "__proto__" }), "recording: calls[0].error.kind must be one of");
    expectRefused(error({ why: "x" }), "recording: calls[0].error.why is not a known option");
    expectRefused(error({ status: "429" }), "recording: calls[0].error.status must be a finite number");
    expectRefused(error({ retryAfter: Number.POSITIVE_INFINITY }), "recording: calls[0].error.retryAfter must be a finite number");
    expectRefused(error({ pieces: "abc" }), "recording: calls[0].error.pieces must be an array");
    expectRefused(error({ message: undefined }), "recording: calls[0].error.message must be a string");
    expectRefused(withCall(0, { wait: { seconds: "1" } }), "recording: calls[0].wait.seconds must be a finite number");
    expectRefused(withCall(0, { wait: { seconds: 1, gaveUp: 5 } }), "recording: calls[0].wait.gaveUp must be a string");
  });
});
