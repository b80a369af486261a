/**
 * The `workbench` command line (`npm run -s workbench -- <command> …`). Dispatches to the commands in
 * `cli/registry.ts`; an error the workbench raised prints one line and exits with its kind's status
 * (`cli/exit-status.ts`: bad input and usage mistakes 2), never a stack trace.
 */
import { realpathSync } from "node:fs";
import { dirname, extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chooseLang, takeLangOption, type Lang } from "./core/lang.js";
import { terminalIO, type CliIO } from "./cli/command.js";
import { exitFor } from "./cli/exit-status.js";
import { mapCommandConfig } from "./cli/map.js";
import { COMMANDS } from "./cli/registry.js";

export function mainHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    "aider-workbench: learn how Aider (commit 5dc9490) maps, edits and checkpoints a repository.",
    "",
    "Usage: npm run -s workbench -- <command> [options]",
    "       npm run -s workbench -- <command> --help",
    "       --lang zh|en (or WORKBENCH_LANG; default: the locale, else English) for grade, hint and reset",
    "",
    "Commands:",
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    "",
  ].join("\n");
}

/** The language of a `--help`: as for the command itself, English when the choice is malformed (help never fails). */
function helpLang(rest: readonly string[], io: CliIO): Lang {
  try {
    const { lang } = takeLangOption(rest);
    return lang !== undefined ? chooseLang(lang, {}) : (io.lang ?? chooseLang(undefined, process.env));
  } catch {
    return "en";
  }
}

/** Runs the CLI with the given arguments; resolves to the exit code. */
export async function runCli(argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    io.stdout(mainHelp());
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.stderr(`workbench: unknown command "${name}" (commands: ${COMMANDS.map((c) => c.name).join(", ")})\n`);
    return 2;
  }
  if (rest.includes("--help") || rest.includes("-h")) {
    io.stdout(((helpLang(rest, io) === "zh" ? command.usageZh : undefined) ?? command.usage).trimEnd() + "\n");
    return 0;
  }
  try {
    // every command takes --lang zh|en (else WORKBENCH_LANG, else the locale): the learner's language
    const { args, lang } = takeLangOption(rest);
    const chosen = lang !== undefined ? chooseLang(lang, {}) : (io.lang ?? chooseLang(undefined, process.env));
    return await command.run(args, { ...io, lang: chosen });
  } catch (err) {
    const exit = exitFor(err); // the one place errors become exit statuses
    if (exit === null) throw err;
    io.stderr(exit.line + "\n");
    return exit.status;
  }
}

const processIO: CliIO = terminalIO(process.stdout, process.stderr);

function isMain(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) {
  // `workbench … | head` closes the pipe early: stop quietly instead of crashing with EPIPE.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "EPIPE") process.exit(process.exitCode ?? 0);
      throw err;
    });
  }
  // grammar packages are found from this file's folder, wherever the command is run from
  const here = fileURLToPath(import.meta.url);
  mapCommandConfig.packageBase = dirname(here);
  mapCommandConfig.workerScript = join(dirname(here), "repomap", "scan", `worker${extname(here)}`); // .ts under tsx
  runCli(process.argv.slice(2), processIO).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(`workbench: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
