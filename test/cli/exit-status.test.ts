/** lib/cli/exit-status.ts: the CLI's one table from an error's kind to its exit status and one printed line. */
import { describe, expect, it } from "vitest";
import { UsageError } from "../../lib/cli/command.js";
import { EXIT_STATUS, exitFor } from "../../lib/cli/exit-status.js";
import { VectorFormatError } from "../../lib/conformance/format.js";
import { GradingError, SandboxError, WorkbenchError, WorkbenchInputError } from "../../lib/core/errors.js";
import { PythonError } from "../../lib/core/pyerror.js";
import { EditBlockParseError } from "../../lib/editblock/parse.js";
import { GitError } from "../../lib/git/sandbox/git-cli.js";
import { ScriptEndedError } from "../../lib/loop/scripted-model.js";

describe("exitFor", () => {
  it("maps each kind to its status and prints the error's message as the one line", () => {
    expect(exitFor(new WorkbenchInputError("repoMap", "alpha", "must be in (0, 1)", 2))).toEqual({ status: 2, line: "repoMap: alpha must be in (0, 1) (got 2)" });
    expect(exitFor(new UsageError("map: give a folder"))?.status).toBe(EXIT_STATUS.input);
    expect(exitFor(new VectorFormatError("c1", "f", "must be a number"))?.status).toBe(EXIT_STATUS.input);
    expect(exitFor(new GitError(["commit"], 1, "nothing"))).toEqual({ status: EXIT_STATUS.sandbox, line: "git commit failed (exit 1): nothing" });
    expect(exitFor(new SandboxError("no sandbox"))).toEqual({ status: 3, line: "no sandbox" });
    expect(exitFor(new GradingError("no report"))).toEqual({ status: 4, line: "no report" });
    expect(exitFor(new EditBlockParseError("Expected `=======`"))).toEqual({ status: EXIT_STATUS.python, line: "Expected `=======`" });
    expect(exitFor(new PythonError("IndexError", "list index out of range"))).toEqual({ status: 5, line: "IndexError: list index out of range" });
    expect(exitFor(new ScriptEndedError(2))?.status).toBe(EXIT_STATUS.other);
    expect(exitFor(new WorkbenchError("plain"))).toEqual({ status: 1, line: "plain" });
  });

  it("a subclass gets its own kind's status, not its base's (the table is most specific first)", () => {
    class Special extends PythonError {}
    expect(exitFor(new Special("KeyError", "'x'"))?.status).toBe(EXIT_STATUS.python);
    expect(EXIT_STATUS.python).not.toBe(EXIT_STATUS.other);
  });

  it("gives every kind its own status, apart from the commands' own 0 and 1", () => {
    const kinds = [EXIT_STATUS.input, EXIT_STATUS.sandbox, EXIT_STATUS.grading, EXIT_STATUS.python];
    expect(new Set(kinds).size).toBe(4);
    for (const k of kinds) expect([EXIT_STATUS.ok, EXIT_STATUS.failed]).not.toContain(k);
    expect(Object.isFrozen(EXIT_STATUS)).toBe(true);
  });

  it("leaves anything else to the caller as an internal error", () => {
    expect(exitFor(new Error("bug"))).toBeNull();
    expect(exitFor(new TypeError("x is undefined"))).toBeNull();
    expect(exitFor("a string")).toBeNull();
    expect(exitFor(undefined)).toBeNull();
  });
});
