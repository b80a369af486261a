/** The error a call throws, for tests that check its class and fields; a call that returns fails the test. */
export function thrown(f: () => unknown): Error {
  try {
    f();
  } catch (e) {
    if (e instanceof Error) return e;
    throw new Error(`threw a non-Error: ${String(e)}`);
  }
  throw new Error("expected the call to throw, it returned");
}
