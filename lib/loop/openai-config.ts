/**
 * Where a real model is and how to reach it (seed 001 §11 "provider/network"): `--model openai:NAME`, the
 * base URL from OPENAI_BASE_URL (any OpenAI-compatible chat-completions server: OpenAI, Ollama, llama.cpp, vLLM …)
 * and the key from OPENAI_API_KEY. The key lives only in memory: it is never written to disk or printed, and
 * `redact` removes it from every text the client hands on (errors, traces, recordings).
 */
import { WorkbenchInputError } from "../core/errors.js";

/** A configuration mistake (no key, a URL that refuses, an unknown model): one line saying what to set. */
export class ModelConfigError extends Error {
  constructor(message: string) {
    super(message.replace(/\s*\n\s*/g, " "));
    this.name = "ModelConfigError";
  }
}

export interface OpenAIConfig {
  /** The server's base URL, ending before `/chat/completions` (e.g. http://127.0.0.1:11434/v1). */
  baseUrl: string;
  /** The model name the server knows (`NAME` of `openai:NAME`). */
  model: string;
  /** The bearer key; never printed (see `redact`). */
  apiKey: string;
}

export const DEFAULT_BASE_URL = "https://api.openai.com/v1";
export const MODEL_PREFIX = "openai:";

/** `openai:NAME` → NAME; anything else is a `ModelConfigError`. */
export function parseModelSpec(spec: string): string {
  if (!spec.startsWith(MODEL_PREFIX) || spec.length === MODEL_PREFIX.length || /\s/.test(spec)) {
    throw new ModelConfigError(`--model must be openai:NAME, the name of a model the server knows (got ${JSON.stringify(spec)})`);
  }
  return spec.slice(MODEL_PREFIX.length);
}

/** The configuration from `env` (OPENAI_BASE_URL, OPENAI_API_KEY) for `--model openai:NAME`. */
export function configFromEnv(spec: string, env: Readonly<Record<string, string | undefined>>): OpenAIConfig {
  const model = parseModelSpec(spec);
  const raw = env.OPENAI_BASE_URL?.trim() || DEFAULT_BASE_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ModelConfigError(`OPENAI_BASE_URL is not a URL: set it to the server's base, e.g. http://127.0.0.1:11434/v1`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ModelConfigError(`OPENAI_BASE_URL must be http:// or https:// (got ${url.protocol}): set it to the server's base URL`);
  }
  if (url.username || url.password) {
    throw new ModelConfigError("OPENAI_BASE_URL must not hold a user or password: put the key in OPENAI_API_KEY");
  }
  const apiKey = env.OPENAI_API_KEY ?? "";
  if (apiKey.trim() === "") {
    throw new ModelConfigError(
      `no API key: set OPENAI_API_KEY (a local server that needs none, e.g. Ollama, takes any text: OPENAI_API_KEY=local)`,
    );
  }
  return { baseUrl: url.href.replace(/\/+$/, ""), model, apiKey };
}

/** A function that replaces every occurrence of `secret` (and any `Bearer …` token) in a text by "[redacted]". */
export function redactor(secret: string): (text: string) => string {
  if (typeof secret !== "string") throw new WorkbenchInputError("redactor", "secret", "must be a string", secret);
  return (text) => {
    let out = secret.length >= 4 ? text.split(secret).join("[redacted]") : text;
    out = out.replace(/Bearer\s+[^\s"',]+/gi, "Bearer [redacted]");
    return out;
  };
}

/** The base URL as it may be shown and recorded: no query string (where some servers take a key). */
export function displayUrl(baseUrl: string): string {
  const u = new URL(baseUrl);
  return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, "")}`;
}
