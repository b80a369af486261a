/** overrides.csv applied (whole exercise or one test, each change named) and the LMS layouts' documented columns. */
import { describe, expect, it } from "vitest";
import type { ClassRow } from "../../../lib/grader/class/gradebook.js";
import { gradebookCsv } from "../../../lib/grader/class/gradebook.js";
import { applyOverrides, lmsExportCsv, lmsStudent, matchColumns, overridesByFolder, parseOverrides, unmatchableStudents } from "../../../lib/grader/class/overrides.js";
import { gradeReport, type TestResult } from "../../../lib/grader/results.js";

const t = (name: string, passed: boolean): TestResult => ({ name, kind: "example", passed, status: passed ? "passed" : "failed", points: passed ? 2 : 0, maxPoints: 2, message: "" });
const row = (id: string): ClassRow => ({ id, status: "graded", report: gradeReport(id, [{ id: "01-x", title: "X", points: 2, maxPoints: 4, tests: [t("a", true), t("b", false)] }, { id: "02-y", title: "Y", points: 0, maxPoints: 2, tests: [t("c", false)] }]) });

describe("overrides", () => {
  const overrides = parseOverrides('student,target,points,reason\nann,01-x/b,2,"regrade: b was ambiguous"\nann,02-y,1,partial credit\nbo,09-z,3,typo\n');
  it("changes a test or a whole exercise, recomputes totals, names each change and reports the unmatched", () => {
    const { rows, changed, unmatched } = applyOverrides([row("ann"), row("bo")], overrides);
    expect(rows[0]!.report!.exercises.map((e) => e.points)).toEqual([4, 1]);
    expect(rows[0]!.report!.points).toBe(5);
    expect(rows[1]!.report!.points).toBe(2);
    expect(changed.get("ann")).toEqual(["01-x/b: 0 → 2 (regrade: b was ambiguous)", "02-y: 0 → 1 (partial credit)"]);
    expect(unmatched.map((u) => u.student)).toEqual(["bo"]);
    const csv = gradebookCsv(rows.map((r) => (changed.has(r.id) ? { ...r, overridden: changed.get(r.id)! } : r)), ["01-x", "02-y"]);
    expect(csv.split("\r\n")[0]).toContain("overridden");
    expect(csv).toContain("01-x/b: 0 → 2 (regrade: b was ambiguous)");
  });
  it("finds a student by the roster's id when the gradebook's is the folder, the folder first", () => {
    const o = parseOverrides("student,target,points,reason\nann@uni.edu,01-x,1,r\nbo,01-x,1,r\nzed,01-x,1,r\n");
    const folders = new Set(["ann-uni.edu-1ed43325", "bo", "cy"]);
    const byRoster = new Map([["ann@uni.edu", "ann-uni.edu-1ed43325"], ["bo", "cy"], ["cy", "bo"]]);
    expect(overridesByFolder(o, folders, byRoster).map((x) => x.student)).toEqual(["ann-uni.edu-1ed43325", "bo", "zed"]);
  });
  it("refuses a line without a reason or with bad points", () => {
    expect(() => parseOverrides("student,target,points,reason\nann,01-x,2,\n")).toThrow(/line 2.*reason/);
    expect(() => parseOverrides("student,target,points,reason\nann,01-x,-1,x\n")).toThrow(/points/);
    expect(() => parseOverrides("student,points\n")).toThrow(/target/);
  });
});

describe("lmsExportCsv", () => {
  const students = [{ id: "zoe-1", name: "zoë", lmsId: "123", sisUserId: "S-9", sisLoginId: "zoe", email: "zoe@uni.edu", section: "A", points: 10.8 }, { id: "x", name: "=HYPERLINK(1)", points: "" as const }];
  it("writes Canvas's gradebook columns, Moodle's and Gradescope's, each id in its own column, formula text defused", () => {
    const canvas = lmsExportCsv("canvas", "Exercises 1–9", students).split("\r\n");
    expect(canvas[0]).toBe("Student,ID,SIS User ID,SIS Login ID,Section,Exercises 1–9");
    expect(canvas[1]).toBe("zoë,123,S-9,zoe,A,10.8");
    expect(canvas[2]).toBe("'=HYPERLINK(1),,,,,");
    expect(lmsExportCsv("moodle", "Ex", students).split("\r\n").slice(0, 2)).toEqual(["Email address,ID number,Ex", "zoe@uni.edu,S-9,10.8"]);
    expect(lmsExportCsv("gradescope", "Ex", students).split("\r\n").slice(0, 2)).toEqual(["Name,SID,Email,Ex", "zoë,S-9,zoe@uni.edu,10.8"]);
  });
});

describe("lmsStudent", () => {
  it("takes each LMS field from its roster column, an e-mail id as the e-mail, and never guesses an id", () => {
    expect(lmsStudent("f", "zoë", { name: "Zoë Li", lms_id: "123", sis_user_id: "S-9", sis_login_id: "zli", email: "z@u.edu", section: "A", github: "zl" })).toEqual({ id: "f", name: "Zoë Li", lmsId: "123", sisUserId: "S-9", sisLoginId: "zli", email: "z@u.edu", section: "A" });
    expect(lmsStudent("ann", "ann@uni.edu", {})).toEqual({ id: "ann", name: "ann@uni.edu", email: "ann@uni.edu" });
    expect(lmsStudent("bo", "bo", { canvas_id: "77", student_number: "" })).toEqual({ id: "bo", name: "bo", lmsId: "77" });
  });
});

describe("unmatchableStudents", () => {
  it("lists the rows a profile's import has no id to match by (Gradescope: the e-mail its roster requires)", () => {
    const rows = [
      { id: "a", name: "a", lmsId: "1", points: 1 },
      { id: "b", name: "b", email: "b@u.edu", points: 1 },
      { id: "c", name: "c", points: 1 },
      { id: "d", name: "d", sisUserId: "S-4", points: 1 },
    ];
    expect(unmatchableStudents("canvas", rows)).toEqual(["b", "c"]);
    expect(unmatchableStudents("moodle", rows)).toEqual(["a", "c"]);
    expect(unmatchableStudents("gradescope", rows)).toEqual(["a", "c", "d"]);
  });
  it("names the roster columns that give each profile its id", () => {
    expect(matchColumns("canvas")).toEqual(["lms_id", "sis_user_id", "sis_login_id"]);
    expect(matchColumns("moodle")).toEqual(["email", "sis_user_id"]);
    expect(matchColumns("gradescope")).toEqual(["email"]);
  });
});
