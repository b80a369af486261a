/** The error family (lib/core/errors.ts): every kind the workbench raises (PythonError's own fields: test/core/pyerror.test.ts). */
import { describe, expect, it } from "vitest";
import { UsageError } from "../../lib/cli/command.js";
import { VectorFormatError } from "../../lib/conformance/format.js";
import { GradingError, InputError, SandboxError, WorkbenchError, WorkbenchInputError } from "../../lib/core/errors.js";
import { PythonError } from "../../lib/core/pyerror.js";
import { DotdotdotsError } from "../../lib/editblock/dotdotdots.js";
import { EditBlockParseError } from "../../lib/editblock/parse.js";
import { GitError } from "../../lib/git/sandbox/git-cli.js";
import { LawViolation } from "../../lib/explore/law.js";
import { ProviderError, ScriptEndedError } from "../../lib/loop/scripted-model.js";
import { PageRankZeroDivisionError, PowerIterationFailedConvergence } from "../../lib/repomap/pagerank/pagerank.js";

describe("one error family", () => {
  const cases: [WorkbenchError, abstract new (...args: never[]) => WorkbenchError, string][] = [
    [new WorkbenchInputError("repoMap", "alpha", "must be in (0, 1)", 2), InputError, "WorkbenchInputError"],
    [new UsageError("map: give a folder"), InputError, "UsageError"],
    [new VectorFormatError("c1", "params.alpha", "must be a number"), InputError, "VectorFormatError"],
    [new PythonError("IndexError", "list index out of range"), PythonError, "PythonError"],
    [new PageRankZeroDivisionError(), PythonError, "PageRankZeroDivisionError"],
    [new PowerIterationFailedConvergence(100), PythonError, "PowerIterationFailedConvergence"],
    [new DotdotdotsError("Unpaired ... in SEARCH/REPLACE block"), PythonError, "DotdotdotsError"],
    [new EditBlockParseError("Expected `=======`"), PythonError, "EditBlockParseError"],
    [new ProviderError("rate-limit"), PythonError, "ProviderError"],
    [new GitError(["commit"], 1, "nothing to commit"), SandboxError, "GitError"],
    [new GradingError("no report"), GradingError, "GradingError"],
    [new ScriptEndedError(3), WorkbenchError, "ScriptEndedError"],
    [new LawViolation("some/law", "why"), WorkbenchError, "LawViolation"],
  ];

  it("every error the workbench raises on purpose is a WorkbenchError of its kind, named after its class", () => {
    for (const [err, kind, name] of cases) {
      expect(err).toBeInstanceOf(Error);
      expect(err).toBeInstanceOf(WorkbenchError);
      expect(err).toBeInstanceOf(kind);
      expect(err.name).toBe(name);
    }
  });

  it("Aider-mirrored errors carry the Python type and str(e) the same way, whatever their message says", () => {
    const shown = (e: PythonError) => [e.pythonType, e.pythonMessage, e.pythonStr(), e.pythonText()];
    expect(shown(new PageRankZeroDivisionError())).toEqual(["ZeroDivisionError", "", "", "ZeroDivisionError: "]);
    expect(new PowerIterationFailedConvergence(7).pythonMessage).toBe("(PowerIterationFailedConvergence(...), 'power iteration failed to converge within 7 iterations')");
    // the parser's and try_dotdotdots' ValueError: the message is exactly the text Aider reflects
    expect(shown(new EditBlockParseError("Expected `=======`"))).toEqual(["ValueError", "Expected `=======`", "Expected `=======`", "ValueError: Expected `=======`"]);
    expect(new EditBlockParseError("Expected `=======`").message).toBe("Expected `=======`");
    expect(new DotdotdotsError("").pythonType).toBe("ValueError");
    expect(shown(new ProviderError("auth", "bad key"))).toEqual(["AuthenticationError", "bad key", "bad key", "AuthenticationError: bad key"]);
    expect(new ProviderError("auth", "bad key").message).toBe("AuthenticationError: bad key");
  });
});
