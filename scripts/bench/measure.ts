/**
 * Timing for the benchmark report: wall and CPU time of one call, repeated runs summarised as a median with the
 * spread (min–max), and the 1-minute load average around them (on a shared machine the load says how much a wall
 * time is worth). A garbage collection before each timed run keeps one run's garbage out of the next one's time.
 */
import { loadavg } from "node:os";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

/** One timed run: wall-clock and process CPU time (all threads, so CPU can exceed wall when V8's GC helps). */
export interface Sample {
  readonly wallMs: number;
  readonly cpuMs: number;
}

/** A series of runs: each sample, its wall median and spread, the CPU median, and the load before and after. */
export interface Series {
  readonly samples: readonly Sample[];
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly cpuMedian: number;
  readonly load: readonly [before: number, after: number];
}

/** Runs `fn` once after a garbage collection and times it. */
export async function timeOnce<T>(fn: () => T | Promise<T>): Promise<{ value: T; sample: Sample }> {
  collectGarbage();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const value = await fn();
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { value, sample: { wallMs, cpuMs: (cpu.user + cpu.system) / 1000 } };
}

/** The median of a non-empty list (the mean of the middle two for an even count). */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Summarises samples taken between two load readings. */
export function series(samples: readonly Sample[], load: readonly [number, number]): Series {
  const wall = samples.map((s) => s.wallMs);
  return { samples, median: median(wall), min: Math.min(...wall), max: Math.max(...wall), cpuMedian: median(samples.map((s) => s.cpuMs)), load };
}

/** The 1-minute load average now. */
export const load1 = (): number => loadavg()[0]!;

/** "auto" warm-up: calls until this much time was spent (at least one call, at most AUTO_WARMUP_CALLS). */
const AUTO_WARMUP_MS = 500;
const AUTO_WARMUP_CALLS = 30;

/**
 * Untimed warm-up calls, so V8 has optimised the code (on a loaded machine its background compiler is slow to get
 * there): `warmup` calls, or "auto". Then `runs` timed calls. Returns the series and the last call's value.
 */
export async function repeat<T>(runs: number, warmup: number | "auto", fn: () => T | Promise<T>): Promise<{ series: Series; value: T }> {
  if (warmup === "auto") {
    const t0 = performance.now();
    for (let i = 0; i < AUTO_WARMUP_CALLS && (i === 0 || performance.now() - t0 < AUTO_WARMUP_MS); i++) await fn();
  } else for (let i = 0; i < warmup; i++) await fn();
  const before = load1();
  const samples: Sample[] = [];
  let value: T | undefined;
  for (let i = 0; i < runs; i++) {
    const r = await timeOnce(fn);
    samples.push(r.sample);
    value = r.value;
  }
  return { series: series(samples, [before, load1()]), value: value as T };
}

/** A duration for a table: seconds with 3 decimals from 1 s, else milliseconds (1 decimal under 10 ms). */
export function duration(ms: number): string {
  if (!Number.isFinite(ms)) return "—";
  if (ms >= 1000) return `${(ms / 1000).toFixed(ms >= 100_000 ? 1 : 3)} s`;
  return ms >= 10 ? `${ms.toFixed(0)} ms` : `${ms.toFixed(1)} ms`;
}

/** "median [min–max]" of a series' wall times. */
export function spread(s: Series): string {
  return s.samples.length === 1 ? duration(s.median) : `${duration(s.median)} [${duration(s.min)}–${duration(s.max)}]`;
}

/** The load around a series, e.g. "1.2→1.5". */
export const loadText = (s: Series): string => `${s.load[0].toFixed(1)}→${s.load[1].toFixed(1)}`;
