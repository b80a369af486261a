// lib/loop/stand-in-server.ts: the local OpenAI-compatible stand-in, started on 127.0.0.1 port 0 and spoken to with
// fetch — each kind of step, the checks it makes before serving one, and stepsFromRecording (pure).
import { afterEach, describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../lib/core/errors.js";
import type { Recording, RecordedCall } from "../../lib/loop/recording-format.js";
import { startStandInServer, stepsFromRecording, type StandInServer, type StandInStep } from "../../lib/loop/stand-in-server.js";

const KEY = "sk-stand-in-test";
const servers: StandInServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});
async function start(steps: StandInStep[]): Promise<StandInServer> {
  const s = await startStandInServer(steps, { models: ["m"], key: KEY });
  servers.push(s);
  return s;
}
function post(server: StandInServer, body: unknown, init: { key?: string; path?: string; signal?: AbortSignal } = {}) {
  return fetch(`${server.url}${init.path ?? "/chat/completions"}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${init.key ?? KEY}` },
    body: typeof body === "string" ? body : JSON.stringify(body),
    signal: init.signal,
  });
}
const ask = (extra: Record<string, unknown> = {}) => ({ model: "m", messages: [{ role: "user", content: "hi" }], ...extra });
/** The JSON payloads of an SSE body, and whether it ended with [DONE] (parsed here, not with lib's parser). */
function events(text: string): { json: Record<string, unknown>[]; done: boolean } {
  const data = text.split("\n\n").filter(Boolean).map((e) => e.replace(/^data: /, ""));
  const done = data.at(-1) === "[DONE]";
  return { json: (done ? data.slice(0, -1) : data).map((d) => JSON.parse(d) as Record<string, unknown>), done };
}
const contents = (json: Record<string, unknown>[]) =>
  json.flatMap((j) => ((j.choices as { delta: { content?: string } }[])[0]?.delta.content ?? []) as string[]);

describe("startStandInServer — replies", () => {
  it("listens on 127.0.0.1 only, answers a non-streamed request as one completion, and records the request", async () => {
    const server = await start([{ reply: "hello", cost: 0.25 }]);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(server.remaining).toBe(1);
    const res = await post(server, ask());
    expect(res.status).toBe(200);
    const json = (await res.json()) as Record<string, unknown>;
    expect(json.choices).toEqual([{ index: 0, message: { role: "assistant", content: "hello" }, finish_reason: "stop" }]);
    expect(json.usage).toEqual({ prompt_tokens: 100, completion_tokens: 20, cost: 0.25 });
    expect(server.remaining).toBe(0);
    expect(server.requests).toEqual([{ path: "/v1/chat/completions", body: ask(), authorized: true }]);
    expect(JSON.stringify(server.requests)).not.toContain(KEY);
  });

  it("streams in pieces of pieceSize, then the finish reason, the usage when asked for, and [DONE]", async () => {
    const server = await start([{ reply: "abcdefg", pieceSize: 3, finishReason: "length", usage: { prompt: 5, completion: 6 } }, { reply: "xy", pieceSize: 1 }]);
    const first = events(await (await post(server, ask({ stream: true, stream_options: { include_usage: true } }))).text());
    expect(first.done).toBe(true);
    expect(contents(first.json)).toEqual(["abc", "def", "g"]);
    const finishes = first.json.flatMap((j) => (j.choices as { finish_reason: string | null }[]).map((c) => c.finish_reason));
    expect(finishes).toEqual([null, null, null, "length"]);
    expect(first.json.at(-1)!.usage).toEqual({ prompt_tokens: 5, completion_tokens: 6 });
    const second = events(await (await post(server, ask({ stream: true }))).text());
    expect(contents(second.json)).toEqual(["x", "y"]);
    expect(second.json.some((j) => "usage" in j)).toBe(false); // not asked for
  });

  it("given pieces are sent as they are; usage null sends none", async () => {
    const server = await start([{ reply: "ignored", pieces: ["one ", "two"], usage: null }, { reply: "r", usage: null }]);
    const s = events(await (await post(server, ask({ stream: true, stream_options: { include_usage: true } }))).text());
    expect(contents(s.json)).toEqual(["one ", "two"]);
    expect(s.json.some((j) => "usage" in j)).toBe(false);
    expect(((await (await post(server, ask())).json()) as Record<string, unknown>).usage).toBeUndefined();
  });
});

