/**
 * `workbench conformance <suite> <vectors.json>`: runs the production-style path on a golden vector file in the
 * format of `test/fixtures/golden/<suite>.json`; prints each failing case (id, expected, actual) and ends with
 * `N passed, M failed` (exit 1 when M > 0). A malformed file names the case and the field (exit 2).
 */
import { SUITES } from "../conformance/suites.js";
import { runSuite, VectorFormatError } from "../conformance/suite.js";
import { inputLimitText, parseCommandArgs, readJsonFile, UsageError, type Command } from "./command.js";

const show = (v: unknown): string => {
  const s = JSON.stringify(v, null, 2) ?? String(v);
  return s.length > 4000 ? s.slice(0, 4000) + `\n… (${s.length - 4000} more characters)` : s;
};

export const conformanceCommand: Command = {
  name: "conformance",
  summary: "check the production-style path against a golden vector file from Aider's own functions",
  get usage() {
    return `Usage: workbench conformance <suite> <vectors.json> [--quiet]

Runs every case of a vector file (in the format of test/fixtures/golden/<suite>.json) through the production-style path,
prints each failing case with what Aider produced and what we produced, and ends with "N passed, M failed".
Exit status: 0 all passed, 1 some failed, 2 the file or the arguments are malformed.

Suites:
${SUITES.map((s) => `  ${s.name.padEnd(18)} ${s.description}`).join("\n")}

  --quiet   print only the summary line
The vector file must be a regular file of at most ${inputLimitText("vectors")}.`;
  },
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("conformance", args, { quiet: { type: "boolean" } });
    const [name, path, ...extra] = positionals;
    const names = SUITES.map((s) => s.name).join(", ");
    if (!name || !path) throw new UsageError(`conformance: give a suite (${names}) and a vector file`);
    if (extra.length > 0) throw new UsageError(`conformance: unexpected argument "${extra[0]}"`);
    const suite = SUITES.find((s) => s.name === name);
    if (!suite) throw new UsageError(`conformance: unknown suite "${name}" (suites: ${names})`);
    const file = readJsonFile("conformance", path, { kind: "vectors" });
    let report;
    try {
      report = await runSuite(suite, file);
    } catch (err) {
      if (err instanceof VectorFormatError) {
        io.stderr(`conformance: ${path} is malformed: ${err.message}\n`);
        return 2;
      }
      throw err;
    }
    if (!values.quiet) {
      for (const o of report.outcomes) {
        if (o.passed) continue;
        io.stdout(`FAIL ${o.id}${o.detail ? ` — ${o.detail}` : ""}\n  expected: ${show(o.expected)}\n  actual:   ${show(o.actual)}\n`);
      }
    }
    io.stdout(`${report.passed} passed, ${report.failed} failed\n`);
    return report.failed > 0 ? 1 : 0;
  },
};
