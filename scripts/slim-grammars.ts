/**
 * `postinstall` of `npm ci`: removes from each grammar package in node_modules what the scanner never reads (C
 * sources, native prebuilds, bindings, the prebuilt packages' unused grammars), keeping the `.wasm` and query files
 * the language table names and the packages' metadata and licences (lib/repomap/scan/grammar-files.ts). The map is
 * unchanged: it loads the same bytes. A package that is a symbolic link or missing is left alone.
 */
import { lstatSync, readdirSync, rmdirSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { KEPT_FOLDERS, keptInGrammarPackage, scannerFiles } from "../lib/repomap/scan/grammar-files.js";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Removes the files under `dir` that are not kept; returns [files removed, bytes removed]. */
function slim(dir: string, loaded: ReadonlySet<string>, rel = ""): [number, number] {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(join(dir, rel), { withFileTypes: true })) {
    const path = rel === "" ? entry.name : `${rel}/${entry.name}`;
    if (entry.isDirectory()) {
      if (rel === "" && KEPT_FOLDERS.includes(entry.name)) continue;
      const [f, b] = slim(dir, loaded, path);
      files += f;
      bytes += b;
      if (readdirSync(join(dir, path)).length === 0) rmdirSync(join(dir, path));
    } else if (!keptInGrammarPackage(loaded, path)) {
      bytes += lstatSync(join(dir, path)).size;
      unlinkSync(join(dir, path));
      files++;
    }
  }
  return [files, bytes];
}

let files = 0;
let bytes = 0;
let packages = 0;
for (const [pkg, loaded] of scannerFiles()) {
  const dir = join(root, "node_modules", pkg);
  let real = false;
  try {
    real = lstatSync(dir).isDirectory();
  } catch {
    // not installed here: nothing to slim
  }
  if (!real) continue;
  const [f, b] = slim(dir, loaded);
  files += f;
  bytes += b;
  packages++;
}
console.log(`slim-grammars: ${packages} grammar packages keep their .wasm, queries and licence; removed ${files} files (${(bytes / 1e6).toFixed(0)} MB) the scanner never reads`);
