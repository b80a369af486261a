/**
 * `autograder.json`: what `workbench autograder PLATFORM` decided when it packaged the grader — the platform, the
 * exercises graded, whether the hidden tests run and how they are shown, the per-test limit, the seed and the
 * overall deadline. The packaged grader reads it at grading time; a malformed file is a one-line `WorkbenchInputError`.
 */
import { WorkbenchInputError } from "../../core/errors.js";
import { rejectUnknownKeys, requireBoolean, requireInteger, requireRecord, requireStringArray } from "../../core/validate.js";

export const PLATFORMS = Object.freeze(["gradescope", "prairielearn", "classroom50"] as const);
export type Platform = (typeof PLATFORMS)[number];

export interface AutograderConfig {
  platform: Platform;
  /** Exercise ids ("01-pagerank"); for PrairieLearn each question names its own (tests/workbench.json). */
  exercises: string[];
  hidden: boolean;
  hiddenVisibility: "hidden" | "after_published";
  timeoutMs: number;
  seed: number;
  /** The whole grade's limit (ms): past it the results say so rather than let the platform kill us silently. */
  deadlineMs: number;
}

export const CONFIG_FILE = "autograder.json";

export const AUTOGRADER_DEFAULTS = Object.freeze({ hidden: true, hiddenVisibility: "after_published" as const, timeoutMs: 5000, seed: 20261130, deadlineMs: 9 * 60_000 });

const WHERE = "autograder.json";

/** Parses and checks `autograder.json`'s text. */
export function parseAutograderConfig(text: string): AutograderConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new WorkbenchInputError(WHERE, "file", "must be JSON");
  }
  const r = requireRecord(WHERE, "file", raw);
  rejectUnknownKeys(WHERE, "file", r, ["platform", "exercises", "hidden", "hiddenVisibility", "timeoutMs", "seed", "deadlineMs"]);
  if (!PLATFORMS.includes(r.platform as Platform)) throw new WorkbenchInputError(WHERE, "platform", `must be one of ${PLATFORMS.join(", ")}`, r.platform);
  const exercises = requireStringArray(WHERE, "exercises", r.exercises);
  if (exercises.length === 0) throw new WorkbenchInputError(WHERE, "exercises", "must name at least one exercise");
  if (r.hiddenVisibility !== "hidden" && r.hiddenVisibility !== "after_published") {
    throw new WorkbenchInputError(WHERE, "hiddenVisibility", 'must be "hidden" or "after_published"', r.hiddenVisibility);
  }
  return {
    platform: r.platform as Platform,
    exercises,
    hidden: requireBoolean(WHERE, "hidden", r.hidden),
    hiddenVisibility: r.hiddenVisibility,
    timeoutMs: requireInteger(WHERE, "timeoutMs", r.timeoutMs, 100),
    seed: requireInteger(WHERE, "seed", r.seed, 0),
    deadlineMs: requireInteger(WHERE, "deadlineMs", r.deadlineMs, 1000),
  };
}

/** The file's text for `config` (stable key order, so a package is reproducible). */
export function formatAutograderConfig(config: AutograderConfig): string {
  const { platform, exercises, hidden, hiddenVisibility, timeoutMs, seed, deadlineMs } = config;
  return JSON.stringify({ platform, exercises, hidden, hiddenVisibility, timeoutMs, seed, deadlineMs }, null, 2) + "\n";
}
