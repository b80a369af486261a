/**
 * What the benchmark ran on: CPU, cores, memory, OS, Node and V8, the versions of the packages that carry the
 * measured work, the git commit, and the load average when it started.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, release, totalmem } from "node:os";
import { join } from "node:path";

export interface Machine {
  readonly cpu: string;
  readonly cores: number;
  readonly memoryGb: number;
  readonly os: string;
  readonly node: string;
  readonly v8: string;
  readonly packages: Readonly<Record<string, string>>;
  readonly commit: string;
  readonly loadAtStart: readonly number[];
  readonly date: string;
}

const MEASURED_PACKAGES = ["graphology", "js-tiktoken", "web-tree-sitter", "tslab", "tsx"];

function osName(): string {
  const file = "/etc/os-release";
  const pretty = existsSync(file) ? /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(readFileSync(file, "utf8"))?.[1] : undefined;
  return `${pretty ?? process.platform} (kernel ${release()})`;
}

function packageVersion(root: string, name: string): string {
  const file = join(root, "node_modules", name, "package.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version : "not installed";
}

function gitCommit(root: string): string {
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { cwd: root, encoding: "utf8" }).trim();
    return dirty === "" ? head : `${head} (with uncommitted changes)`;
  } catch {
    return "unknown (not a git checkout)";
  }
}

/** Describes this machine and checkout (`root`: the project folder). */
export function describeMachine(root: string): Machine {
  return {
    cpu: cpus()[0]?.model.trim() ?? "unknown",
    cores: availableParallelism(),
    memoryGb: totalmem() / 2 ** 30,
    os: osName(),
    node: process.version,
    v8: process.versions.v8,
    packages: Object.fromEntries(MEASURED_PACKAGES.map((p) => [p, packageVersion(root, p)])),
    commit: gitCommit(root),
    loadAtStart: loadavg(),
    date: new Date().toISOString(),
  };
}
