/**
 * How often a "by hand" part may be checked with a NEW answer. A by-hand part (exercise 06's,
 * 08's and 09's traces and predictions) reports only how many answers are right, never which; without a limit a
 * learner could still change one answer, re-grade and watch the count. So the judge keeps a ledger of the answers
 * it has checked, per part: an answer it has seen before is checked again for free (a watch session or an
 * unchanged file costs nothing), a new one is checked only while fewer than `perHour` new answers were checked in
 * the last `windowMs`; past that the part is not checked at all (a passing answer would otherwise leak through the
 * refusal) and the learner is told when the next check is possible.
 *
 * The ledger is `.workbench/attempts/<exercise id>.json` in the checkout (one file per exercise: each exercise's
 * judge is its own process, and they run at once), kept only when the student's own exercises/ are graded
 * (like progress, state.ts). It is an honest speed bump, not a lock: deleting `.workbench/`, grading a copy with
 * `--target`, or running the graded tests with plain vitest all start over — the answers are in solutions/ anyway.
 * Written by the judge only (student code runs in a sandbox that can write no file).
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { WorkbenchInputError } from "../core/errors.js";
import { requireString } from "../core/validate.js";

/** Where the ledgers are kept, relative to the checkout's root. */
export const ATTEMPTS_DIR = ".workbench/attempts";

/** The ledger file of one exercise in `dir`. */
export function ledgerPath(dir: string, exerciseId: string): string {
  requireString("ledgerPath", "dir", dir);
  if (typeof exerciseId !== "string" || !/^\d{2}-[a-z0-9-]+$/.test(exerciseId)) throw new WorkbenchInputError("ledgerPath", "exerciseId", 'must be an exercise id like "06-trace-the-path"', exerciseId);
  return join(dir, `${exerciseId}.json`);
}

/** New answers per part per window: 5 an hour, enough to fix slips, too few to search the answers by the count. */
export const ATTEMPT_DEFAULTS = Object.freeze({ perHour: 5, windowMs: 60 * 60 * 1000 });

export interface AttemptLimits {
  readonly perHour: number;
  readonly windowMs: number;
}

/** One checked answer: its fingerprint and when it was first checked (ISO time). */
export interface CheckedAnswer {
  readonly answer: string;
  readonly at: string;
}

/** Per part (`<exercise id>/<test name>`), the answers checked, oldest first. */
export interface AttemptLedger {
  readonly version: 1;
  readonly parts: Readonly<Record<string, readonly CheckedAnswer[]>>;
}

export type AttemptDecision =
  | { readonly check: true; readonly ledger: AttemptLedger; readonly seenBefore: boolean; readonly newInWindow: number }
  | { readonly check: false; readonly newInWindow: number; readonly nextAt: Date };

export function emptyLedger(): AttemptLedger {
  return { version: 1, parts: {} };
}

/**
 * A stable fingerprint of an answer (SHA-256 of a canonical form: object keys sorted; Maps, Sets, BigInt, -0 and
 * cycles encoded, so any decoded student value has one): the ledger never holds the answers themselves.
 */
export function answerFingerprint(answer: unknown): string {
  const seen = new Set<object>();
  const canonical = (v: unknown): unknown => {
    if (typeof v === "bigint") return { bigint: v.toString() };
    if (typeof v === "number") return Object.is(v, -0) ? { number: "-0" } : Number.isFinite(v) ? v : { number: String(v) };
    if (v === undefined) return { undefined: true };
    if (v === null || typeof v !== "object") return v;
    if (seen.has(v)) return { cycle: true };
    seen.add(v);
    const out: unknown =
      v instanceof Map ? { map: [...v].map(([k, x]) => [canonical(k), canonical(x)]) }
      : v instanceof Set ? { set: [...v].map(canonical) }
      : Array.isArray(v) ? v.map(canonical)
      : Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]));
    seen.delete(v);
    return out;
  };
  return createHash("sha256").update(JSON.stringify(canonical(answer))).digest("hex").slice(0, 32);
}

