/**
 * Which modules a submission may use, enforced by building it (lib/grader/README.md, "Imports"). The judge
 * bundles the student's file with esbuild before the sandbox starts: every import in the module graph —
 * static, `import("literal")`, `require("literal")` — is resolved here and must be a file of the submission or
 * `@aider-workbench/lib`, which is served as a module exporting only the values the exercise declares (any lib
 * type may be imported: types are erased). Those values are built apart (`bundleLibValues`, cached: sandbox/cache.ts)
 * into the sandbox folder's lib.mjs, so a grade does not parse the whole lib again for every exercise. A computed `import(expr)`/`require(expr)` is refused too, since it
 * cannot be checked; at run time the sandbox can read nothing but the bundle, so nothing else could load anyway.
 */
import { realpathSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { Message, Plugin } from "esbuild";
import { requireString } from "../../core/validate.js";
import { HASH_SKIPPED } from "../provenance.js";

export interface ImportPolicy {
  /** "02" — for the messages. */
  exerciseNumber: string;
  /** The lib's runtime exports the exercise may use ("pystr", "teachingLines"). */
  libValues: readonly string[];
  /** The workbench checkout (its lib/ and solutions/ are named in refusals). */
  root: string;
  /** The submission folder (the graded target: exercises/, solutions/ or a student's folder). */
  submissionDir: string;
}

export type BundleResult = { ok: true; code: string } | { ok: false; message: string };

const LIB_NAMESPACE = "workbench-lib";
/** The file, in the sandbox folder, holding the lib values an exercise may use. */
export const LIB_MODULE = "./lib.mjs";
const LIB_PACKAGE = "@aider-workbench/lib";

const inside = (dir: string, path: string): boolean => path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep);

/**
 * Why the file at real path `real` (inside `submission`) cannot be graded code, or null: it lies under a folder the
 * submission hash skips (provenance.ts `HASH_SKIPPED`: what is not hashed must not be importable, or a cached grade
 * could outlive a change to it), or it is not a regular file (a FIFO or device would block the build).
 */
export function ungradableFile(submission: string, real: string): string | null {
  requireString("ungradableFile", "submission", submission);
  requireString("ungradableFile", "real", real);
  const rel = relative(submission, real);
  const skipped = rel.split(sep).find((part) => HASH_SKIPPED.includes(part));
  if (skipped !== undefined) return `${rel.split(sep).join("/")} is under a ${skipped}/ folder, which is tooling, not graded code: put the file beside your exercise`;
  const st = statSync(real, { throwIfNoEntry: false });
  if (st && !st.isFile()) return `${rel.split(sep).join("/")} is not a regular file (${fileKind(st)})`;
  return null;
}

function fileKind(st: ReturnType<typeof statSync> & object): string {
  if (st.isFIFO()) return "a FIFO";
  if (st.isCharacterDevice() || st.isBlockDevice()) return "a device";
  if (st.isSocket()) return "a socket";
  if (st.isDirectory()) return "a folder";
  return "a special file";
}