describe("startStandInServer — faults", () => {
  it("an HTTP error step: its status, an OpenAI-style error body, Retry-After when given", async () => {
    const server = await start([{ status: 429, message: "slow down", retryAfter: 2 }, { status: 500 }]);
    const a = await post(server, ask());
    expect([a.status, a.headers.get("retry-after")]).toEqual([429, "2"]);
    expect(await a.json()).toEqual({ error: { message: "slow down", type: "stand_in_error", code: 429 } });
    const b = await post(server, ask());
    expect([b.status, b.headers.get("retry-after"), ((await b.json()) as { error: { message: string } }).error.message]).toEqual([500, null, "stand-in failure 500"]);
  });

  it("a dropped connection: the first `after` characters arrive, then the stream breaks", async () => {
    const server = await start([{ drop: "mid-stream", reply: "hello world", after: 5 }]);
    const res = await post(server, ask({ stream: true }));
    const reader = res.body!.getReader();
    let text = "";
    const broke = await (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return false;
          text += new TextDecoder().decode(value);
        }
      } catch {
        return true;
      }
    })();
    expect(broke).toBe(true);
    expect(text).not.toContain("[DONE]");
    expect(contents(events(text).json)).toEqual(["hello"]);
  });

  it("a hanging step never answers; close() still ends it", async () => {
    const server = await start([{ hang: true }]);
    await expect(post(server, ask(), { signal: AbortSignal.timeout(150) })).rejects.toThrow();
    expect(server.requests).toHaveLength(1);
  });

  it("checks before serving a step: the route, the key, the model, a JSON body, a step left", async () => {
    const server = await start([{ reply: "only one" }]);
    const error = async (r: Response) => [r.status, ((await r.json()) as { error: { message: string } }).error.message];
    expect(await error(await post(server, ask(), { path: "/models" }))).toEqual([404, "no route POST /v1/models"]);
    expect(await error(await post(server, ask(), { key: "sk-wrong" }))).toEqual([401, "Incorrect API key provided"]);
    expect(await error(await post(server, ask({ model: "other" })))).toEqual([404, "The model 'other' does not exist"]);
    expect(await error(await post(server, "{not json"))).toEqual([400, "the body is not JSON"]);
    expect(server.remaining).toBe(1); // none of those used the step
    expect((await post(server, ask())).status).toBe(200);
    expect(await error(await post(server, ask()))).toEqual([400, "the stand-in server has no step for request 5"]); // the 5th request it recorded
    expect(server.requests.map((r) => r.authorized)).toEqual([true, true, true, true, true]); // the bad JSON body is not recorded
  });

  it("bad arguments: steps not an array; a pieceSize that is not a positive integer breaks that answer only", async () => {
    await expect(startStandInServer("x" as never, { models: [], key: "" })).rejects.toThrow(WorkbenchInputError);
    await expect(startStandInServer("x" as never, { models: [], key: "" })).rejects.toThrow("startStandInServer: steps must be an array");
    const server = await start([{ reply: "abc", pieceSize: 0 }, { reply: "fine" }]);
    await expect(post(server, ask({ stream: true })).then((r) => r.text())).rejects.toThrow();
    expect((await (await post(server, ask())).json()) as unknown).toMatchObject({ choices: [{ message: { content: "fine" } }] });
  });
});

describe("stepsFromRecording", () => {
  const call = (c: Partial<RecordedCall>): RecordedCall => ({ messages: [], reply: null, error: null, seconds: 0, wait: null, ...c });
  const recording = (calls: RecordedCall[]): Recording => ({
    format: "aider-workbench/model-recording", version: 1, model: "openai:m", server: "s", note: "", recordedAt: "", session: {}, calls,
  });

  it("replies with their pieces, finish reason, usage and cost; HTTP failures as they came; a dropped stream with its pieces", () => {
    const steps = stepsFromRecording(
      recording([
        call({ reply: { text: "ab", pieces: ["a", "b"], finishReason: "length", usage: { promptTokens: 3, completionTokens: 4 }, cost: 0.1 } }),
        call({ reply: { text: "plain", pieces: null, finishReason: null, usage: null, cost: null } }),
        call({ error: { kind: "rate-limit", message: "HTTP 429: slow down", status: 429, retryAfter: 1.5, pieces: [] } }),
        call({ error: { kind: "server", message: "HTTP 500: oops", status: 500, retryAfter: null, pieces: [] } }),
        call({ error: { kind: "network", message: "terminated", status: null, retryAfter: null, pieces: ["par", "tial"] } }),
      ]),
    );
    expect(steps).toEqual([
      { reply: "ab", pieces: ["a", "b"], finishReason: "length", usage: { prompt: 3, completion: 4 }, cost: 0.1 },
      { reply: "plain", finishReason: "stop", usage: null },
      { status: 429, message: "slow down", retryAfter: 1.5 },
      { status: 500, message: "oops" },
      { drop: "mid-stream", reply: "partial", after: 7, pieces: ["par", "tial"] },
    ]);
  });

  it("a failure with no HTTP status other than a dropped stream cannot be served again, and says which call", () => {
    const r = recording([call({ reply: { text: "x", pieces: null, finishReason: null, usage: null, cost: null } }), call({ error: { kind: "timeout", message: "late", status: null, retryAfter: null, pieces: [] } })]);
    expect(() => stepsFromRecording(r)).toThrow(WorkbenchInputError);
    expect(() => stepsFromRecording(r)).toThrow(/^stepsFromRecording: recording\.calls\[1\]\.error .*APITimeoutError without an HTTP status cannot be served again/);
  });
});
