/**
 * The committed diagrams (diagrams/*.svg, rendered from the seeds' flowcharts by `npm run diagrams`) as SVG text,
 * for a notebook to embed with `tslab.display.svg(diagram("aider-loop"))`. Found from the working folder (a
 * notebook's kernel runs in notebooks/), since lib modules may not use `import.meta`.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { WorkbenchInputError } from "../core/errors.js";
import { requireString } from "../core/validate.js";
import { findProjectRoot } from "../core/project-root.js";

/** The names of the committed diagrams. */
export function diagramNames(root: string = findProjectRoot()): string[] {
  const dir = join(root, "diagrams");
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".svg")).map((f) => f.slice(0, -4)).sort() : [];
}

/** The SVG of diagrams/<name>.svg, without its stamp comment. */
export function diagram(name: string, root: string = findProjectRoot()): string {
  requireString("diagram", "name", name);
  const file = join(root, "diagrams", `${name}.svg`);
  if (!/^[a-z0-9-]+$/.test(name) || !existsSync(file)) {
    throw new WorkbenchInputError("diagram", "name", `must name a diagram in diagrams/ (known: ${diagramNames(root).join(", ")})`, name);
  }
  return readFileSync(file, "utf8").replace(/^<!--[\s\S]*?-->\n?/, "");
}
