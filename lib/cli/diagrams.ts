/**
 * `workbench diagrams [NAME…] [--check]` (`npm run diagrams`): renders diagrams/*.mmd to SVG with mermaid-cli and
 * Debian's Chromium. `--check` renders into build/diagrams/ instead (so the committed SVGs are not touched) and
 * also fails when a committed SVG is missing or was rendered from an older source.
 */
import { join } from "node:path";
import { CHROMIUM_INSTALL_HINT, chromiumProblem } from "../diagrams/chromium.js";
import { listDiagrams, renderDiagrams, staleDiagrams } from "../diagrams/render.js";
import { projectPaths } from "../notebooks/project.js";
import { parseCommandArgs, UsageError, type Command } from "./command.js";

export const diagramsCommand: Command = {
  name: "diagrams",
  summary: "render diagrams/*.mmd to SVG with mermaid-cli and Debian's Chromium (--check: verify, write nothing)",
  usage: `Usage: workbench diagrams [NAME…] [--check]

Renders the mermaid sources in diagrams/ to SVG beside them, with one headless Chromium
(launched as diagrams/puppeteer-config.json says). A source that does not parse is reported with
mermaid's message; the others still render. Exit status 1 when any failed.

  NAME     a diagram's name (the .mmd file without its extension); default: all
  --check  render into build/diagrams/ and leave diagrams/ alone; also fail when a committed SVG
           is missing or was rendered from an older source (run npm run diagrams, then commit)

Needs Chromium: ${CHROMIUM_INSTALL_HINT}.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("diagrams", args, { check: { type: "boolean" } });
    const paths = projectPaths();
    const all = listDiagrams(paths.diagrams);
    const chosen = positionals.length === 0 ? all : positionals.map((n) => {
      const d = all.find((x) => x.name === n || `${x.name}.mmd` === n);
      if (!d) throw new UsageError(`diagrams: no diagram "${n}" (known: ${all.map((x) => x.name).join(", ")})`);
      return d;
    });
    const problem = chromiumProblem(paths.root);
    if (problem) throw new UsageError(`diagrams: ${problem}`);
    const outDir = values.check ? join(paths.root, "build", "diagrams") : undefined;
    const results = await renderDiagrams(paths.root, chosen, {
      ...(outDir ? { outDir } : {}),
      onResult: (r) =>
        io.stdout(r.ok ? `PASS ${r.name} (${r.seconds.toFixed(1)} s)\n` : `FAIL ${r.name}: ${r.error!.split("\n").join("\n    ")}\n`),
    });
    let failed = results.filter((r) => !r.ok).length;
    if (values.check) {
      const stale = staleDiagrams(paths.diagrams).filter((p) => chosen.some((d) => p.startsWith(`${d.name}.svg`)));
      for (const p of stale) io.stdout(`FAIL ${p} (run: npm run diagrams, then commit the SVG)\n`);
      failed += stale.length;
    }
    io.stdout(`${results.filter((r) => r.ok).length} rendered, ${failed} failed\n`);
    return failed > 0 ? 1 : 0;
  },
};
