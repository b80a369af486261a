/**
 * An exception that Aider's own Python code would raise on an input (an IndexError, an AttributeError …), kept
 * distinct from `WorkbenchInputError` (our argument checks): a faithful port must reproduce these crashes, and the
 * golden vectors record them as `"<Type>: <message>"` (e.g. strip_quoted_wrapping on a lone filename line).
 */

/** A Python exception reproduced by the port; `message` is `"<pythonType>: <pythonMessage>"`, as Python prints it. */
export class PythonError extends Error {
  /** The Python exception class, e.g. "IndexError". */
  readonly pythonType: string;
  /** The exception's text, e.g. "list index out of range". */
  readonly pythonMessage: string;

  constructor(pythonType: string, pythonMessage: string) {
    super(`${pythonType}: ${pythonMessage}`);
    this.name = "PythonError";
    this.pythonType = pythonType;
    this.pythonMessage = pythonMessage;
  }
}

/** Python's `lst[i]` on a list: the element, or IndexError("list index out of range"); negative i counts from the end. */
export function pyIndex<T>(list: readonly T[], i: number): T {
  const k = i < 0 ? list.length + i : i;
  if (k < 0 || k >= list.length) throw new PythonError("IndexError", "list index out of range");
  return list[k]!;
}
