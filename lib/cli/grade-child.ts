/**
 * `node --import tsx lib/cli/grade-child.ts <grade's arguments>`: the `grade` command alone, as `grade-class` starts
 * it once per student (lib/grader/class/grade-student.ts). The same command object, so the same options, output,
 * report and exit statuses as `workbench grade` (lib/cli.ts, lib/cli/grade.ts) — but only grade's modules are
 * loaded: lib/cli.ts loads every command's (the repo map, notebooks, kernels…), which under tsx cost 1.6 s of CPU
 * per student before grading started, against 0.5 s here (docs/performance.md, "Grading a class").
 *
 * `… grade-child.ts --batch` grades several students in one process instead (grade-class's `--batch`,
 * lib/grader/class/batch.ts): the manifest on stdin, one JSON line per student on stdout.
 */
import { readFileSync, realpathSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { terminalIO, type CliIO } from "./command.js";
import { exitFor } from "./exit-status.js";
import { gradeCommand } from "./grade.js";
import { gradeBatchManifest, parseBatchManifest } from "../grader/class/batch.js";

/** `--batch`: grades the manifest read from stdin; one JSON line per student. Exit 0, or 2 for a bad manifest. */
export async function runBatchChild(manifestText: string, io: CliIO, root: string): Promise<number> {
  const manifest = parseBatchManifest(manifestText);
  if (typeof manifest === "string") {
    io.stderr(`grade --batch: ${manifest}\n`);
    return 2;
  }
  const lines = await gradeBatchManifest(root, manifest, (line) => io.stderr(`grade: ${line}\n`));
  io.stdout(lines.map((l) => JSON.stringify(l) + "\n").join(""));
  return 0;
}

/** Runs `grade` with `args`; resolves to the exit code (as lib/cli.ts's `runCli(["grade", …args])`). */
export async function runGradeChild(args: string[], io: CliIO): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    io.stdout(gradeCommand.usage.trimEnd() + "\n");
    return 0;
  }
  try {
    return await gradeCommand.run(args, io);
  } catch (err) {
    const exit = exitFor(err); // as lib/cli.ts: the one place errors become exit statuses
    if (exit === null) throw err;
    io.stderr(exit.line + "\n");
    return exit.status;
  }
}

const entry = process.argv[1];
let isMain = false;
try {
  isMain = entry !== undefined && realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
} catch {
  isMain = false;
}
if (isMain) {
  const args = process.argv.slice(2);
  const io = terminalIO(process.stdout, process.stderr);
  const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
  (args[0] === "--batch" ? runBatchChild(readFileSync(0, "utf8"), io, root) : runGradeChild(args, io)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(`workbench: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
