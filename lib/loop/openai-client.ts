/**
 * A real model for the loop: an OpenAI-compatible chat-completions client over Node's own fetch
 * (undici), beside the scripted model. It streams the reply (server-sent events) piece by piece into the loop's
 * sink, maps every failure to a provider error class of seed 001 §11 (429 and 5xx, timeouts and dropped
 * connections are retried by model-client.ts, counted apart from reflections), sleeps the backoff for real, keeps
 * the whole run inside a bounded total time, and reports tokens and cost when the server does. A configuration
 * mistake found on the first call (a URL that refuses, a key or model the server rejects) is a `ModelConfigError`:
 * one line naming what to set. Why fetch and not the `openai` package: lib/loop/README.md, "A real model".
 */
import { WorkbenchInputError } from "../core/errors.js";
import { rejectUnknownKeys, requireBoolean, requireFinite, requireRecord } from "../core/validate.js";
import type { PromptMessage } from "./context.js";
import { configFromEnv, displayUrl, ModelConfigError, redactor, type OpenAIConfig } from "./openai-config.js";
import { errorText, httpFailure, parseCompletion, parseRetryAfter, parseStreamData, requestBody, takeSseData } from "./openai-protocol.js";
import { ProviderError, type ChunkSink, type LoopModel, type ModelReply } from "./scripted-model.js";

export interface OpenAIClientOptions {
  /** Stream the reply (SSE) as it is generated; false: one JSON answer. */
  stream: boolean;
  /** Seconds one attempt may take, from sending to the last piece. */
  attemptSeconds: number;
  /** Seconds the whole run may take: every attempt and every backoff wait (counted from this client's first call: one client per run). */
  totalSeconds: number;
  /** The reply's token limit (max_tokens), or null to leave it to the server. */
  maxTokens: number | null;
}

export const OPENAI_CLIENT_DEFAULTS: Readonly<OpenAIClientOptions> = Object.freeze({ stream: true, attemptSeconds: 120, totalSeconds: 600, maxTokens: null });

/** Validates partial client options and fills in the defaults. */
export function checkClientOptions(where: string, options: unknown): OpenAIClientOptions {
  const o = requireRecord(where, "options", options);
  rejectUnknownKeys(where, "options", o, Object.keys(OPENAI_CLIENT_DEFAULTS));
  const full = { ...OPENAI_CLIENT_DEFAULTS, ...o } as Record<string, unknown>;
  for (const k of ["attemptSeconds", "totalSeconds"]) {
    if (requireFinite(where, `options.${k}`, full[k]) <= 0) throw new WorkbenchInputError(where, `options.${k}`, "must be > 0", full[k]);
  }
  const mt = full.maxTokens;
  if (mt !== null && !(Number.isInteger(mt) && (mt as number) > 0)) throw new WorkbenchInputError(where, "options.maxTokens", "must be a positive integer or null", mt);
  return { stream: requireBoolean(where, "options.stream", full.stream), attemptSeconds: full.attemptSeconds as number, totalSeconds: full.totalSeconds as number, maxTokens: mt as number | null };
}

/** A chat-completions model reached over HTTP. */
export class OpenAIChatModel implements LoopModel {
  readonly name: string;
  readonly options: OpenAIClientOptions;
  /** The base URL as it may be shown (never the key). */
  readonly server: string;
  private readonly config: OpenAIConfig;
  private readonly redact: (text: string) => string;
  private startedAt: number | null = null;
  private answered = false;

  constructor(config: OpenAIConfig, options: Partial<OpenAIClientOptions> = {}) {
    this.options = checkClientOptions("OpenAIChatModel", options);
    this.config = { ...config };
    this.redact = redactor(config.apiKey);
    this.name = `openai:${config.model}`;
    this.server = displayUrl(config.baseUrl);
  }

  /** The model of `--model openai:NAME`, configured from OPENAI_BASE_URL and OPENAI_API_KEY in `env`. */
  static fromEnv(spec: string, env: Readonly<Record<string, string | undefined>>, options: Partial<OpenAIClientOptions> = {}): OpenAIChatModel {
    return new OpenAIChatModel(configFromEnv(spec, env), options);
  }

  /** Seconds left of the run's total time. */
  private remaining(): number {
    this.startedAt ??= Date.now();
    return this.options.totalSeconds - (Date.now() - this.startedAt) / 1000;
  }

  async wait(seconds: number): Promise<void> {
    if (seconds >= this.remaining()) {
      throw new ProviderError("timeout", `giving up: waiting ${seconds} s more would pass the run's limit of ${this.options.totalSeconds} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  }

  async complete(messages: readonly PromptMessage[], sink?: ChunkSink): Promise<ModelReply> {
    const left = this.remaining();
    if (left <= 0) throw new ProviderError("timeout", `the run's limit of ${this.options.totalSeconds} s is used up`);
    const seconds = Math.min(this.options.attemptSeconds, left);
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), seconds * 1000);
    try {
      const reply = await this.attempt(messages, sink, abort.signal, seconds);
      this.answered = true;
      return reply;
    } catch (err) {
      if (err instanceof ProviderError || err instanceof ModelConfigError) throw err;
      if (abort.signal.aborted) throw new ProviderError("timeout", `no complete answer within ${seconds} s`);
      throw this.connectionFailure(err);
    } finally {
      clearTimeout(timer);
    }
  }

