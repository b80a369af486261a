/**
 * The by-hand parts' ledger (lib/grader/attempts.ts, issue 15 item 3): an answer already checked is free, a new
 * one is checked only while fewer than the limit were checked in the window, old ones stop counting, and a bad
 * ledger file is moved aside rather than trusted.
 */
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { answerFingerprint, decideAttempt, emptyLedger, ledgerPath, loadLedger, saveLedger, type AttemptLedger } from "../../lib/grader/attempts.js";

const T0 = new Date("2026-12-01T10:00:00Z");
const at = (minutes: number): Date => new Date(T0.getTime() + minutes * 60_000);
const LIMITS = { perHour: 3, windowMs: 60 * 60_000 };

/** Checks `answers` in turn, one a minute from T0 + `from`; returns the decisions and the last ledger. */
function run(answers: string[], ledger: AttemptLedger = emptyLedger(), from = 0) {
  const decisions = answers.map((a, i) => {
    const d = decideAttempt(ledger, { part: "06/by hand", answer: a, now: at(from + i) }, LIMITS);
    if (d.check) ledger = d.ledger;
    return d;
  });
  return { decisions, ledger };
}

describe("decideAttempt", () => {
  it("checks up to the limit of new answers, then refuses new ones until the oldest leaves the window", () => {
    const { decisions, ledger } = run(["a", "b", "c", "d"]);
    expect(decisions.map((d) => d.check)).toEqual([true, true, true, false]);
    const refused = decisions[3]!;
    expect(refused.check === false && refused.nextAt.toISOString()).toBe(at(60).toISOString());
    // An hour after the first, one new answer may be checked again.
    expect(decideAttempt(ledger, { part: "06/by hand", answer: "d", now: at(59) }, LIMITS).check).toBe(false);
    expect(decideAttempt(ledger, { part: "06/by hand", answer: "d", now: at(60.5) }, LIMITS).check).toBe(true);
  });

  it("an answer already checked is checked again for free, even past the limit", () => {
    const { ledger } = run(["a", "b", "c"]);
    const again = decideAttempt(ledger, { part: "06/by hand", answer: "b", now: at(10) }, LIMITS);
    expect(again).toMatchObject({ check: true, seenBefore: true, newInWindow: 3 });
    expect(again.check && again.ledger).toBe(ledger);
  });

  it("each part has its own budget", () => {
    const { ledger } = run(["a", "b", "c"]);
    expect(decideAttempt(ledger, { part: "06/another part", answer: "z", now: at(5) }, LIMITS).check).toBe(true);
  });

  it("refuses malformed arguments with a one-line error naming the parameter", () => {
    expect(() => decideAttempt(emptyLedger(), { part: "p", answer: "a", now: new Date(Number.NaN) })).toThrow(/attempt\.now/);
    expect(() => decideAttempt(emptyLedger(), { part: "p", answer: "a", now: T0 }, { perHour: 0, windowMs: 1 })).toThrow(/limits\.perHour/);
    expect(() => decideAttempt({ version: 2 } as never, { part: "p", answer: "a", now: T0 })).toThrow(/ledger/);
    expect(() => ledgerPath("/tmp", "../x")).toThrow(/exerciseId/);
  });

  it("fingerprints ignore key order and tell different answers apart", () => {
    expect(answerFingerprint({ a: 1, b: "x" })).toBe(answerFingerprint({ b: "x", a: 1 }));
    expect(answerFingerprint({ a: 1, b: "x" })).not.toBe(answerFingerprint({ a: 1, b: "y" }));
    expect(answerFingerprint({ a: null })).not.toBe(answerFingerprint({}));
    expect(answerFingerprint({ a: undefined })).not.toBe(answerFingerprint({}));
    // Whatever a student's answer decodes to has a fingerprint: BigInt, Maps, Sets, cycles.
    const cyclic: Record<string, unknown> = { n: 1n, m: new Map([["k", new Set([1])]]) };
    cyclic.self = cyclic;
    expect(answerFingerprint(cyclic)).toMatch(/^[0-9a-f]{32}$/);
    expect(answerFingerprint(1n)).not.toBe(answerFingerprint("1"));
  });
});

describe("the ledger file", () => {
  it("round-trips, and a malformed file is moved aside and replaced by an empty ledger", () => {
    const dir = mkdtempSync(join(tmpdir(), "wb-attempts-"));
    const path = join(dir, "sub", "06-trace-the-path.json");
    expect(loadLedger(path)).toEqual(emptyLedger());
    const { ledger } = run(["a", "b"]);
    saveLedger(path, ledger);
    expect(loadLedger(path)).toEqual(ledger);
    writeFileSync(path, JSON.stringify({ version: 1, parts: { x: [{ answer: "a", at: "yesterday-ish" }] } }));
    expect(loadLedger(path)).toEqual(emptyLedger());
    expect(existsSync(path)).toBe(false);
    expect(readdirSync(join(dir, "sub")).some((f) => f.startsWith("06-trace-the-path.json.bad-"))).toBe(true);
  });
});
