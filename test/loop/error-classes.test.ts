/** lib/loop/error-classes.ts: seed 001 §11's error classes and their table. */
import { describe, expect, it } from "vitest";
import { errorClassTable } from "../../lib/index.js";
import { ERROR_CLASS_IDS, ERROR_CLASSES } from "../../lib/loop/error-classes.js";

describe("error classes (seed 001 §11)", () => {
  it("has the seed table's six rows in order, each with an owner and a recovery", () => {
    expect(ERROR_CLASS_IDS).toEqual(["provider", "output-parse", "block-mismatch", "git", "validation", "context-overflow"]);
    expect(errorClassTable().map((c) => c.owner)).toEqual([
      "model client",
      "edit-format parser",
      "edit executor",
      "GitRepo / user",
      "validation runner",
      "context builder",
    ]);
    expect(ERROR_CLASSES.provider.action).toBe("retry");
    expect(ERROR_CLASSES["output-parse"].action).toBe("reflect");
    expect(ERROR_CLASSES["context-overflow"].action).toBe("stop");
    expect(Object.isFrozen(ERROR_CLASSES.git)).toBe(true);
  });
});