  private async attempt(messages: readonly PromptMessage[], sink: ChunkSink | undefined, signal: AbortSignal, seconds: number): Promise<ModelReply> {
    const { stream, maxTokens } = this.options;
    const response = await fetch(`${this.config.baseUrl}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${this.config.apiKey}` },
      body: JSON.stringify(requestBody(this.config.model, messages, { stream, maxTokens })),
      signal,
    });
    if (!response.ok) {
      const body = this.redact((await response.text()).slice(0, 2000));
      let message: string;
      try {
        message = errorText(JSON.parse(body)) ?? body.trim();
      } catch {
        message = body.trim() || response.statusText;
      }
      const failure = httpFailure(response.status, message.split("\n")[0]!.slice(0, 300), parseRetryAfter(response.headers));
      throw this.answered ? failure : this.configProblem(failure) ?? failure;
    }
    const isStream = stream && (response.headers.get("content-type") ?? "").includes("text/event-stream");
    if (!isStream) {
      const parsed = parseCompletion(await response.json().catch(() => null));
      if (parsed === null) throw new ProviderError("server", "the answer has no choices[0].message.content", { status: response.status });
      return { ...parsed, text: this.redact(parsed.text), chunks: null };
    }
    return this.readStream(response, sink, signal, seconds);
  }

  /** Reads the SSE stream, handing each piece of text to `sink` as it arrives. */
  private async readStream(response: Response, sink: ChunkSink | undefined, signal: AbortSignal, seconds: number): Promise<ModelReply> {
    const reply: ModelReply = { text: "", finishReason: null, usage: null, cost: null, chunks: 0 };
    const decoder = new TextDecoder();
    let buffer = "";
    let done = false;
    const reader = response.body!.getReader();
    try {
      while (!done) {
        const { value, done: ended } = await reader.read();
        if (ended) break;
        const taken = takeSseData(buffer + decoder.decode(value, { stream: true }));
        buffer = taken.rest;
        for (const data of taken.data) {
          if (data.trim() === "[DONE]") {
            done = true;
            break;
          }
          const d = parseStreamData(data);
          if (d.error !== null) throw new ProviderError("server", `in the stream: ${this.redact(d.error)}`, { status: response.status });
          if (d.text !== "") {
            const piece = this.redact(d.text);
            reply.text += piece;
            reply.chunks!++;
            sink?.chunk(piece);
          }
          reply.finishReason = d.finishReason ?? reply.finishReason;
          reply.usage = d.usage ?? reply.usage;
          reply.cost = d.cost ?? reply.cost;
        }
      }
    } catch (err) {
      if (err instanceof ProviderError) throw err;
      if (signal.aborted) throw new ProviderError("timeout", `no complete answer within ${seconds} s (${reply.text.length} characters had arrived)`);
      throw new ProviderError("network", `the connection dropped mid-stream after ${reply.text.length} characters (${this.redact(causeText(err))})`);
    } finally {
      reader.releaseLock();
    }
    if (!done && reply.finishReason === null) {
      throw new ProviderError("network", `the stream ended without [DONE] after ${reply.text.length} characters: the connection dropped`);
    }
    return reply;
  }

  /** A fetch that failed before an answer: a refused URL on the first call is configuration, else a retried network error. */
  private connectionFailure(err: unknown): Error {
    const why = this.redact(causeText(err));
    if (!this.answered && /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|bad port|ERR_INVALID_URL/.test(why)) {
      return new ModelConfigError(`nothing answers at ${this.server} (${why}): set OPENAI_BASE_URL to a running server`);
    }
    return new ProviderError("network", why);
  }

  /** A rejection of the first call that is the user's configuration, as a one-line `ModelConfigError`; else null. */
  private configProblem(e: ProviderError): ModelConfigError | null {
    const said = e.message.replace(/^\w+: /, "");
    if (e.kind === "auth") return new ModelConfigError(`${this.server} refused the key (${said}): check OPENAI_API_KEY`);
    if (e.status === 404) {
      return new ModelConfigError(`${this.server} has no model "${this.config.model}" or no /chat/completions (${said}): check --model and OPENAI_BASE_URL`);
    }
    return null;
  }
}

/** The innermost message of a fetch failure ("fetch failed" hides the cause: ECONNREFUSED, "other side closed" …). */
function causeText(err: unknown): string {
  const parts: string[] = [];
  for (let e = err as { message?: unknown; code?: unknown; cause?: unknown } | undefined, n = 0; e && n < 5; e = e.cause as typeof e, n++) {
    const text = `${typeof e.code === "string" ? `${e.code} ` : ""}${String(e.message ?? e)}`;
    parts.push(text);
  }
  return parts.length === 0 ? "unknown error" : parts[parts.length - 1]!.trim().split("\n")[0]!;
}
