/**
 * A one-line progress bar on stderr for long work (CONTRIBUTING: long work shows progress, on a TTY only).
 * It draws nothing unless stderr is a terminal and the job has at least `minTotal` steps, redraws at most every
 * `intervalMs`, and erases itself when done, so piped or captured output never contains it.
 */
import type { CliIO } from "./command.js";

export interface ProgressOptions {
  /** Jobs smaller than this draw nothing. */
  minTotal: number;
  intervalMs: number;
  width: number;
  /** Clock, injectable for tests. */
  now: () => number;
}

export const PROGRESS_DEFAULTS: Readonly<ProgressOptions> = Object.freeze({ minTotal: 300, intervalMs: 100, width: 30, now: () => Date.now() });

export interface Progress {
  /** Reports `done` of `total` steps. */
  update(done: number, total: number): void;
  /** Erases the bar (if one was drawn). */
  finish(): void;
}

/** The bar's text: `label [#####.....] done/total`. */
export function progressLine(label: string, count: { done: number; total: number }, width: number): string {
  const { done, total } = count;
  const filled = total > 0 ? Math.min(width, Math.floor((done / total) * width)) : width;
  return `${label} [${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${total}`;
}

/** A progress bar writing to `io.stderr`, or a silent one when `io.isTTY` is false. */
export function progressBar(io: CliIO, label: string, options: Partial<ProgressOptions> = {}): Progress {
  const opts = { ...PROGRESS_DEFAULTS, ...options };
  let last = -Infinity;
  let drawn = false;
  return {
    update(done, total) {
      if (!io.isTTY || total < opts.minTotal) return;
      const t = opts.now();
      if (done < total && t - last < opts.intervalMs) return;
      last = t;
      const write = io.control ?? io.stderr;
      write(`\r`);
      io.stderr(progressLine(label, { done, total }, opts.width));
      drawn = true;
    },
    finish() {
      if (drawn) (io.control ?? io.stderr)("\r\x1b[2K");
      drawn = false;
    },
  };
}
