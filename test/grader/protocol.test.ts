/**
 * The judge's side-channel log: records round-trip through their log lines, a torn last line (a judge killed
 * mid-write) is ignored while a bad line anywhere else is an error naming the line, and `runningTest` finds the
 * test that was running when a judge process had to be stopped.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatRecord, logFileName, parseRecords, runningTest, stoppedProblem, type GradeRecord } from "../../lib/grader/protocol.js";

const start = (test: string, pid = 7): GradeRecord => ({ type: "start", test, pid, t: 0 });
const end = (test: string): GradeRecord => ({ type: "end", test, status: "passed", message: "", ms: 1 });
const loaded = (pid = 7): GradeRecord => ({ type: "loaded", pid });
const cutOff = (test: string): GradeRecord => ({ type: "cut-off", test, afterMs: 4000 });

const RECORDS: GradeRecord[] = [
  { type: "declare", test: "a \"quoted\"\nname", points: 2, kind: "property", hidden: true },
  start("a"),
  loaded(),
  { type: "end", test: "a", status: "failed", message: "expected 1\n\u001b[31mred\u001b[0m", ms: 3.5, output: "printed\n", misconception: { id: "m", title: "t", notebook: "n" } },
  cutOff("b"),
];

describe("log lines", () => {
  it("each record is one line, and a log of them parses back to the same records", () => {
    const lines = RECORDS.map(formatRecord);
    for (const l of lines) expect(l.indexOf("\n")).toBe(l.length - 1);
    expect(parseRecords(lines.join(""))).toEqual(RECORDS);
  });

  it("property: any messages and outputs (control characters, line breaks) survive the round trip", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string({ unit: "binary" }), fc.string({ unit: "binary" })), { maxLength: 5 }), (pairs) => {
        const recs: GradeRecord[] = pairs.map(([test, message]) => ({ type: "end", test, status: "failed", message, ms: 0 }));
        expect(parseRecords(recs.map(formatRecord).join(""))).toEqual(recs);
      }),
    );
  });

  it("ignores blank lines and a torn last line; a bad line before the last is an error naming it", () => {
    const good = RECORDS.slice(0, 2).map(formatRecord).join("");
    expect(parseRecords(`\n${good}\n   \n`)).toEqual(RECORDS.slice(0, 2));
    expect(parseRecords(good + formatRecord(RECORDS[2]!).slice(0, 9))).toEqual(RECORDS.slice(0, 2));
    expect(() => parseRecords(`${good}{"type":\n${formatRecord(end("a"))}`)).toThrow(/^grade log line 3 is not JSON: /);
    expect(parseRecords("")).toEqual([]);
  });

  it("names each exercise's log after its id", () => {
    expect(logFileName("04-search-replace")).toBe("04-search-replace.jsonl");
  });
});

describe("runningTest", () => {
  it("is the last start without an end or cut-off after it; a 'loaded' record does not close it", () => {
    expect(runningTest([start("a"), loaded()])).toMatchObject({ test: "a" });
    expect(runningTest([start("a"), end("a")])).toBeNull();
    expect(runningTest([start("a"), cutOff("a"), start("b")])).toMatchObject({ test: "b" });
    expect(runningTest([])).toBeNull();
  });

  it("an end for another test does not close the running one; the start record is returned as it was", () => {
    const b = start("b", 9);
    expect(runningTest([start("a"), b, end("a")])).toBe(b);
    expect(runningTest([start("a"), cutOff("x")])).toMatchObject({ test: "a", pid: 7 });
  });
});

describe("stoppedProblem", () => {
  it("says the limit in whole seconds, the one wording a gradebook row gets in a batch and alone", () => {
    expect(stoppedProblem(90_000)).toBe("grading did not finish within 90 s; stopped");
    expect(stoppedProblem(1_499)).toBe("grading did not finish within 1 s; stopped");
  });
});
