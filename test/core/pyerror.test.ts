/** lib/core/pyerror.ts: PythonError's fields (the Python class and str(e)) and pyIndex, Python's lst[i]. */
import { describe, expect, it } from "vitest";
import { WorkbenchError } from "../../lib/core/errors.js";
import { pyIndex, PythonError } from "../../lib/core/pyerror.js";

describe("PythonError", () => {
  it("carries the Python type and str(e); its message is the traceback's last line by default", () => {
    const e = new PythonError("IndexError", "list index out of range");
    expect([e.pythonType, e.pythonMessage, e.pythonStr(), e.pythonText()]).toEqual(["IndexError", "list index out of range", "list index out of range", "IndexError: list index out of range"]);
    expect(e.message).toBe("IndexError: list index out of range");
    expect(e).toBeInstanceOf(WorkbenchError);
    expect(e.name).toBe("PythonError");
  });

  it("a given message replaces only the message: the Python fields stay as given", () => {
    const e = new PythonError("ValueError", "bad block", "the text Aider reflects");
    expect(e.message).toBe("the text Aider reflects");
    expect([e.pythonStr(), e.pythonText()]).toEqual(["bad block", "ValueError: bad block"]);
  });

  it("an empty str(e) still prints its type, as Python's traceback does", () => {
    const e = new PythonError("ZeroDivisionError", "");
    expect([e.message, e.pythonStr(), e.pythonText()]).toEqual(["ZeroDivisionError: ", "", "ZeroDivisionError: "]);
  });
});

describe("pyIndex", () => {
  it("indexes from the start, and from the end for negative i", () => {
    const xs = ["a", "b", "c"];
    expect([pyIndex(xs, 0), pyIndex(xs, 2), pyIndex(xs, -1), pyIndex(xs, -3)]).toEqual(["a", "c", "c", "a"]);
  });

  it("raises IndexError('list index out of range') past either end", () => {
    for (const [xs, i] of [[["a", "b", "c"], 3], [["a", "b", "c"], -4], [[], 0], [[], -1]] as const) {
      expect(() => pyIndex(xs, i), `${JSON.stringify(xs)}[${i}]`).toThrow(new PythonError("IndexError", "list index out of range"));
    }
    const caught = (() => {
      try {
        pyIndex([], 0);
      } catch (err) {
        return err;
      }
    })();
    expect(caught).toBeInstanceOf(PythonError);
    expect((caught as PythonError).pythonType).toBe("IndexError");
  });

  it("returns a stored undefined rather than raising (only the index is checked)", () => {
    expect(pyIndex([undefined, 1], 0)).toBeUndefined();
  });
});