/** One answer to decide on: the part (`<test name>`), the answer's fingerprint, and when. */
export interface Attempt {
  readonly part: string;
  readonly answer: string;
  readonly now: Date;
}

/**
 * Whether `attempt` may be checked, and the ledger after checking it. Pure: the caller saves the ledger. Answers
 * first checked longer than `limits.windowMs` ago no longer count.
 */
export function decideAttempt(ledger: AttemptLedger, attempt: Attempt, limits: AttemptLimits = ATTEMPT_DEFAULTS): AttemptDecision {
  const where = "decideAttempt";
  if (!isLedger(ledger)) throw new WorkbenchInputError(where, "ledger", "must be { version: 1, parts: { <part>: [{ answer, at }] } }", ledger);
  if (typeof attempt !== "object" || attempt === null) throw new WorkbenchInputError(where, "attempt", "must be { part, answer, now }", attempt);
  requireString(where, "attempt.part", attempt.part);
  requireString(where, "attempt.answer", attempt.answer);
  if (!(attempt.now instanceof Date) || Number.isNaN(attempt.now.getTime())) throw new WorkbenchInputError(where, "attempt.now", "must be a valid Date", attempt.now);
  if (!Number.isSafeInteger(limits?.perHour) || limits.perHour < 1) throw new WorkbenchInputError(where, "limits.perHour", "must be a whole number ≥ 1", limits?.perHour);
  if (!Number.isSafeInteger(limits.windowMs) || limits.windowMs < 1) throw new WorkbenchInputError(where, "limits.windowMs", "must be a whole number of milliseconds ≥ 1", limits.windowMs);
  const { part, answer, now } = attempt;
  const seen = ledger.parts[part] ?? [];
  const since = now.getTime() - limits.windowMs;
  const recent = seen.filter((c) => Date.parse(c.at) > since);
  if (seen.some((c) => c.answer === answer)) return { check: true, ledger, seenBefore: true, newInWindow: recent.length };
  if (recent.length >= limits.perHour) {
    const oldest = Math.min(...recent.map((c) => Date.parse(c.at)));
    return { check: false, newInWindow: recent.length, nextAt: new Date(oldest + limits.windowMs) };
  }
  const parts = { ...ledger.parts, [part]: [...seen, { answer, at: now.toISOString() }] };
  return { check: true, ledger: { version: 1, parts }, seenBefore: false, newInWindow: recent.length + 1 };
}

/** True for a well-formed ledger. */
function isLedger(v: unknown): v is AttemptLedger {
  if (typeof v !== "object" || v === null || (v as { version?: unknown }).version !== 1) return false;
  const parts = (v as { parts?: unknown }).parts;
  if (typeof parts !== "object" || parts === null || Array.isArray(parts)) return false;
  return Object.values(parts).every(
    (list) => Array.isArray(list) && list.every((c) => typeof c?.answer === "string" && typeof c?.at === "string" && !Number.isNaN(Date.parse(c.at))),
  );
}

/** Reads the ledger; a missing file is a fresh start, a malformed one is moved aside to `<path>.bad-<time>`. */
export function loadLedger(path: string): AttemptLedger {
  requireString("loadLedger", "path", path);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return emptyLedger();
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (isLedger(parsed)) return parsed;
  } catch {
    // not JSON: moved aside below
  }
  renameSync(path, `${path}.bad-${Date.now()}`);
  return emptyLedger();
}

/** Writes the ledger atomically (a temporary file, then a rename). */
export function saveLedger(path: string, ledger: AttemptLedger): void {
  requireString("saveLedger", "path", path);
  if (!isLedger(ledger)) throw new WorkbenchInputError("saveLedger", "ledger", "must be { version: 1, parts: { <part>: [{ answer, at }] } }", ledger);
  mkdirSync(dirname(path), { recursive: true });
  const tmp = join(dirname(path), `.attempts-${process.pid}.tmp`);
  writeFileSync(tmp, JSON.stringify(ledger, null, 2) + "\n");
  renameSync(tmp, path);
}
