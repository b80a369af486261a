/**
 * A response written as NDJSON lines with backpressure: a line resolves true once the socket has taken it (at
 * once, or when it drains), so the caller asks for more output only then; a client that takes nothing for
 * `stallMs` while a line waits is cut off (the connection destroyed, every later line refused), so what waits for
 * it is one line, never a run's whole output. A client that goes away is noticed the same way.
 */
import type { ServerResponse } from "node:http";
import { requireInteger } from "../../core/validate.js";

export interface LineStreamOptions {
  /** How long a client may take none of a waiting line before it is cut off. */
  stallMs: number;
}

export const LINE_STREAM_DEFAULTS: Readonly<LineStreamOptions> = Object.freeze({ stallMs: 10_000 });

export interface LineStream {
  /** Writes `value` as one JSON line; true once the socket took it, false when the client is gone or was cut off. */
  send(value: unknown): Promise<boolean>;
  /** Ends the response (nothing when the client is gone). */
  end(): void;
  /** Why the client no longer gets lines: "cut off" (it stopped reading) or "gone" (it closed); null while it does. */
  readonly lost: "cut off" | "gone" | null;
}

/** Streams lines to `res` (its headers already written) under `options`. */
export function createLineStream(res: ServerResponse, options: Partial<LineStreamOptions> = {}): LineStream {
  const { stallMs } = { ...LINE_STREAM_DEFAULTS, ...options };
  requireInteger("createLineStream", "options.stallMs", stallMs, 1);
  let lost: LineStream["lost"] = null;
  let draining: Promise<boolean> | null = null;
  res.on("close", () => {
    if (!res.writableFinished) lost ??= "gone";
  });

  /** Resolves true when the socket drains, false when the client goes away or takes nothing for `stallMs`. */
  const drained = (): Promise<boolean> =>
    (draining ??= new Promise<boolean>((resolve) => {
      const finish = (ok: boolean) => {
        clearTimeout(timer);
        res.off("drain", onDrain);
        res.off("close", onClose);
        draining = null;
        resolve(ok);
      };
      const onDrain = () => finish(true);
      const onClose = () => finish(false);
      const timer = setTimeout(() => {
        lost ??= "cut off";
        res.destroy();
        finish(false);
      }, stallMs);
      res.on("drain", onDrain);
      res.on("close", onClose);
    }));

  return {
    async send(value) {
      if (lost || res.destroyed) {
        lost ??= "gone";
        return false;
      }
      if (res.write(`${JSON.stringify(value)}\n`)) return true;
      return drained();
    },
    end() {
      if (!lost && !res.destroyed) res.end();
    },
    get lost() {
      return lost;
    },
  };
}
