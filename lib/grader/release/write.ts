/**
 * `workbench release OUT`: writes the student repository — every regular file of the checkout that git
 * tracks (a stray file git does not track, such as a report left in the checkout, is left out and named), less
 * what rules.ts leaves out (solutions, hidden tests, what grades or reads the solutions, and what imports those),
 * with the exercises' stubs made afresh from the solutions (lib/grader/stubs.ts: never the instructor's working
 * copy), `exercises/manifest.json` (manifest.ts) so the release knows its exercises without `solutions/`, the
 * package.json without scripts whose files are gone, the README for students and the Classroom workflow (texts.ts).
 *
 * It writes into a fresh folder beside OUT and renames it to OUT at the end, so a failed release leaves nothing
 * half-written. OUT must not exist (or be an empty folder) and must be outside the checkout.
 */
import { execFileSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, rmdirSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { WorkbenchInputError } from "../../core/errors.js";
import { untrustedGitArgs, untrustedGitEnv } from "../../core/untrusted-git.js";
import { requireString } from "../../core/validate.js";
import { listExercises } from "../catalog.js";
import { formatManifest, MANIFEST_PATH, type ManifestExercise } from "../manifest.js";
import { stubFromSolution } from "../stubs.js";
import { instructorOnly, leftOutByImports, neededToGrade, readsSolutions, releaseLockfile, releasePackageJson, type LeftOut } from "./rules.js";
import { feedbackWorkflow, releaseReadme, WORKFLOW_PATH, workflowNodeVersion } from "./texts.js";
import { PAGES_WORKFLOW_PATH, pagesWorkflow } from "./pages.js";

export interface ReleaseOptions {
  /** The instructor's checkout (with solutions/). */
  root: string;
  /** The folder to create (absolute). */
  out: string;
  /** Progress lines. */
  onProgress?: (line: string) => void;
}

export interface ReleaseSummary {
  out: string;
  /** Files written (relative paths, sorted). */
  files: string[];
  leftOut: LeftOut[];
  exercises: string[];
  /** npm scripts dropped from package.json (their files are not in the release). */
  droppedScripts: string[];
  /** Exercise files whose copy in the checkout differed from the stub made from the solution. */
  restoredStubs: string[];
  /** Files on disk that git does not track (and does not ignore), or tracked links: found, not released. */
  untracked: string[];
}

const WHERE = "writeRelease";

/** Checks OUT before anything is written: a `WorkbenchInputError` naming the rule it breaks. */
export function checkReleaseTarget(root: string, out: string): void {
  requireString(WHERE, "out", out);
  const real = (p: string): string => {
    // the nearest existing folder up, made real (symlinks), with the rest appended
    let dir = resolve(p);
    const rest: string[] = [];
    while (!existsSync(dir)) {
      rest.unshift(basename(dir));
      dir = dirname(dir);
    }
    return join(realpathSync(dir), ...rest);
  };
  const r = real(root);
  const o = real(out);
  if (o === r || o.startsWith(r + sep)) throw new WorkbenchInputError(WHERE, "out", "must be outside the workbench checkout", out);
  if (existsSync(out)) {
    if (!statSync(out).isDirectory()) throw new WorkbenchInputError(WHERE, "out", "must not exist, or be an empty folder (it is a file)", out);
    if (readdirSync(out).length > 0) throw new WorkbenchInputError(WHERE, "out", "must not exist, or be an empty folder", out);
  }
  if (!existsSync(dirname(resolve(out)))) throw new WorkbenchInputError(WHERE, "out", `must be in a folder that exists (${dirname(resolve(out))} does not)`, out);
}

/**
 * The checkout's files as git sees them ("/"-separated, relative): the tracked regular files, as they are on disk;
 * what else is there and not ignored (never released: a stray report or note must not reach students), with the
 * tracked symbolic links; and how many tracked files differ from the last commit.
 */
function checkoutFiles(root: string): { files: string[]; untracked: string[]; uncommitted: number } {
  // git's read-only plumbing with every command-running knob off (lib/core/untrusted-git.ts), even on our own checkout
  const git = (...args: string[]): string =>
    execFileSync("git", untrustedGitArgs(root, args), { encoding: "utf8", env: untrustedGitEnv(), maxBuffer: 64 * 1024 * 1024, stdio: ["ignore", "pipe", "pipe"] });
  let listing: string;
  let others: string;
  let changed: string;
  try {
    listing = git("ls-files", "-z", "--cached");
    others = git("ls-files", "-z", "--others", "--exclude-standard");
    changed = git("ls-files", "-z", "--modified", "--deleted");
  } catch {
    throw new WorkbenchInputError(WHERE, "root", "must be a git checkout of the workbench (the release takes the files git tracks)", root);
  }
  const split = (z: string): string[] => [...new Set(z.split("\0"))].filter((p) => p !== "");
  const kind = (p: string): ReturnType<typeof lstatSync> => lstatSync(join(root, p), { throwIfNoEntry: false });
  const tracked = split(listing);
  const files = tracked.filter((p) => kind(p)?.isFile() === true);
  const links = tracked.filter((p) => kind(p)?.isSymbolicLink() === true);
  return { files, untracked: [...split(others), ...links].sort(), uncommitted: split(changed).length };
}

/** Writes the release; returns what it did. */
export function writeRelease(options: ReleaseOptions): ReleaseSummary {
  const { root } = options;
  const out = resolve(options.out);
  const say = (line: string): void => options.onProgress?.(line);
  checkReleaseTarget(root, out);
  const exercises = listExercises(root);
  if (exercises.length === 0 || exercises.some((e) => e.solutionDir === null)) {
    throw new WorkbenchInputError(WHERE, "root", "must be the instructor's checkout, with solutions/ (this looks like a release already)", root);
  }

  const { files: tracked, untracked, uncommitted } = checkoutFiles(root);
  say(`${tracked.length} files in ${root}${uncommitted ? ` (${uncommitted} changed since the last commit: released as they are on disk)` : ""}`);
  if (untracked.length) say(`not released (git does not track them, or they are links): ${untracked.slice(0, 5).join(", ")}${untracked.length > 5 ? ` and ${untracked.length - 5} more` : ""} (commit a file to release it)`);
  const leftOut: LeftOut[] = [];
  const kept = new Map<string, string>();
  for (const path of tracked) {
    const text = /\.(ts|mjs|js)$/.test(path) ? readFileSync(join(root, path), "utf8") : "";
    const reason = instructorOnly(path) ?? readsSolutions(path, text);
    if (reason !== null) leftOut.push({ path, reason });
    else kept.set(path, text);
  }
  const out0 = new Set(leftOut.map((l) => l.path));
  for (const l of leftOutByImports(kept, (p) => out0.has(p) || instructorOnly(p) !== null)) {
    kept.delete(l.path);
    leftOut.push(l);
  }
  // A release that cannot grade is no release: the judge (lib) and the graded tests must all be kept.
  const needed = leftOut.find((l) => neededToGrade(l.path));
  if (needed) throw new WorkbenchInputError(WHERE, "root", `must not need the solutions to grade: ${needed.path} ${needed.reason}`, root);
  say(`leaving out ${leftOut.length} instructor-only files (solutions/, hidden tests, tests and scripts that need the solutions)`);

  // The exercises: stubs made from the solutions, and the manifest that replaces solutions/ as the catalog.
  const generated = new Map<string, string>();
  const manifest: ManifestExercise[] = [];
  const restoredStubs: string[] = [];
  for (const e of exercises) {
    const stubs: Record<string, string> = {};
    for (const f of e.files) {
      const stub = stubFromSolution(readFileSync(join(e.solutionDir!, f), "utf8"), e.number);
      const path = `exercises/${e.id}/${f}`;
      stubs[f] = stub;
      generated.set(path, stub);
      const current = existsSync(join(root, path)) ? readFileSync(join(root, path), "utf8") : null;
      if (current !== stub) restoredStubs.push(path);
    }
    manifest.push({ id: e.id, stubs });
  }
  generated.set(MANIFEST_PATH, formatManifest({ format: 1, exercises: manifest }));
  say(`${exercises.length} exercises, stubs made from the solutions${restoredStubs.length ? ` (${restoredStubs.length} differed from the checkout's exercises/ and were replaced by the stub)` : ""}`);

  const has = (p: string): boolean => kept.has(p) || generated.has(p);
  const pkg = releasePackageJson(readFileSync(join(root, "package.json"), "utf8"), has);
  generated.set("package.json", pkg.text);
  if (kept.has("package-lock.json")) generated.set("package-lock.json", releaseLockfile(readFileSync(join(root, "package-lock.json"), "utf8")));
  if (pkg.dropped.length) say(`package.json: dropped the npm scripts ${pkg.dropped.join(", ")} (their files are instructor-only)`);
  say("package.json and package-lock.json: without the devDependencies (the instructor's tooling: diagram rendering, the ssh host of the tests) and the pinned Node binary (students run their own Node 22 or 24)");
  const engines = (JSON.parse(pkg.text) as { engines?: { node?: string } }).engines?.node ?? "";
  const nodeVersion = workflowNodeVersion(engines);
  generated.set(WORKFLOW_PATH, feedbackWorkflow(nodeVersion));
  generated.set(PAGES_WORKFLOW_PATH, pagesWorkflow(nodeVersion));
  if (kept.has("README.md")) generated.set("README.md", releaseReadme(readFileSync(join(root, "README.md"), "utf8"), exercises.length));

  // Write beside OUT, then rename: a failure leaves no half-written release.
  const staging = join(dirname(out), `.${basename(out)}.partial-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  const files = [...new Set([...kept.keys(), ...generated.keys()])].sort();
  try {
    for (const path of files) {
      const dest = join(staging, path);
      mkdirSync(dirname(dest), { recursive: true });
      const text = generated.get(path);
      if (text !== undefined) writeFileSync(dest, text);
      else writeFileSync(dest, readFileSync(join(root, path)), { mode: statSync(join(root, path)).mode & 0o777 });
    }
    if (existsSync(out)) rmdirSync(out); // checked empty above
    renameSync(staging, out);
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    throw err;
  }
  say(`wrote ${files.length} files to ${out}`);
  return { out, files, leftOut: leftOut.sort((a, b) => (a.path < b.path ? -1 : 1)), exercises: exercises.map((e) => e.id), droppedScripts: pkg.dropped, restoredStubs, untracked };
}

/** The release's path relative to the user's folder when shorter (for messages). */
export function shownPath(path: string, cwd: string): string {
  const r = relative(cwd, path);
  return r && !r.startsWith("..") && r.length < path.length ? r : path;
}
