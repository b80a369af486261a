/**
 * The diagrams: every flowchart and state diagram of the seeds as a mermaid source (`diagrams/*.mmd`), rendered to
 * SVG with mermaid-cli's `renderMermaid` through ONE shared headless Chromium (≈ 1 s a diagram instead of ≈ 2 s
 * with a browser per `mmdc` call). Each SVG starts with a comment stamping the hash of the source it was rendered
 * from and of the style it is drawn with, so a stale committed SVG is found without comparing pixels (which depend
 * on the fonts installed).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { WorkbenchInputError } from "../core/errors.js";
import { requireArray, requireRecord, requireString } from "../core/validate.js";
import type { Browser } from "puppeteer-core";
import { launchChromium } from "./chromium.js";

export interface Diagram {
  name: string;
  source: string;
  svg: string;
}

export interface RenderResult {
  name: string;
  ok: boolean;
  /** mermaid's message (e.g. "Parse error on line 3: …") when rendering failed. */
  error: string | null;
  seconds: number;
}

/** The diagrams under `dir`, by name. */
export function listDiagrams(dir: string): Diagram[] {
  requireString("listDiagrams", "dir", dir);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (err) {
    throw new WorkbenchInputError("listDiagrams", "dir", `must be a readable folder (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`, dir);
  }
  return names
    .filter((f) => f.endsWith(".mmd"))
    .sort()
    .map((f) => ({ name: basename(f, ".mmd"), source: join(dir, f), svg: join(dir, `${basename(f, ".mmd")}.svg`) }));
}

/**
 * How every diagram is drawn. Mermaid lays labels out with the fonts of the machine that renders them, and a viewer
 * whose fallback font is wider sees clipped words ("Generat…"): so the labels name one font family first (DejaVu
 * Sans, installed with Chromium on Debian, metric-close to Verdana where it is missing) and may overflow their box
 * rather than be cut.
 */
export const DIAGRAM_STYLE = Object.freeze({
  fontFamily: '"DejaVu Sans", Verdana, "Bitstream Vera Sans", sans-serif',
  css: "foreignObject { overflow: visible; }",
});

/** The first 16 hex digits of the SHA-256 of the source and the style it is drawn with (`DIAGRAM_STYLE`). */
export function sourceHash(text: string): string {
  requireString("sourceHash", "text", text);
  return createHash("sha256").update(text).update("\0").update(JSON.stringify(DIAGRAM_STYLE)).digest("hex").slice(0, 16);
}

const STAMP = /^<!-- rendered from (\S+)\.mmd sha256:([0-9a-f]{16})\b/;

/** The comment an SVG rendered from `name.mmd` with content `text` starts with. */
export function stampFor(name: string, text: string, mermaidCliVersion: string): string {
  requireString("stampFor", "name", name);
  requireString("stampFor", "mermaidCliVersion", mermaidCliVersion);
  return `<!-- rendered from ${name}.mmd sha256:${sourceHash(text)} by npm run diagrams (mermaid-cli ${mermaidCliVersion}) -->\n`;
}

/** What is wrong with the committed SVGs in `dir`: missing, unstamped, or rendered from another version of the source. */
export function staleDiagrams(dir: string): string[] {
  const problems: string[] = [];
  for (const d of listDiagrams(dir)) {
    if (!existsSync(d.svg)) {
      problems.push(`${d.name}.svg is missing`);
      continue;
    }
    const m = STAMP.exec(readFileSync(d.svg, "utf8"));
    if (!m || m[1] !== d.name) problems.push(`${d.name}.svg has no stamp naming ${d.name}.mmd`);
    else if (m[2] !== sourceHash(readFileSync(d.source, "utf8"))) problems.push(`${d.name}.svg was rendered from an older ${d.name}.mmd`);
  }
  return problems;
}

/**
 * mermaid-cli is an instructor's devDependency (a student release does not install it): the name is held in a
 * constant so that type-checking never needs the package, and this is the one function of it we call.
 */
const MERMAID_CLI = "@mermaid-js/mermaid-cli";
type RenderMermaid = (
  browser: Browser,
  definition: string,
  format: "svg",
  options: { svgId: string; backgroundColor: string; mermaidConfig: Record<string, unknown>; myCSS: string },
) => Promise<{ data: Uint8Array }>;

/** mermaid-cli's installed version. */
export function mermaidCliVersion(root: string): string {
  requireString("mermaidCliVersion", "root", root);
  const pkg = join(root, "node_modules", "@mermaid-js", "mermaid-cli", "package.json"); // not in its "exports"
  let version: unknown;
  try {
    version = (JSON.parse(readFileSync(pkg, "utf8")) as { version?: unknown }).version;
  } catch {
    version = undefined;
  }
  if (typeof version !== "string") throw new WorkbenchInputError("mermaidCliVersion", "root", "must have @mermaid-js/mermaid-cli installed (a devDependency: npm ci in the instructor's checkout; a student release has none)", root);
  return version;
}

/**
 * Renders `diagrams` to SVG files in `outDir` (default: beside their sources) with one browser. A diagram that
 * fails to parse is reported and the others still render.
 */
export async function renderDiagrams(
  root: string,
  diagrams: readonly Diagram[],
  options: { outDir?: string; onResult?: (r: RenderResult) => void } = {},
): Promise<RenderResult[]> {
  requireString("renderDiagrams", "root", root);
  requireArray("renderDiagrams", "diagrams", diagrams);
  requireRecord("renderDiagrams", "options", options);
  const version = mermaidCliVersion(root);
  const { renderMermaid } = (await import(MERMAID_CLI)) as { renderMermaid: RenderMermaid };
  const browser = await launchChromium(root);
  const results: RenderResult[] = [];
  try {
    for (const d of diagrams) {
      const started = performance.now();
      const text = readFileSync(d.source, "utf8");
      let error: string | null = null;
      try {
        // svgId = the diagram's name: mermaid scopes its CSS by the id, so several diagrams can share one page.
        const { data } = await renderMermaid(browser, text, "svg", {
          svgId: d.name,
          backgroundColor: "white",
          mermaidConfig: { fontFamily: DIAGRAM_STYLE.fontFamily, themeVariables: { fontFamily: DIAGRAM_STYLE.fontFamily } },
          myCSS: DIAGRAM_STYLE.css,
        });
        const out = options.outDir ? join(options.outDir, `${d.name}.svg`) : d.svg;
        if (options.outDir) mkdirSync(options.outDir, { recursive: true });
        writeFileSync(out, stampFor(d.name, text, version) + Buffer.from(data).toString("utf8") + "\n");
      } catch (err) {
        error = (err instanceof Error ? err.message : String(err)).trim();
      }
      const result = { name: d.name, ok: error === null, error, seconds: (performance.now() - started) / 1000 };
      results.push(result);
      options.onResult?.(result);
    }
  } finally {
    await browser.close();
  }
  return results;
}
