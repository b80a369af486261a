import { describe, expect, it } from "vitest";
import { message, MESSAGES, type MessageId } from "../../lib/core/messages.js";

/** Han characters in a text (a Chinese message has some; an English one none). */
const han = (s: string): number => [...s].filter((c) => /\p{Script=Han}/u.test(c)).length;

describe("the message catalogue", () => {
  it("keeps the English the commands printed before they had Chinese", () => {
    expect(message("en", "grade.heading", { target: "exercises", n: 1 })).toBe("Graded your exercises (1 exercise)");
    expect(message("en", "grade.heading", { target: "solutions", n: 9 })).toBe("Graded solutions (9 exercises)");
    expect(message("en", "failures.knownMistake", { title: "dangling mass dropped" })).toBe("→ known mistake: dangling mass dropped");
    expect(message("en", "reset.hintsOver", { id: "01-pagerank", seen: [1, 2], note: "n.json" })).toBe("01-pagerank: hints start over (you had seen hints 1, 2: noted in n.json)");
    expect(message("en", "hint.label", { number: 2, total: 3, title: "" })).toBe("Hint 2 of 3");
  });

  it("has Chinese for every id, and the Chinese is Chinese", () => {
    const sample = { target: "exercises", n: 2, path: "p", pct: 50, done: 1, id: "01-pagerank", error: "e", fns: "f", failing: 1, total: 3, title: "t", where: "w", evidence: "v", number: 1, test: "x", command: "c", left: 2, note: "", file: "f", backup: "b", seen: [1] };
    const ids = Object.keys(MESSAGES) as MessageId[];
    expect(ids.length).toBeGreaterThan(30);
    const notChinese = ids.filter((id) => han(message("zh", id, sample as never)) === 0 || han(message("en", id, sample as never)) > 0);
    expect(notChinese).toEqual([]);
  });

  it("says the same thing in both languages (the inserted values appear in both)", () => {
    expect(message("zh", "failures.count", { failing: 2, total: 5 })).toBe("5 个测试中有 2 个未通过：");
    expect(message("zh", "hint.label", { number: 2, total: 3, title: "看看边" })).toBe("提示 2/3 — 看看边");
    expect(message("zh", "reset.hintsOver", { id: "01-pagerank", seen: [1, 3], note: "n.json" })).toContain("1、3");
  });

  it("refuses a language or an id it does not have", () => {
    expect(() => message("fr" as never, "table.total", {})).toThrow(/^message: lang must be en or zh/);
    expect(() => message("en", "no.such" as never, {} as never)).toThrow(/^message: id must be a message id/);
  });
});
