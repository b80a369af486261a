/**
 * Token counting as the repo map does it (`aider/repomap.py` `token_count`): texts under 200 code points are counted exactly; longer
 * ones are estimated from a sample of every (lines // 100)-th line (Python `splitlines(keepends=True)`), scaled by
 * code-point length — so the result can be a fraction. The exact counter is injected; `loadTiktokenCounter` gives a
 * real one (js-tiktoken, o200k_base by default), loaded lazily and cached.
 *
 * Aider's own counter is the chat model's (through litellm); no tokenizer here is exactly that model's.
 */
import { WorkbenchInputError } from "../../core/errors.js";
import { cpLength, splitlines } from "../../core/pystr.js";
import { requireString } from "../../core/validate.js";
import { buildTiktoken } from "./tiktoken-table.js";

/** Counts the tokens of a text exactly (Aider's `main_model.token_count`). */
export type TokenCounter = (text: string) => number;

/** Below this many code points the text is counted exactly. */
export const TOKEN_SAMPLE_THRESHOLD = 200;

function exact(count: TokenCounter, text: string): number {
  const n = count(text);
  if (typeof n !== "number" || !Number.isFinite(n) || n < 0) {
    throw new WorkbenchInputError("sampledTokenCount", "count", "must return a finite, non-negative number", n);
  }
  return n;
}

/** Aider's `RepoMap.token_count`: exact below 200 code points, else a line-sampled estimate. */
export function sampledTokenCount(text: string, count: TokenCounter): number {
  requireString("sampledTokenCount", "text", text);
  if (typeof count !== "function") throw new WorkbenchInputError("sampledTokenCount", "count", "must be a function (text) => number", count);
  const length = cpLength(text);
  if (length < TOKEN_SAMPLE_THRESHOLD) return exact(count, text);
  const lines = splitlines(text, true);
  const step = Math.floor(lines.length / 100) || 1;
  const sample = lines.filter((_, i) => i % step === 0).join("");
  return (exact(count, sample) / cpLength(sample)) * length;
}

/** The encodings `loadTiktokenCounter` offers. */
export type TiktokenEncoding = "o200k_base" | "cl100k_base";

export const TIKTOKEN_DEFAULTS = Object.freeze({ encoding: "o200k_base" as TiktokenEncoding });

const loaded = new Map<TiktokenEncoding, Promise<TokenCounter>>();

/**
 * A real token counter (js-tiktoken, ranks bundled, offline). The first call per encoding builds its table
 * (`buildTiktoken`: 0.4–2.6 s for o200k_base by machine load), later calls reuse it. Special-token text such as
 * "<|endoftext|>" is counted as ordinary text.
 */
export function loadTiktokenCounter(encoding: TiktokenEncoding = TIKTOKEN_DEFAULTS.encoding): Promise<TokenCounter> {
  if (encoding !== "o200k_base" && encoding !== "cl100k_base") {
    throw new WorkbenchInputError("loadTiktokenCounter", "encoding", 'must be "o200k_base" or "cl100k_base"', encoding);
  }
  let counter = loaded.get(encoding);
  if (counter === undefined) {
    counter = (async () => {
      const { Tiktoken } = await import("js-tiktoken/lite");
      const ranks =
        encoding === "o200k_base"
          ? (await import("js-tiktoken/ranks/o200k_base")).default
          : (await import("js-tiktoken/ranks/cl100k_base")).default;
      const enc = buildTiktoken(Tiktoken, ranks);
      return (text: string) => enc.encode(text, [], []).length;
    })();
    loaded.set(encoding, counter);
    counter.catch(() => loaded.delete(encoding));
  }
  return counter;
}
