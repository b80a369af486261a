/**
 * `workbench autograder PLATFORM OUT`: the grader packaged for a platform. Every package holds a workbench
 * release (release/write.ts: no solutions, stubs made afresh), the hidden graded tests unless left out, and
 * `autograder.json` (config.ts); then what the platform runs: Gradescope's zip with `setup.sh` and
 * `run_autograder` at its root, PrairieLearn's image recipe and one question per exercise, Classroom 50's
 * `autograder.py` with the grader beside it. texts.ts has those files, autograde.ts what they run.
 */
import { chmodSync, copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { WorkbenchInputError } from "../../core/errors.js";
import { hiddenTestFile, listExercises, pristineStub, selectExercises } from "../catalog.js";
import { graderVersion } from "../provenance.js";
import { checkReleaseTarget, writeRelease } from "../release/write.js";
import { CONFIG_FILE, formatAutograderConfig, type AutograderConfig } from "./config.js";
import { PRAIRIELEARN_QUESTION_FILE } from "./autograde.js";
import * as texts from "./texts.js";
import { zipArchive, type ZipEntry } from "./zip.js";

export interface PackageOptions {
  /** The instructor's checkout (with solutions/ and the hidden tests). */
  root: string;
  /** The zip (Gradescope) or folder (the others) to write; it must not exist yet, outside the checkout. */
  out: string;
  config: AutograderConfig;
  /** PrairieLearn: the image name questions name in info.json. */
  image?: string;
  onProgress?: (line: string) => void;
}

export interface PackageSummary {
  out: string;
  files: number;
  exercises: string[];
  hiddenTests: number;
}

/** Writes the package for `options.config.platform`. */
export function packageAutograder(options: PackageOptions): PackageSummary {
  const { config } = options;
  const out = resolve(options.out);
  if (config.platform === "gradescope") {
    if (!out.endsWith(".zip")) throw new WorkbenchInputError("packageAutograder", "out", "must be a .zip file name for Gradescope", options.out);
    if (existsSync(out)) throw new WorkbenchInputError("packageAutograder", "out", "must not exist yet", options.out);
    const parent = dirname(out);
    if (!existsSync(parent)) throw new WorkbenchInputError("packageAutograder", "out", `must be in a folder that exists (${parent} does not)`, options.out);
    const [p, r] = [realpathSync(parent), realpathSync(options.root)];
    if (p === r || p.startsWith(r + sep)) throw new WorkbenchInputError("packageAutograder", "out", "must be outside the workbench checkout", options.out);
  } else checkReleaseTarget(options.root, out);
  selectExercises(listExercises(options.root), config.exercises); // an unknown exercise fails before anything is written
  // staged beside OUT (same file system), renamed into place at the end: a failure leaves nothing half-written
  const work = mkdtempSync(join(dirname(out), `.${basename(out)}.partial-`));
  try {
    const grader = join(work, config.platform === "gradescope" ? "source" : "package", config.platform === "gradescope" ? "" : "grader");
    const hiddenTests = stageGrader(options, grader);
    if (config.platform === "gradescope") {
      writeExecutable(join(grader, "setup.sh"), texts.gradescopeSetup());
      writeExecutable(join(grader, "run_autograder"), texts.gradescopeRun());
      const entries = walkFiles(grader).map((rel): ZipEntry => ({ name: rel, data: readFileSync(join(grader, rel)), mode: lstatSync(join(grader, rel)).mode & 0o777 }));
      writeFileSync(join(work, "autograder.zip"), zipArchive(entries));
      renameSync(join(work, "autograder.zip"), out);
      return { out, files: entries.length, exercises: config.exercises, hiddenTests };
    }
    const pkg = dirname(grader);
    if (config.platform === "prairielearn") writePrairieLearn(options, pkg, grader);
    else {
      writeExecutable(join(pkg, "autograder.py"), texts.classroom50Autograder());
      writeFileSync(join(pkg, "runtime.json"), texts.classroom50Runtime());
    }
    renameSync(pkg, out);
    return { out, files: walkFiles(out).length, exercises: config.exercises, hiddenTests };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The release, the hidden tests (when configured) and autograder.json, in `dir`; returns how many hidden files. */
function stageGrader(options: PackageOptions, dir: string): number {
  const say = (line: string): void => options.onProgress?.(line);
  mkdirSync(dirname(dir), { recursive: true });
  writeRelease({ root: options.root, out: dir, onProgress: say });
  let hidden = 0;
  if (options.config.hidden) {
    for (const e of selectExercises(listExercises(options.root), options.config.exercises)) {
      const from = hiddenTestFile(options.root, e.id);
      if (!existsSync(from)) continue;
      const to = join(dir, relative(options.root, from));
      mkdirSync(dirname(to), { recursive: true });
      copyFileSync(from, to);
      hidden++;
    }
    say(`hidden graded tests: ${hidden} file${hidden === 1 ? "" : "s"} (shown ${options.config.hiddenVisibility === "hidden" ? "never" : "after the grades are published"})`);
  }
  writeFileSync(join(dir, CONFIG_FILE), formatAutograderConfig(options.config));
  return hidden;
}

function writePrairieLearn(options: PackageOptions, pkg: string, grader: string): void {
  const version = graderVersion(options.root).version;
  writeExecutable(join(grader, "run-prairielearn"), texts.prairielearnRun());
  writeFileSync(join(pkg, "Dockerfile"), texts.graderDockerfile(version));
  const image = options.image ?? `aider-workbench-grader:${version}`;
  for (const e of selectExercises(listExercises(options.root), options.config.exercises)) {
    const q = join(pkg, "questions", `workbench-${e.id}`);
    mkdirSync(join(q, "tests"), { recursive: true });
    const file = e.files[0]!;
    const title = readmeTitle(e.readme) ?? e.id;
    writeFileSync(join(q, PRAIRIELEARN_QUESTION_FILE), JSON.stringify({ exercise: e.id }, null, 2) + "\n");
    writeFileSync(join(q, "question.html"), texts.prairielearnQuestionHtml(title, file, pristineStub(options.root, e, file)));
    const info = {
      uuid: stableUuid(`aider-workbench/${e.id}`),
      title,
      topic: "Aider workbench",
      tags: ["aider-workbench", e.id],
      type: "v3",
      singleVariant: true,
      gradingMethod: "External",
      externalGradingOptions: { enabled: true, image, entrypoint: "/grader/run-prairielearn", timeout: Math.ceil(options.config.deadlineMs / 1000) + 30 },
    };
    writeFileSync(join(q, "info.json"), JSON.stringify(info, null, 2) + "\n");
  }
}

function readmeTitle(path: string): string | null {
  try {
    return /^#\s+(.+)$/m.exec(readFileSync(path, "utf8"))?.[1]?.trim() ?? null;
  } catch {
    return null;
  }
}

/** A UUID from a name (sha-256, version and variant bits set): the same question keeps its id across packages. */
export function stableUuid(name: string): string {
  const h = createHash("sha256").update(name).digest("hex").slice(0, 32).split("");
  h[12] = "4";
  h[16] = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  const s = h.join("");
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

function writeExecutable(path: string, text: string): void {
  writeFileSync(path, text);
  chmodSync(path, 0o755);
}

/** Every regular file under `dir`, relative, "/"-separated, sorted. */
function walkFiles(dir: string, rel = ""): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(dir, rel)).sort()) {
    const path = rel ? `${rel}/${name}` : name;
    const st = lstatSync(join(dir, path));
    if (st.isDirectory()) out.push(...walkFiles(dir, path));
    else if (st.isFile()) out.push(path);
  }
  return out;
}
