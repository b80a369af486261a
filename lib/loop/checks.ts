/**
 * Lint and test (seed 001 §7; `aider/coders/base_coder.py` `send_message/max_reflections` sources 3 and 4): after a reply's edits applied, Aider lints the edited
 * files (auto_lint, on by default) and runs the tests (auto_test, off by default); their error text, if the user
 * agrees to "Attempt to fix lint errors?" / "Attempt to fix test errors?", is reflected to the model. Here both are
 * injected functions that return the error text, or null for a pass: a real linter, a rule, or a script of
 * outcomes (`scriptedCheck`).
 */
import { WorkbenchInputError } from "../core/errors.js";
import { requireArray } from "../core/validate.js";

/** What a lint or test function is given. */
export interface CheckContext {
  /** The edited files of this reply (Aider's `edited`). */
  edited: readonly string[];
  /** Reads a file as it is now. */
  read(path: string): string | null;
  /** 1 for the first run of this check in the loop, 2 for the next … */
  run: number;
}

/** A lint or test: the error text to show the model, or null when it passes. */
export type CheckFn = (ctx: CheckContext) => string | null | Promise<string | null>;

/** A check that returns the given outcomes in order, one per run, and passes (null) once they run out. */
export function scriptedCheck(outcomes: readonly (string | null)[]): CheckFn {
  const list = requireArray("scriptedCheck", "outcomes", outcomes).map((o, i) => {
    if (o !== null && (typeof o !== "string" || o === "")) {
      throw new WorkbenchInputError("scriptedCheck", `outcomes[${i}]`, "must be null (pass) or a non-empty error text", o);
    }
    return o as string | null;
  });
  return (ctx) => list[ctx.run - 1] ?? null;
}