/** Bundles `entry` (a TypeScript file of the submission) under `policy`: the code, or the first refusal as one line. */
export async function bundleSubmission(entry: string, policy: ImportPolicy): Promise<BundleResult> {
  const { build } = await import("esbuild");
  const refusals: string[] = [];
  const ex = `exercise ${policy.exerciseNumber}`;
  const root = realpathSync(policy.root);
  const submission = realpathSync(policy.submissionDir);
  const lib = join(root, "lib");
  const solutions = join(root, "solutions");
  const allowed = policy.libValues.length ? `it may use ${policy.libValues.join(", ")} and the lib's types` : "it may use only the lib's types";
  // The exercise's file itself may be a symbolic link (a class's submissions are not all honest): where it
  // really is must be inside the submission too, as for every file it imports.
  let realEntry: string;
  try {
    realEntry = realpathSync(entry);
  } catch {
    return { ok: false, message: `${ex}'s file cannot be read (a link to nowhere?)` };
  }
  if (!inside(submission, realEntry)) {
    if (inside(solutions, realEntry)) return { ok: false, message: `${ex}'s file is a link to the reference solutions (${relative(root, realEntry)}): write it yourself` };
    return { ok: false, message: `${ex}'s file is a link to a file outside your submission: put the file itself there` };
  }
  const entryProblem = ungradableFile(submission, realEntry);
  if (entryProblem !== null) return { ok: false, message: `${ex}'s file cannot be graded: ${entryProblem}` };

  const plugin: Plugin = {
    name: "workbench-import-policy",
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind === "entry-point" || args.pluginData === "inner") return undefined;
        if (args.namespace === LIB_NAMESPACE) return { path: LIB_MODULE, external: true };
        const importer = args.importer;
        if (args.path === LIB_PACKAGE) return { path: "lib", namespace: LIB_NAMESPACE };
        const bare = !args.path.startsWith(".") && !args.path.startsWith("/");
        if (bare) {
          const what = args.path.startsWith("node:") || !args.path.includes("/") ? `the module ${args.path}` : `the package ${args.path}`;
          refusals.push(`${ex} may not import ${what}: only its own files and ${LIB_PACKAGE} (${allowed})`);
          return { path: args.path, external: true };
        }
        const r = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer, pluginData: "inner" });
        if (r.errors.length) return { errors: r.errors };
        const real = realpathSync(r.path);
        if (inside(submission, real)) {
          const problem = ungradableFile(submission, real);
          if (problem === null) return { path: real };
          refusals.push(`${ex} may not import ${args.path}: ${problem}`);
          return { path: real, external: true };
        }
        if (inside(solutions, real)) refusals.push(`${ex} may not use the reference solutions (${relative(root, real)}): write it yourself`);
        else if (inside(lib, real)) refusals.push(`${ex} may not import lib files directly (${relative(root, real)}): use ${LIB_PACKAGE} (${allowed})`);
        else refusals.push(`${ex} may not import ${args.path}: it is outside your submission`);
        return { path: real, external: true };
      });
      b.onLoad({ filter: /.*/, namespace: LIB_NAMESPACE }, () => ({
        contents: policy.libValues.length ? `import * as lib from "${LIB_MODULE}";\nexport const { ${policy.libValues.join(", ")} } = lib;\n` : "export {};\n",
        loader: "js",
        resolveDir: lib,
      }));
    },
  };

  let result;
  try {
    result = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      format: "esm",
      platform: "node",
      target: "node20",
      sourcemap: "inline",
      // import() becomes esbuild's require shim: a literal one is resolved (and checked) above, a computed one
      // is left as __require(…), refused below — and would throw at run time anyway.
      supported: { "dynamic-import": false },
      sourcesContent: false,
      logLevel: "silent",
      plugins: [plugin],
    });
  } catch (err) {
    if (refusals.length) return { ok: false, message: refusals[0]! };
    const errors = (err as { errors?: Message[] }).errors ?? [];
    const first = errors[0];
    if (!first) return { ok: false, message: `your module could not be compiled: ${(err as Error).message.split("\n")[0]}` };
    const lib = /No matching export in "workbench-lib:lib" for import "([^"]+)"/.exec(first.text);
    if (lib) return { ok: false, message: `${ex} may not use ${lib[1]} from the lib: write it yourself (${allowed})` };
    return { ok: false, message: `your module could not be compiled: ${where(first, root)}${first.text}` };
  }
  if (refusals.length) return { ok: false, message: refusals[0]! };
  for (const w of result.warnings) {
    const undef = /Import "([^"]+)" will always be undefined because there is no matching export in "workbench-lib:lib"/.exec(w.text);
    if (undef) return { ok: false, message: `${ex} may not use ${undef[1]} from the lib: write it yourself (${allowed})` };
    if (w.id === "unsupported-dynamic-import" || w.id === "unsupported-require-call") {
      return { ok: false, message: `${ex} may not load a module by a computed name (${where(w, root)}${w.text.split(" because")[0]}): name it in an import` };
    }
  }
  const code = result.outputFiles[0]!.text;
  const computed = /\b__require\d*\(/.exec(code);
  if (computed) {
    const line = code.slice(0, computed.index).split("\n").length;
    return { ok: false, message: `${ex} may not load a module by a computed name (import(…) or require(…) of something other than a quoted path, line ${line} of the built module): name it in an import` };
  }
  return { ok: true, code };
}

/**
 * The module of lib values `values` (lib.mjs): the lib's exports of those names and what they need, its files
 * marked side-effect free so that nothing else is kept, packages left as imports (none of the allowed helpers
 * needs one; one that did would fail to load in the sandbox, which can read nothing else).
 */
export async function bundleLibValues(root: string, values: readonly string[]): Promise<string> {
  const { build } = await import("esbuild");
  const lib = join(realpathSync(root), "lib");
  const plugin: Plugin = {
    name: "workbench-lib-values",
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === "inner" || args.kind === "entry-point") return undefined;
        if (!args.path.startsWith(".") && !args.path.startsWith("/")) return { path: args.path, external: true, sideEffects: false };
        const r = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: "inner" });
        return r.errors.length ? { errors: r.errors } : { path: r.path, sideEffects: false };
      });
    },
  };
  const result = await build({
    stdin: { contents: values.length ? `export { ${values.join(", ")} } from "./index.ts";\n` : "export {};\n", resolveDir: lib, loader: "ts", sourcefile: "lib-values.ts" },
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
    target: "node20",
    logLevel: "silent",
    plugins: [plugin],
  });
  return result.outputFiles[0]!.text;
}

function where(m: Message, root: string): string {
  if (!m.location) return "";
  const file = m.location.file.startsWith(root) ? relative(root, m.location.file) : m.location.file;
  return `${file}:${m.location.line}:${m.location.column + 1}: `;
}
