/** autograder.json: read back what was written, and each malformed field named. */
import { describe, expect, it } from "vitest";
import { AUTOGRADER_DEFAULTS, formatAutograderConfig, parseAutograderConfig, type AutograderConfig } from "../../../lib/grader/platforms/config.js";

const CONFIG: AutograderConfig = { platform: "gradescope", exercises: ["01-pagerank"], ...AUTOGRADER_DEFAULTS };

describe("autograder.json", () => {
  it("round-trips", () => expect(parseAutograderConfig(formatAutograderConfig(CONFIG))).toEqual(CONFIG));

  it("names what is wrong", () => {
    const bad = (patch: Record<string, unknown>): string => JSON.stringify({ ...CONFIG, ...patch });
    expect(() => parseAutograderConfig("{")).toThrow(/file must be JSON/);
    expect(() => parseAutograderConfig(bad({ platform: "moodle" }))).toThrow(/platform must be one of gradescope, prairielearn, classroom50/);
    expect(() => parseAutograderConfig(bad({ exercises: [] }))).toThrow(/exercises must name at least one/);
    expect(() => parseAutograderConfig(bad({ hiddenVisibility: "visible" }))).toThrow(/hiddenVisibility must be/);
    expect(() => parseAutograderConfig(bad({ timeoutMs: 5 }))).toThrow(/timeoutMs/);
    expect(() => parseAutograderConfig(bad({ extra: 1 }))).toThrow(/file.extra is not a known option/);
  });
});
