/**
 * A conformance suite checks the production-style path against one kind of golden vector file (test/fixtures/golden/README.md):
 * it reads the cases, runs our implementation on each case's inputs, and compares with what Aider produced.
 * The `conformance` command and the fixture tests both go through `runSuite`, so they cannot disagree.
 */
import { VectorFormatError } from "./format.js";

export interface CaseOutcome {
  id: string;
  passed: boolean;
  /** Shown for failures: what Aider produced and what we produced (JSON-serialisable). */
  expected?: unknown;
  actual?: unknown;
  /** Optional detail, e.g. which field differed. */
  detail?: string;
  /** Optional measurements, e.g. `maxRelDiff` for float comparisons (tests and reports read them). */
  metrics?: Record<string, number>;
}

export interface ConformanceSuite {
  /** The suite name on the command line, the same as the golden file's base name. */
  name: string;
  /** One line for `--help`. */
  description: string;
  /** Reads, checks and runs every case of a parsed vector file. Throws VectorFormatError on a malformed file. */
  run(file: unknown): Promise<CaseOutcome[]> | CaseOutcome[];
}

export interface SuiteReport {
  suite: string;
  passed: number;
  failed: number;
  outcomes: CaseOutcome[];
}

/** Runs a suite on a parsed file and counts. */
export async function runSuite(suite: ConformanceSuite, file: unknown): Promise<SuiteReport> {
  const outcomes = await suite.run(file);
  const failed = outcomes.filter((o) => !o.passed).length;
  return { suite: suite.name, passed: outcomes.length - failed, failed, outcomes };
}

export { VectorFormatError };
