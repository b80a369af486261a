/**
 * `workbench notebooks [NAME…] [--jupyter]`: executes study notebooks, each in its own process, and reports every
 * failing cell with its notebook, number and message; ends with `N passed, M failed`. `--check` and `--normalise`
 * keep the committed sources clean (outputs cleared, cell ids set).
 */
import { basename, relative } from "node:path";
import { parseNotebook, normaliseNotebook, normalFormProblems, serialiseNotebook } from "../notebooks/ipynb.js";
import { detectJupyter, INSTALL_HINT } from "../notebooks/jupyter.js";
import { ensureLibBuilt, projectPaths, resolveNotebooks } from "../notebooks/project.js";
import { formatRun, formatTotals } from "../notebooks/run-result.js";
import { RUN_DEFAULTS, runNotebooks } from "../notebooks/runner.js";
import { parseCommandArgs, readUserText, UsageError, userCwd, writeOutput, type CliIO, type Command } from "./command.js";

function positiveInt(flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^[1-9]\d{0,5}$/.test(value)) throw new UsageError(`notebooks: ${flag} must be a positive integer (got "${value}")`);
  return Number(value);
}

/** Reads and parses a notebook before any process is started for it: a bad one is one line (exit 2), not a cell's stack trace. */
function checkNotebookFile(file: string): void {
  const text = readUserText("notebooks", file, { kind: "notebook" }); // a regular file of at most 16 MiB
  try {
    parseNotebook(text, basename(file, ".ipynb"));
  } catch (err) {
    throw new UsageError(`notebooks: ${file} is not a notebook this workbench can run: ${(err as Error).message.replace(/\s*\n\s*/g, " ")}`);
  }
}

function checkOrNormalise(files: readonly string[], write: boolean, io: CliIO): number {
  let bad = 0;
  for (const file of files) {
    const name = basename(file, ".ipynb");
    const text = readUserText("notebooks", file, { kind: "notebook" });
    const shown = relative(process.cwd(), file) || file;
    if (write) {
      const normal = serialiseNotebook(normaliseNotebook(parseNotebook(text, name), name));
      if (normal !== text) writeOutput("notebooks", "--normalise", { path: file, text: normal }); // never through a link
      io.stdout(`${normal === text ? "unchanged" : "normalised"} ${shown}\n`);
      continue;
    }
    const problems = normalFormProblems(text, name);
    if (problems.length > 0) bad++;
    io.stdout(problems.length === 0 ? `ok ${shown}\n` : `${shown}:\n${problems.map((p) => `  ${p}\n`).join("")}`);
  }
  if (!write && bad > 0) io.stdout(`run: npm run -s workbench -- notebooks --normalise\n`);
  return bad > 0 ? 1 : 0;
}

export const notebooksCommand: Command = {
  name: "notebooks",
  summary: "execute the study notebooks (in-process, or through Jupyter with --jupyter); check or normalise them",
  usage: `Usage: workbench notebooks [NAME…] [--jupyter] [--jobs N] [--timeout SECONDS]
       workbench notebooks --check [NAME…]
       workbench notebooks --normalise [NAME…]

Executes notebooks (default: every notebooks/NN-*.ipynb), each in its own process, stopping a notebook at its
first failing cell. Executed copies go to build/notebooks/<mode>/; the sources are never written.
A failing cell is reported with its notebook, its cell number and the error it printed. Ends with
"N passed, M failed"; exit status 1 when any failed.

  NAME           a notebook's number (01), stem (01-personalized-pagerank), file name, or a path to any .ipynb
                 (a regular file of at most 16 MiB; --normalise rewrites it in place, never through a link)
  --jupyter      run through the real tslab kernel with Jupyter's nbclient (needs: ${INSTALL_HINT});
                 default: in-process through tslab's own converter and executor, no Python needed
  --jobs N       notebooks run at once (default ${RUN_DEFAULTS.jobs}: one per core, at most 4)
  --timeout S    kill a notebook after S seconds (default ${RUN_DEFAULTS.timeoutSeconds})
  --check        check that the notebooks are committed clean: outputs cleared, execution counts reset,
                 every cell an id, the tslab kernelspec, Jupyter's JSON layout (exit 1 if not)
  --normalise    rewrite the notebooks in that form`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("notebooks", args, {
      jupyter: { type: "boolean" },
      jobs: { type: "string" },
      timeout: { type: "string" },
      check: { type: "boolean" },
      normalise: { type: "boolean" },
    });
    const paths = projectPaths();
    const files = resolveNotebooks(positionals, paths.notebooks, userCwd());
    for (const file of files) checkNotebookFile(file);
    if (values.check && values.normalise) throw new UsageError("notebooks: give --check or --normalise, not both");
    if (values.check || values.normalise) return checkOrNormalise(files, Boolean(values.normalise), io);
    if (files.length === 0) throw new UsageError("notebooks: there are no notebooks/NN-*.ipynb to run");
    const jobs = positiveInt("--jobs", values.jobs, RUN_DEFAULTS.jobs);
    const timeoutSeconds = positiveInt("--timeout", values.timeout, RUN_DEFAULTS.timeoutSeconds);
    const mode = values.jupyter ? "jupyter" : "inprocess";
    const jupyter = values.jupyter ? detectJupyter() : null;
    if (values.jupyter && !jupyter?.canExecute) {
      throw new UsageError(`notebooks: --jupyter needs Jupyter with nbclient; on Debian: ${INSTALL_HINT}`);
    }
    ensureLibBuilt(paths.root, (line) => io.stderr(`notebooks: ${line}\n`));
    const runs = await runNotebooks(paths, files, {
      mode,
      jupyter,
      jobs,
      timeoutSeconds,
      onResult: (run) => io.stdout(formatRun(run) + "\n"),
    });
    io.stdout(formatTotals(runs) + "\n");
    return runs.every((r) => r.ok) ? 0 : 1;
  },
};
