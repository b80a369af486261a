/** lib/loop/checks.ts: scripted lint and test outcomes. */
import { describe, expect, it } from "vitest";
import { scriptedCheck } from "../../lib/index.js";

describe("scriptedCheck", () => {
  it("scriptedCheck plays outcomes per run, then passes", () => {
    const c = scriptedCheck(["E1", null]);
    expect([1, 2, 3].map((run) => c({ edited: [], read: () => null, run }))).toEqual(["E1", null, null]);
    expect(() => scriptedCheck([""])).toThrow("scriptedCheck: outcomes[0] must be null (pass) or a non-empty error text");
  });
});
