/**
 * Map-shaped texts of a given token size for the token-counting benchmark, made from real Python files: each
 * file's path, then its `def`/`class` lines prefixed with `│` and `⋮` for every elided run — the layout of
 * Aider's repo map (reference §1.7) — until the exact count reaches the target.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { MapText } from "./token-count.js";

const DEF = /^\s*(?:async\s+def|def|class)\s/;

function pythonFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== "__pycache__" && entry.name !== "site-packages") walk(path);
      else if (entry.isFile() && entry.name.endsWith(".py")) out.push(path);
    }
  };
  walk(root);
  return out;
}

/** One file's entry in map layout, or "" when it defines nothing. */
function fileEntry(root: string, path: string): string {
  const lines = readFileSync(path, "utf8").split("\n");
  const shown: string[] = [];
  let last = -2;
  lines.forEach((line, i) => {
    if (!DEF.test(line)) return;
    if (i !== last + 1) shown.push("⋮");
    shown.push(`│${line.slice(0, 100)}`);
    last = i;
  });
  return shown.length === 0 ? "" : `\n${relative(root, path)}:\n${shown.join("\n")}\n⋮\n`;
}

/** Texts of about each target token count (cut at a line), made from the Python files under `root`. */
export function mapShapedTexts(root: string, targets: readonly number[], count: (text: string) => number): MapText[] {
  const out: MapText[] = [];
  const lines: string[] = [];
  let tokens = 0; // the sum of per-line counts: within a few tokens of the exact count of the joined text
  for (const file of pythonFiles(root)) {
    for (const line of fileEntry(root, file).split(/(?<=\n)/)) {
      if (line === "") continue;
      lines.push(line);
      tokens += count(line);
      const target = targets[out.length];
      if (target !== undefined && tokens >= target) out.push({ label: `~${target >= 1000 ? `${target / 1000}k` : target} tokens`, text: lines.join("") });
      if (out.length === targets.length) return out;
    }
  }
  return out;
}
