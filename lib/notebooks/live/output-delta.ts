/**
 * A running cell's outputs as increments, the way a Jupyter kernel publishes them on iopub (`stream` messages
 * carry only the new text, `display_data`/`update_display_data` one output): the live session's process sends
 * what is new since its last message, at most `maxChars` of text at a time, and keeps only what it has not sent.
 */
import { WorkbenchInputError } from "../../core/errors.js";
import type { Output, StreamOutput } from "../ipynb.js";

/** New text for the stream output at `index` (created when missing), or the whole output at `index` (new or updated). */
export type OutputDelta =
  | { kind: "text"; index: number; name: StreamOutput["name"]; text: string }
  | { kind: "set"; index: number; output: Output };

/** What has been sent of one cell's outputs: how many outputs were announced, and each display's data as sent. */
export interface DeltaCursor {
  announced: number;
  sentData: unknown[];
}

export const newCursor = (): DeltaCursor => ({ announced: 0, sentData: [] });

const ESCAPE_TAIL = /\x1b(\[[0-9;]*)?$/;

/** Where to cut `text` at most `max` characters in: never inside a surrogate pair or an unfinished ANSI escape. */
export function cutPoint(text: string, max: number): number {
  if (text.length <= max) return text.length;
  let at = max;
  const code = text.charCodeAt(at - 1);
  if (code >= 0xd800 && code <= 0xdbff) at--;
  const tail = ESCAPE_TAIL.exec(text.slice(Math.max(0, at - 16), at));
  if (tail) at -= tail[0].length;
  return at > 0 ? at : Math.min(text.length, max); // an escape longer than the chunk: cut it anyway
}

const textOf = (o: StreamOutput): string => (typeof o.text === "string" ? o.text : o.text.join(""));

/**
 * Takes what is new in `outputs` since `cursor` — at most `maxChars` of stream text, at least one delta when anything
 * is new — and CONSUMES it: the stream text taken is cut from the front of its output (the array is the running
 * cell's own, still growing), so that only unsent text stays in memory. Advances `cursor`.
 */
export function takeDeltas(outputs: Output[], cursor: DeltaCursor, maxChars: number): OutputDelta[] {
  if (!Number.isInteger(maxChars) || maxChars < 1) throw new WorkbenchInputError("takeDeltas", "maxChars", "must be an integer ≥ 1", maxChars);
  const deltas: OutputDelta[] = [];
  let budget = maxChars;
  for (let index = 0; index < outputs.length && budget > 0; index++) {
    const output = outputs[index]!;
    const announced = index < cursor.announced;
    if (output.output_type === "stream") {
      const text = textOf(output);
      if (announced && text === "") continue;
      const at = cutPoint(text, budget);
      deltas.push({ kind: "text", index, name: output.name, text: text.slice(0, at) });
      output.text = text.slice(at);
      budget -= Math.max(at, 1);
      if (at < text.length) budget = 0; // the rest of this stream comes first next time
    } else {
      const data = "data" in output ? output.data : output;
      if (announced && cursor.sentData[index] === data) continue;
      deltas.push({ kind: "set", index, output: structuredClone(output) });
      cursor.sentData[index] = data;
      budget -= JSON.stringify(output).length;
    }
    cursor.announced = Math.max(cursor.announced, index + 1);
  }
  return deltas;
}

/** Whether `outputs` hold anything `takeDeltas` would take. */
export function hasNew(outputs: readonly Output[], cursor: DeltaCursor): boolean {
  if (outputs.length > cursor.announced) return true;
  return outputs.some((o, i) => (o.output_type === "stream" ? textOf(o) !== "" : cursor.sentData[i] !== ("data" in o ? o.data : o)));
}

/** Drops every unsent stream text of `outputs` and marks everything as sent (nobody is listening any more). */
export function discardNew(outputs: Output[], cursor: DeltaCursor): void {
  outputs.forEach((o, i) => {
    if (o.output_type === "stream") o.text = "";
    else cursor.sentData[i] = "data" in o ? o.data : o;
  });
  cursor.announced = outputs.length;
}

/** Folds `deltas` into `outputs` (in place; returns it): what a listener that keeps everything sees. */
export function applyDeltas(outputs: Output[], deltas: readonly OutputDelta[]): Output[] {
  for (const d of deltas) {
    if (!Number.isInteger(d.index) || d.index < 0 || d.index > outputs.length) {
      throw new WorkbenchInputError("applyDeltas", "deltas", `must name an output index in 0…${outputs.length}`, d.index);
    }
    if (d.kind === "set") outputs[d.index] = structuredClone(d.output);
    else {
      const at = outputs[d.index];
      if (at?.output_type === "stream" && at.name === d.name) at.text = textOf(at) + d.text;
      else outputs[d.index] = { output_type: "stream", name: d.name, text: d.text };
    }
  }
  return outputs;
}

/** A listener that keeps every output it hears (tests, benchmarks, callers without a page). */
export function collectOutputs(): { outputs: Output[]; listen: (deltas: readonly OutputDelta[]) => boolean } {
  const outputs: Output[] = [];
  return { outputs, listen: (deltas) => (applyDeltas(outputs, deltas), true) };
}
