/**
 * An exception that Aider's own Python code would raise on an input (an IndexError, a ValueError, networkx's
 * ZeroDivisionError …), kept distinct from `WorkbenchInputError` (our argument checks): a faithful port must
 * reproduce these, and the golden vectors record them as type and `str(e)`. Every Aider-mirrored error is a
 * `PythonError` (or a subclass) and carries the two the same way: `pythonType` and `pythonMessage`.
 */
import { WorkbenchError } from "./errors.js";

/** A Python exception reproduced by the port: its class (`pythonType`) and `str(e)` (`pythonMessage`). */
export class PythonError extends WorkbenchError {
  /** The Python exception class, e.g. "IndexError". */
  readonly pythonType: string;
  /** `str(e)` of the Python exception, e.g. "list index out of range" (may be ""). */
  readonly pythonMessage: string;

  /** `message` defaults to `"<pythonType>: <pythonMessage>"`, as Python prints the exception. */
  constructor(pythonType: string, pythonMessage: string, message = `${pythonType}: ${pythonMessage}`) {
    super(message);
    this.pythonType = pythonType;
    this.pythonMessage = pythonMessage;
  }

  /** `str(e)` of the Python exception (the same as `pythonMessage`). */
  pythonStr(): string {
    return this.pythonMessage;
  }

  /** The exception as the last line of a Python traceback prints it: `"<pythonType>: <pythonMessage>"`. */
  pythonText(): string {
    return `${this.pythonType}: ${this.pythonMessage}`;
  }
}

/** Python's `lst[i]` on a list: the element, or IndexError("list index out of range"); negative i counts from the end. */
export function pyIndex<T>(list: readonly T[], i: number): T {
  const k = i < 0 ? list.length + i : i;
  if (k < 0 || k >= list.length) throw new PythonError("IndexError", "list index out of range");
  return list[k]!;
}
