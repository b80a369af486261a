/**
 * Fences (`aider/coders/base_coder.py` `choose_fence`): the pairs Aider can wrap code in, and `choose_fence`, which picks the first pair that no
 * line of the chat files starts with. The SEARCH/REPLACE parser uses the fence only to recognise filename lines
 * and in its error text (`aider/coders/editblock_coder.py` `find_original_update_blocks`); the failure message wraps "Did you mean" lines in it (`aider/coders/editblock_coder.py` `apply_edits`).
 */
import { WorkbenchInputError } from "../core/errors.js";
import { splitlines } from "../core/pystr.js";
import { requireStringArray } from "../core/validate.js";

/** An (open, close) pair such as ["```", "```"] or ["<source>", "</source>"]. */
export type Fence = readonly [open: string, close: string];

/** Aider's `all_fences`, in the order `choose_fence` tries them. */
export const ALL_FENCES: readonly Fence[] = Object.freeze([
  ["```", "```"],
  ["````", "````"],
  ["<source>", "</source>"],
  ["<code>", "</code>"],
  ["<pre>", "</pre>"],
  ["<codeblock>", "</codeblock>"],
  ["<sourcecode>", "</sourcecode>"],
] as const);

/** Triple backticks: Aider's default fence, and the fallback when every fence collides. */
export const DEFAULT_FENCE: Fence = ALL_FENCES[0]!;

/** A fence argument: an array of exactly two non-empty strings, else a `WorkbenchInputError` from `where`. */
export function requireFence(where: string, param: string, value: unknown): Fence {
  if (!Array.isArray(value) || value.length !== 2) {
    throw new WorkbenchInputError(where, param, "must be a pair [open, close] of non-empty strings", value);
  }
  value.forEach((v, i) => {
    if (typeof v !== "string" || v === "") {
      throw new WorkbenchInputError(where, `${param}[${i}]`, "must be a non-empty string", v);
    }
  });
  return value as unknown as Fence;
}

export interface FenceChoice {
  fence: Fence;
  /** True when every fence collided and Aider fell back to triple backticks (it warns "Unable to find a fencing strategy!"). */
  fellBack: boolean;
}

/**
 * Aider's `choose_fence`: the contents of the chat files (editable and read-only, in order) are joined, each
 * followed by "\n", split with Python's `splitlines`, and the first fence whose open and close strings start no
 * line is chosen.
 */
export function chooseFence(contents: readonly string[]): FenceChoice {
  requireStringArray("chooseFence", "contents", contents);
  const lines = splitlines(contents.map((c) => c + "\n").join(""));
  for (const fence of ALL_FENCES) {
    const [open, close] = fence;
    if (!lines.some((l) => l.startsWith(open) || l.startsWith(close))) return { fence, fellBack: false };
  }
  return { fence: DEFAULT_FENCE, fellBack: true };
}
