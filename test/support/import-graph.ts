/**
 * The import graph of lib's TypeScript sources, for the layering test (CONTRIBUTING.md, "Rules"): every relative
 * import, re-export and dynamic `import()` of every `.ts` file, found by TypeScript's own pre-processor (so
 * comments and strings never count), resolved to the file it names; then its cycles and its upward arrows.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";

/** File (path relative to the root, `/`-separated) → the files it imports, in source order. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** Every `.ts` file under `dir` (skipping `dist` and `node_modules`), relative to `root`. */
function tsFiles(root: string, dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const abs = join(dir, e.name);
    if (e.isDirectory()) return e.name === "dist" || e.name === "node_modules" ? [] : tsFiles(root, abs);
    return e.name.endsWith(".ts") && !e.name.endsWith(".d.ts") ? [relative(root, abs).split(sep).join("/")] : [];
  });
}

/** The file a relative specifier names: `x.js` → `x.ts`, a folder → its `index.ts`; null when none exists. */
function resolveSpecifier(root: string, from: string, spec: string): string | null {
  const base = resolve(root, dirname(from), spec);
  for (const candidate of [base.replace(/\.js$/, ".ts"), base, `${base}.ts`, join(base, "index.ts")]) {
    try {
      if (statSync(candidate).isFile()) return relative(root, candidate).split(sep).join("/");
    } catch {
      /* not this one */
    }
  }
  return null;
}

/** The import graph of the `.ts` files under `root/dir`; a relative import naming no file throws. */
export function importGraph(root: string, dir: string): ImportGraph {
  const graph = new Map<string, string[]>();
  for (const file of tsFiles(root, join(root, dir)).sort()) {
    const info = ts.preProcessFile(readFileSync(join(root, file), "utf8"), true, true);
    const targets: string[] = [];
    for (const { fileName } of info.importedFiles) {
      if (!fileName.startsWith(".")) continue; // packages and node: builtins are outside the graph
      const target = resolveSpecifier(root, file, fileName);
      if (target === null) throw new Error(`importGraph: ${file} imports ${JSON.stringify(fileName)}, which names no file`);
      if (!targets.includes(target)) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Every cycle of the graph, one per strongly connected component with more than one file (or a self-import). */
export function importCycles(graph: ImportGraph): string[][] {
  // Tarjan's algorithm, iterative so a long chain cannot overflow the stack
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: [string, number][] = [[start, 0]];
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const [node, next] = top;
      if (next === 0) {
        index.set(node, index.size);
        low.set(node, index.get(node)!);
        stack.push(node);
        onStack.add(node);
      }
      const edges = graph.get(node) ?? [];
      if (next < edges.length) {
        top[1]++;
        const to = edges[next]!;
        if (!index.has(to)) work.push([to, 0]);
        else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]![0];
        low.set(parent, Math.min(low.get(parent)!, low.get(node)!));
      }
      if (low.get(node) === index.get(node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || edges.includes(node)) cycles.push(component.sort());
      }
    }
  }
  return cycles;
}

/** One import that points up the layers: `from` (layer `fromLayer`) imports `to` (layer `toLayer` > `fromLayer`). */
export interface UpwardImport {
  readonly from: string;
  readonly to: string;
  readonly fromLayer: number;
  readonly toLayer: number;
}

/** Every import from a file to a file of a higher layer; `layerOf` returns null for a file it does not know. */
export function upwardImports(graph: ImportGraph, layerOf: (file: string) => number | null): { upward: UpwardImport[]; unplaced: string[] } {
  const upward: UpwardImport[] = [];
  const unplaced = new Set<string>();
  for (const [from, targets] of graph) {
    const fromLayer = layerOf(from);
    if (fromLayer === null) unplaced.add(from);
    for (const to of targets) {
      const toLayer = layerOf(to);
      if (toLayer === null) unplaced.add(to);
      if (fromLayer !== null && toLayer !== null && toLayer > fromLayer) upward.push({ from, to, fromLayer, toLayer });
    }
  }
  return { upward, unplaced: [...unplaced].sort() };
}
