/**
 * `workbench start` (`npm start`): with Jupyter installed, registers the tslab kernel project-locally and starts
 * the Notebook server on 127.0.0.1 at notebooks/; without it, executes every notebook in-process and serves the
 * notebooks as live HTML pages on 127.0.0.1 (cells editable and run by tslab on the server, no Python needed).
 */
import { detectJupyter, INSTALL_HINT, type JupyterInstall } from "../notebooks/jupyter.js";
import { startJupyterServer } from "../notebooks/jupyter-server.js";
import { ensureLibBuilt, listNotebooks, projectPaths } from "../notebooks/project.js";
import { formatRun, formatTotals } from "../notebooks/run-result.js";
import { stopRunningNotebooks } from "../notebooks/runner.js";
import { serveSite } from "../notebooks/serve.js";
import { createSite, executeSite } from "../notebooks/site.js";
import { relative } from "node:path";
import { LANG_DEFAULTS, type Lang } from "../core/lang.js";
import { writeNotebooksInLang } from "../notebooks/notebooks-in-lang.js";
import { parseCommandArgs, rejectPositionals, UsageError, type CliIO, type Command } from "./command.js";

export const START_DEFAULTS = Object.freeze({ port: 8888 });

/**
 * Which mode `start` runs in: the Notebook server when asked for or found, else the HTML pages with the reason and
 * how to get the interactive mode. `--jupyter` without the Notebook server is a usage error naming the packages.
 */
export function startMode(
  asked: "auto" | "embedded" | "jupyter",
  jupyter: JupyterInstall | null,
): { mode: "jupyter" } | { mode: "embedded"; why: string; interactive: string; jupyterInstalled: boolean } {
  const install = `For Jupyter Notebook instead: ${INSTALL_HINT}, then npm start again.`;
  if (asked === "embedded") {
    // With the Notebook server installed, telling the user to install it would send them the wrong way.
    const interactive = jupyter?.canServe ? "For Jupyter Notebook instead: npm start without --embedded." : install;
    return { mode: "embedded", why: "--embedded was given.", interactive, jupyterInstalled: Boolean(jupyter?.canServe) };
  }
  if (jupyter?.canServe) return { mode: "jupyter" };
  if (asked === "jupyter") throw new UsageError(`start: --jupyter needs the Notebook server; on Debian: ${INSTALL_HINT}`);
  return { mode: "embedded", why: "Jupyter's Notebook server is not installed.", interactive: install, jupyterInstalled: false };
}

/** The URL a start prints: `?lang=` added for Chinese, so the first page opens in it (the toggle switches). */
export function urlInLang(url: string, lang: Lang): string {
  if (lang === "en") return url;
  const u = new URL(url);
  u.searchParams.set("lang", lang);
  return u.toString();
}

