/**
 * A local stand-in for an OpenAI-compatible server, on 127.0.0.1 only: it answers POST
 * /v1/chat/completions from a script — replies, streamed (server-sent events) or not, and the faults a real
 * provider has (seed 001 §11 "provider/network"): an HTTP error with Retry-After (429), a server error (500), a
 * connection dropped mid-stream, a reply cut at the token limit (finish_reason "length"), no answer at all — and
 * keeps every request it received. `stepsFromRecording` turns a recording back into a script, so a recorded
 * exchange can be served again. The tests and the notebook's recording use it; nothing here leaves the machine.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { WorkbenchInputError } from "../core/errors.js";
import { requireArray } from "../core/validate.js";
import { PROVIDER_FAILURES } from "./scripted-model.js";
import type { Recording } from "./recording-format.js";

/** One answer of the stand-in server. */
export type StandInStep =
  /** A reply: streamed when the request asks for it, in `pieces` (or pieces of `pieceSize` characters, default 8). */
  | { reply: string; pieces?: string[]; pieceSize?: number; finishReason?: string; usage?: { prompt: number; completion: number } | null; cost?: number }
  /** An HTTP error with an OpenAI-style error body; `retryAfter` becomes the Retry-After header. */
  | { status: number; message?: string; retryAfter?: number | string }
  /** Streams the first `after` characters of `reply` (or the given `pieces`), then closes the connection. */
  | { drop: "mid-stream"; reply: string; after: number; pieces?: string[] }
  /** Never answers (for the client's timeout); the socket closes when the server does. */
  | { hang: true };

/** A request the server received: the body, and whether an Authorization header came with it (never its value). */
export interface ReceivedRequest {
  path: string;
  body: Record<string, unknown>;
  authorized: boolean;
}

export interface StandInServer {
  /** The base URL to put in OPENAI_BASE_URL: http://127.0.0.1:PORT/v1. */
  url: string;
  requests: ReceivedRequest[];
  /** Steps not yet served. */
  readonly remaining: number;
  close(): Promise<void>;
}

export interface StandInOptions {
  /** Model names the server knows (another name is a 404, as an unknown model is). */
  models: string[];
  /** The key it accepts (another one is a 401). */
  key: string;
}

/** Starts the stand-in on 127.0.0.1, port 0 (a free one). */
export async function startStandInServer(steps: readonly StandInStep[], options: StandInOptions): Promise<StandInServer> {
  requireArray("startStandInServer", "steps", steps);
  const script = [...steps];
  const requests: ReceivedRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    void answer(req, res).catch(() => res.destroy());
  });
  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
    } catch {
      return sendError(res, 400, "the body is not JSON");
    }
    const authorized = req.headers.authorization !== undefined;
    requests.push({ path: req.url ?? "", body, authorized });
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) return sendError(res, 404, `no route ${req.method} ${req.url}`);
    if (req.headers.authorization !== `Bearer ${options.key}`) return sendError(res, 401, "Incorrect API key provided");
    if (!options.models.includes(String(body.model))) return sendError(res, 404, `The model '${String(body.model)}' does not exist`);
    const step = script.shift();
    if (step === undefined) return sendError(res, 400, `the stand-in server has no step for request ${requests.length}`);
    const stream = body.stream === true;
    if ("hang" in step) return void hanging.add(res);
    if ("status" in step) {
      const headers: Record<string, string> = step.retryAfter === undefined ? {} : { "retry-after": String(step.retryAfter) };
      return sendError(res, step.status, step.message ?? `stand-in failure ${step.status}`, headers);
    }
    if ("drop" in step) {
      res.writeHead(200, { "content-type": "text/event-stream" });
      for (const p of step.pieces ?? [step.reply.slice(0, step.after)]) res.write(event(piece(p, null)));
      await new Promise((r) => setTimeout(r, 20));
      return void res.socket?.destroy();
    }
    const finish = step.finishReason ?? "stop";
    const usage = step.usage === null ? undefined : { prompt_tokens: step.usage?.prompt ?? 100, completion_tokens: step.usage?.completion ?? 20, ...(step.cost === undefined ? {} : { cost: step.cost }) };
    if (!stream) {
      const json = { id: "standin", object: "chat.completion", model: body.model, choices: [{ index: 0, message: { role: "assistant", content: step.reply }, finish_reason: finish }], usage };
      res.writeHead(200, { "content-type": "application/json" });
      return void res.end(JSON.stringify(json));
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    for (const p of step.pieces ?? split(step.reply, step.pieceSize ?? 8)) res.write(event(piece(p, null)));
    res.write(event(piece("", finish)));
    const wantUsage = (body.stream_options as Record<string, unknown> | undefined)?.include_usage === true;
    if (usage && wantUsage) res.write(event({ id: "standin", object: "chat.completion.chunk", choices: [], usage }));
    res.end("data: [DONE]\n\n");
  }
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    get remaining() {
      return script.length;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const event = (json: unknown) => `data: ${JSON.stringify(json)}\n\n`;
const piece = (content: string, finish: string | null) => ({
  id: "standin",
  object: "chat.completion.chunk",
  choices: [{ index: 0, delta: content === "" ? {} : { content }, finish_reason: finish }],
});

function split(text: string, size: number): string[] {
  if (!(Number.isInteger(size) && size > 0)) throw new WorkbenchInputError("startStandInServer", "pieceSize", "must be a positive integer", size);
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

function sendError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify({ error: { message, type: "stand_in_error", code: status } }));
}

/** The stand-in script that serves a recording's calls again: each reply in its pieces, each HTTP failure as it came. */
export function stepsFromRecording(recording: Recording): StandInStep[] {
  return recording.calls.map((c, i): StandInStep => {
    if (c.reply !== null) {
      const usage = c.reply.usage === null ? null : { prompt: c.reply.usage.promptTokens, completion: c.reply.usage.completionTokens };
      return { reply: c.reply.text, ...(c.reply.pieces ? { pieces: c.reply.pieces } : {}), finishReason: c.reply.finishReason ?? "stop", usage, ...(c.reply.cost === null ? {} : { cost: c.reply.cost }) };
    }
    const e = c.error!;
    if (e.status !== null) return { status: e.status, message: e.message.replace(/^HTTP \d+: /, ""), ...(e.retryAfter === null ? {} : { retryAfter: e.retryAfter }) };
    if (e.kind === "network") {
      const partial = e.pieces.join("");
      return { drop: "mid-stream", reply: partial, after: partial.length, pieces: e.pieces };
    }
    throw new WorkbenchInputError("stepsFromRecording", `recording.calls[${i}].error`, `a ${PROVIDER_FAILURES[e.kind].name} without an HTTP status cannot be served again`, e.kind);
  });
}
