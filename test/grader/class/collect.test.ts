/** Collecting by a deadline, the pure part: roster, safe folder names, the commit picked, late policy and points. */
import { describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../../lib/core/errors.js";
import { commitToGrade, finalPoints, folderName, parseLatePolicy, parseRoster, pickCommit } from "../../../lib/grader/class/collect.js";
import { isStudentId } from "../../../lib/grader/provenance.js";

const H = 3600;

describe("parseRoster", () => {
  it("reads any Unicode or e-mail id, quoted fields, extensions and the other columns", () => {
    const r = parseRoster('\uFEFFstudent,repository,email,extension_hours\r\nzoë,repos/zoe,zoe@x.org,\n"Ng, Ann",r/ann,a@x.org,48\n');
    expect(r.map((e) => [e.student, e.repository, e.extensionHours, e.extra.email])).toEqual([["zoë", "repos/zoe", 0, "zoe@x.org"], ["Ng, Ann", "r/ann", 48, "a@x.org"]]);
  });
  it("refuses a missing column, a repeated student and a bad extension, naming the line", () => {
    expect(() => parseRoster("student,repo\na,b\n")).toThrow(/"repository" column/);
    expect(() => parseRoster("student,repository\na,b\na,c\n")).toThrow(/line 3.*twice/);
    expect(() => parseRoster("student,repository,extension_hours\na,b,-4\n")).toThrow(WorkbenchInputError);
  });
});

describe("folderName", () => {
  it("keeps a safe id and makes a distinct safe folder for any other", () => {
    expect(folderName("ann")).toBe("ann");
    const names = ["zoë", "zoe@uni.edu", "zoë@uni.edu", "../etc", "..", "李雷", "a b"].map(folderName);
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(isStudentId(n), n).toBe(true);
    expect(folderName("zoë")).toMatch(/^zoe-[0-9a-f]{8}$/);
  });
});

describe("pickCommit and the late policy", () => {
  const commits = [{ sha: "c3", time: 100 * H }, { sha: "c2", time: 60 * H }, { sha: "c1", time: 10 * H }]; // newest first
  it("picks the last commit at or before the deadline and records what came after, and how late", () => {
    const p = pickCommit(commits, 50 * H);
    expect(p.onTime?.sha).toBe("c1");
    expect(p.late).toEqual({ last: commits[0], commits: 2, hoursLate: 50 });
    expect(pickCommit(commits, 60 * H).onTime?.sha).toBe("c2"); // at the deadline is on time
    expect(pickCommit(commits, 5 * H).onTime).toBeNull();
  });
  it("grades the on-time commit under none, the late one otherwise, with points taken per started day", () => {
    const p = pickCommit(commits, 50 * H);
    expect(commitToGrade(p, { kind: "none" })?.commit.sha).toBe("c1");
    expect(commitToGrade(p, parseLatePolicy("zero"))).toEqual({ commit: commits[0], hoursLate: 50 });
    expect(finalPoints(80, 50, parseLatePolicy("percent-per-day:10"))).toBe(56); // 3 started days
    expect(finalPoints(80, 24, parseLatePolicy("percent-per-day:10"))).toBe(72);
    expect(finalPoints(80, 0.5, parseLatePolicy("zero"))).toBe(0);
    expect(finalPoints(80, 0, parseLatePolicy("zero"))).toBe(80);
    expect(finalPoints(80, 2000, parseLatePolicy("percent-per-day:50"))).toBe(0);
    for (const bad of ["percent-per-day:0", "percent-per-day:101", "half", "percent-per-day:x"]) expect(() => parseLatePolicy(bad)).toThrow(WorkbenchInputError);
  });
});
