/**
 * How the sandbox process is started on this machine (lib/grader/README.md, "Containment"), measured once per
 * process by trying each layer:
 *
 * - Node's permission model (`--experimental-permission`, `--permission` from Node 22): reads only the sandbox
 *   folder; no file writes, child processes, workers, addons or WASI. `--disallow-code-generation-from-strings`
 *   turns off eval and `Function`, so no import can be hidden from the build-time check.
 * - bubblewrap (Debian package `bubblewrap`, scripts/system-deps.sh), when it can create namespaces here: no
 *   network, its own pid namespace (nothing outside can be signalled; everything dies with its parent), a read-only
 *   view of /usr and the sandbox folder only.
 * - `prlimit --as` (util-linux): caps the address space, so memory off V8's heap is bounded too; the heap itself is
 *   capped by `--max-old-space-size`.
 * - As root without bubblewrap, the process runs as `nobody`.
 * The process is always its own process group (spawned detached), killed as a group.
 */
import { spawnSync } from "node:child_process";
import { existsSync, lstatSync, readlinkSync, realpathSync } from "node:fs";
import { dirname } from "node:path";

export const SANDBOX_DEFAULTS = Object.freeze({ heapMb: 512, addressSpaceMb: 4096 });

/**
 * The judge's environment variable naming the folder its sandbox folders go in: run.ts makes one per grade and
 * removes it whole at the end, so a judge killed by the watchdog (which can clean nothing) leaves no student code
 * behind. Unset (plain vitest), they go in the system's temporary folder.
 */
export const SANDBOX_PARENT_ENV = "WORKBENCH_SANDBOX_PARENT";

export interface Containment {
  /** The command and its arguments before the sandbox's own node arguments. */
  prefix: string[];
  /** Where the sandbox folder is seen from inside the sandbox. */
  boxPath: (hostBox: string) => string;
  /** node flags for the permission model. */
  nodeFlags: (box: string) => string[];
  /** uid/gid to run as (root without bubblewrap only). */
  user?: { uid: number; gid: number };
  /** One line for the report: what contains student code here. */
  summary: string;
  /** Set when some layer is missing: what is not contained, in one line. */
  warning?: string;
  /**
   * True when student code cannot open a socket: bubblewrap's own network namespace. Node 20's permission model
   * does not cover the network, and what the runtime deletes (child.ts) is no bound: `process.stdout.constructor`
   * is a `net.Socket` whose `connect` reaches the TCP binding.
   */
  networkBlocked: boolean;
}

/**
 * Set to "1", the probe reports bubblewrap as unusable (tests of what happens without it, on a machine that has it).
 * It can only make the containment look weaker, never stronger.
 */
export const SIMULATE_NO_BWRAP_ENV = "WORKBENCH_SANDBOX_SIMULATE_NO_BWRAP";

const cached = new Map<boolean, Containment>();

const works = (cmd: string, args: string[]): boolean => {
  try {
    return spawnSync(cmd, args, { stdio: "ignore", timeout: 10_000 }).status === 0;
  } catch {
    return false;
  }
};

/** The bubblewrap arguments that show the host's /usr (and the /lib* /bin links or folders) read-only. */
function systemBinds(node: string): string[] {
  const args = ["--ro-bind", "/usr", "/usr"];
  for (const p of ["/lib", "/lib64", "/lib32", "/bin"]) {
    if (!existsSync(p)) continue;
    if (lstatSync(p).isSymbolicLink()) args.push("--symlink", readlinkSync(p), p);
    else args.push("--ro-bind", p, p);
  }
  const nodeDir = dirname(node);
  if (!nodeDir.startsWith("/usr/") && !nodeDir.startsWith("/bin")) args.push("--ro-bind", dirname(nodeDir), dirname(nodeDir));
  return args;
}

/** The containment available here (probed on first use, then remembered). */
export function detectContainment(): Containment {
  const simulateNoBwrap = process.env[SIMULATE_NO_BWRAP_ENV] === "1";
  const known = cached.get(simulateNoBwrap);
  if (known) return known;
  const node = realpathSync(process.execPath);
  const flags = process.allowedNodeEnvironmentFlags;
  const permission = flags.has("--permission") ? "--permission" : flags.has("--experimental-permission") ? "--experimental-permission" : null;
  const nodeFlags = (box: string): string[] =>
    permission ? [permission, `--allow-fs-read=${box}/`, "--disallow-code-generation-from-strings"] : ["--disallow-code-generation-from-strings"];
  const limits = works("prlimit", ["--as=unlimited", "--", "true"]);
  const bwrapBase = ["--unshare-all", "--die-with-parent", "--new-session", "--clearenv", ...systemBinds(node), "--proc", "/proc", "--dev", "/dev"];
  const bwrap = !simulateNoBwrap && works("bwrap", [...bwrapBase, node, "-e", "0"]);
  const missing: string[] = [];
  if (!permission) missing.push("this Node has no permission model (file writes and child processes are NOT blocked)");
  if (!bwrap) missing.push("bubblewrap does not work here (network is NOT blocked; install bubblewrap: scripts/system-deps.sh)");
  if (!limits) missing.push("prlimit is missing (memory off the heap is NOT capped)");
  const asLimit = limits ? ["prlimit", `--as=${SANDBOX_DEFAULTS.addressSpaceMb * 1024 * 1024}`, "--"] : [];
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const layers = [permission ? "Node permission model" : null, bwrap ? "bubblewrap (no network, own pid namespace)" : null, limits ? "address-space cap" : null, !bwrap && isRoot ? "user nobody" : null];
  const found: Containment = {
    prefix: bwrap ? [...asLimit, "bwrap", ...bwrapBase, "--ro-bind"] : asLimit,
    boxPath: (hostBox) => (bwrap ? "/box" : hostBox),
    nodeFlags,
    ...(!bwrap && isRoot ? { user: { uid: 65534, gid: 65534 } } : {}),
    summary: `student code runs in a separate process: ${layers.filter(Boolean).join(", ")}`,
    ...(missing.length ? { warning: `the sandbox is weaker on this machine: ${missing.join("; ")}` } : {}),
    networkBlocked: bwrap,
  };
  cached.set(simulateNoBwrap, found);
  return found;
}

/** The full command line for a sandbox over the host folder `box` running `runtime.mjs` in it. */
export function sandboxCommand(c: Containment, box: string, heapMb: number): { command: string; args: string[] } {
  const inner = c.boxPath(box);
  const node = realpathSync(process.execPath);
  const nodeArgs = [...c.nodeFlags(inner), `--max-old-space-size=${heapMb}`, "--enable-source-maps", "--stack-trace-limit=20", "--disable-warning=ExperimentalWarning", `${inner}/runtime.mjs`];
  const bwrapTail = c.prefix.includes("bwrap") ? [box, "/box", "--chdir", "/box", node] : [node];
  const all = [...c.prefix, ...bwrapTail, ...nodeArgs];
  return { command: all[0]!, args: all.slice(1) };
}
