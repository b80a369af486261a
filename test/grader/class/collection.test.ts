/**
 * collection.csv: written by collect, read back by grade-class; a formula-looking id is defused, ids round-trip, the
 * roster's other columns (the LMS ids) come back by name, and a student collect could not collect is marked so.
 */
import { describe, expect, it } from "vitest";
import { parseRoster } from "../../../lib/grader/class/collect.js";
import { collectionCsv, parseCollection, type CollectionRow } from "../../../lib/grader/class/collection.js";

describe("collectionCsv / parseCollection", () => {
  it("round-trips the real id, hours late and policy by folder", () => {
    const [zoe, evil] = parseRoster('student,repository,LMS_ID,email\nzoë,r/z,4711,zoe@uni.edu\n"=cmd|x, y",r/e,,\n');
    const rows: CollectionRow[] = [
      { entry: zoe!, folder: "zoe-1", policy: { kind: "percent-per-day", percent: 10 }, status: "collected", graded: { commit: "abc", hoursLate: 30 }, pick: { onTime: { sha: "def", time: 1 }, late: { last: { sha: "abc", time: 2 }, commits: 1, hoursLate: 30 } }, notes: ["nested in hw/"] },
      { entry: evil!, folder: "cmd-2", policy: { kind: "zero" }, status: "not gradable", problem: "an empty repository: no commit", notes: [] },
    ];
    const text = collectionCsv(rows);
    expect(text).toContain(`"'=cmd|x, y"`);
    const back = parseCollection(text);
    expect(text.split("\r\n")[0]!.endsWith(",roster:lms_id,roster:email")).toBe(true);
    expect(back.get("zoe-1")).toEqual({ student: "zoë", hoursLate: 30, policy: { kind: "percent-per-day", percent: 10 }, roster: { lms_id: "4711", email: "zoe@uni.edu" } });
    expect(back.get("cmd-2")).toEqual({ student: "'=cmd|x, y", hoursLate: 0, policy: { kind: "zero" }, problem: "an empty repository: no commit", notCollected: true, roster: {} });
  });
});