async function embedded(io: CliIO, port: number, fresh: boolean, why: string, interactiveHint: string, jupyterInstalled: boolean): Promise<number> {
  const paths = projectPaths();
  const files = listNotebooks(paths.notebooks);
  const lang = io.lang ?? LANG_DEFAULTS.lang;
  const site = createSite(paths, files, { live: true, jupyterInstalled, lang });
  const served = await serveSite(site, port);
  const { server, sessions } = served;
  const url = urlInLang(served.openUrl, lang);
  io.stdout(`Serving the notebooks as live pages (edit a cell, run it; tslab runs it here, no Python) at:\n\n    ${url}\n\n`);
  io.stdout(`(${why} ${interactiveHint})\n`);
  io.stdout(`Executing ${files.length} notebooks in-process for their first outputs; each page fills in when its notebook has run.\n`);
  // Ctrl-C stops at once, also while notebooks are still executing: their processes are killed with the server.
  const stop = () => {
    stopRunningNotebooks();
    sessions.closeAll();
    server.close();
    server.closeAllConnections();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  const runs = await executeSite(site, { fresh, onRun: (run, cached) => io.stdout(`${formatRun(run)}${cached ? " [unchanged, reused]" : ""}\n`) });
  io.stdout(`${formatTotals(runs)}\nStill serving at ${url} — Ctrl-C to stop.\n`);
  return new Promise<number>(() => {}); // serves until stopped
}

async function interactive(io: CliIO, port: number): Promise<number> {
  const paths = projectPaths();
  const jupyter = detectJupyter()!;
  process.on("SIGINT", () => {}); // Ctrl-C belongs to the Notebook server (it asks to confirm); we wait for it to exit
  const lang = io.lang ?? LANG_DEFAULTS.lang;
  const notebookDir = writeNotebooksInLang(paths, lang);
  const server = await startJupyterServer(paths, jupyter, { port, onLog: (line) => io.stderr(`${line}\n`), notebookDir });
  process.once("SIGTERM", () => server.child.kill("SIGTERM")); // a plain kill of npm start stops the server too
  io.stdout(`\nJupyter Notebook with the TypeScript (tslab) kernel, serving ${relative(paths.root, notebookDir)}/ at:\n\n    ${server.url}\n\n`);
  if (lang !== "en") io.stdout(`These notebooks are generated in ${lang} from notebooks/ at each start: edits made in them are not kept.\n`);
  io.stdout(`The kernel is registered in .jupyter/ (generated, not committed). Ctrl-C twice stops the server.\n`);
  io.stdout(`Saving a notebook stores its outputs in notebooks/; before committing one: npm run -s workbench -- notebooks --normalise\n`);
  return (await server.exited) ?? 0;
}

export const startCommand: Command = {
  name: "start",
  summary: "open the notebooks: Jupyter Notebook with the tslab kernel if installed, else executed notebooks as HTML",
  usage: `Usage: workbench start [--port N] [--embedded | --jupyter] [--fresh]     (npm start)

With Jupyter installed (Debian: ${INSTALL_HINT}), registers the tslab kernel in
.jupyter/ (never globally) and starts the classic Notebook server on 127.0.0.1, rooted at notebooks/,
and prints its URL. Without Jupyter, serves the notebooks as live pages on 127.0.0.1 (no Python needed):
markdown and math rendered, outputs, diagrams, and every code cell editable and run by tslab on this
machine, one session per notebook (run, run all, interrupt, restart, revert). The printed URL holds a
token; edits are kept in .workbench/notebooks/.

  --port N     the port to try first (default ${START_DEFAULTS.port}; the next free one is taken if it is busy)
  --embedded   serve the live HTML pages even when Jupyter is installed
  --jupyter    require Jupyter (fail instead of falling back to the live pages)
  --fresh      re-execute every notebook even if its executed copy is current (HTML mode)
  --lang zh|en the language the notebooks open in (default: WORKBENCH_LANG, else the locale, else English);
               the pages' toggle switches it; Jupyter shows notebooks generated in it in notebooks.<lang>/`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("start", args, {
      port: { type: "string" },
      embedded: { type: "boolean" },
      jupyter: { type: "boolean" },
      fresh: { type: "boolean" },
    });
    rejectPositionals("start", positionals);
    if (values.embedded && values.jupyter) throw new UsageError("start: give --embedded or --jupyter, not both");
    const port = values.port === undefined ? START_DEFAULTS.port : Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535 || !/^\d+$/.test(values.port ?? "0")) {
      throw new UsageError(`start: --port must be an integer from 0 to 65535 (got "${values.port}")`);
    }
    const paths = projectPaths();
    ensureLibBuilt(paths.root, (line) => io.stderr(`start: ${line}\n`));
    const mode = startMode(values.embedded ? "embedded" : values.jupyter ? "jupyter" : "auto", detectJupyter());
    if (mode.mode === "jupyter") return interactive(io, port);
    return embedded(io, port, Boolean(values.fresh), mode.why, mode.interactive, mode.jupyterInstalled);
  },
};
