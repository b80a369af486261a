/** `workbench site OUT`: writes the static site whose notebooks run in the reader's browser (notebooks/static/). */
import { resolve } from "node:path";
import { ensureLibBuilt, projectPaths } from "../notebooks/project.js";
import { buildStaticSite } from "../notebooks/static/build.js";
import { parseCommandArgs, UsageError, type Command } from "./command.js";

export const siteCommand: Command = {
  name: "site",
  summary: "write the notebooks as a static site whose cells run in the reader's browser (GitHub Pages, any host)",
  usage: `Usage: workbench site OUT

Executes every notebook in-process (reusing unchanged executed copies), then writes OUT/index.html, a page per
notebook and assets/: the same editor and pictures as the live pages of npm start, but every code cell runs in a
Web Worker in the reader's browser — TypeScript transpiled there, the workbench's lib bundled. Serve OUT with any
static file server, from any sub-path.`,
  async run(args, io) {
    const { positionals } = parseCommandArgs("site", args, {});
    if (positionals.length !== 1) throw new UsageError("site: give exactly one OUT folder (see: workbench site --help)");
    const paths = projectPaths();
    ensureLibBuilt(paths.root, (line) => io.stderr(`site: ${line}\n`));
    await buildStaticSite(paths, resolve(positionals[0]!), (line) => io.stdout(`${line}\n`));
    return 0;
  },
};
