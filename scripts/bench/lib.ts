/**
 * The lib as the benchmarks measure it: its build (lib/dist, made by `npm run build`, which `npm run bench` runs
 * first), loaded by package name as a notebook loads it, and typed from the sources.
 */
type Lib = typeof import("../../lib/index.js");

const name = "@aider-workbench/lib"; // a variable, so the type checker does not need lib/dist
export const lib = (await import(name)) as Lib;
