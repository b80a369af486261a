/**
 * A student's repository on a git host, kept as a bare mirror that `collect` clones on its first run and brings up
 * to date on every later one; collect-git.ts then clones the mirror with hardened git, as it clones a local
 * repository.
 *
 * The mirror is fetched with the instructor's own git setup (their credential helper, their ssh command, keys and
 * known hosts): a bare repository checks nothing out, and nothing of the remote's config or hooks travels with a
 * fetch. The URL may have come from a student (a sign-up form), so only the forms collect.ts's `remoteRepository`
 * accepts are used — never a transport helper (`ext::…`) or text git could read as an option — and neither git
 * nor ssh ever waits on a prompt.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { devNull } from "node:os";
import { join } from "node:path";
import { execGit } from "./checkout.js";
import { remoteRepository } from "./collect.js";
import { parseSightings, recordSighting, SIGHTINGS_FILE, type Sighting } from "./sightings.js";

export const MIRROR_DEFAULTS = Object.freeze({ timeoutMs: 300_000 });

/** The git protocols a mirror may use: none other, whatever the instructor's git allows. */
const PROTOCOLS = ["https", "http", "ssh", "git"] as const;

/** The mirror's folder for `url` under `mirrorsDir`: the student's folder name and 12 hex digits of the URL's SHA-256. */
export function mirrorDir(mirrorsDir: string, folder: string, url: string): string {
  return join(mirrorsDir, `${folder}-${createHash("sha256").update(url).digest("hex").slice(0, 12)}.git`);
}

/** Variables that would point git at another repository than the mirror (set when collect runs inside a git hook). */
const REPOSITORY_ENV = ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_COMMON_DIR", "GIT_NAMESPACE"];

/**
 * The environment a mirror's git runs in: `env` (the instructor's: their ssh command in `core.sshCommand`,
 * GIT_SSH_COMMAND or GIT_SSH, their keys, agent, known hosts and askpass programs), without the variables that
 * point git at another repository, and never a question on the terminal, from git or ssh: git's own prompt is off,
 * and ssh asks everything (a passphrase, a password, whether to trust a new host) of the askpass program — the
 * instructor's SSH_ASKPASS, else `false`, which answers nothing and fails. git asks GIT_ASKPASS or core.askPass
 * when the instructor set one, else the same SSH_ASKPASS.
 */
export function mirrorEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env, GIT_TERMINAL_PROMPT: "0", SSH_ASKPASS: env.SSH_ASKPASS || "false", SSH_ASKPASS_REQUIRE: "force" };
  for (const k of REPOSITORY_ENV) delete out[k];
  return out;
}

/** git with the instructor's setup, no prompt (`mirrorEnv`), only `PROTOCOLS`, no hooks, within the time limit. */
function mirrorGit(cwd: string, args: readonly string[]): Promise<string> {
  const config = [["protocol.allow", "never"], ...PROTOCOLS.map((p) => [`protocol.${p}.allow`, "always"]), ["core.hooksPath", devNull], ["core.fsmonitor", "false"]];
  const env = mirrorEnv(process.env);
  return execGit(cwd, [...config.flatMap(([k, v]) => ["-c", `${k}=${v}`]), ...args], { env, timeoutMs: MIRROR_DEFAULTS.timeoutMs });
}

/** The branches and the HEAD branch in `ls-remote --symref` output, or a local listing of the same form. */
function parseRefs(text: string): { head?: string; branches: string } {
  const head = /^ref: (refs\/heads\/\S+)\tHEAD$/m.exec(text)?.[1];
  const branches = text.split("\n").filter((l) => /^[0-9a-f]{40,64}\trefs\/heads\//.test(l)).sort().join("\n");
  return { ...(head ? { head } : {}), branches };
}

/**
 * `url`'s branches (and tags) in the bare repository `dir`, its HEAD the remote's default branch: cloned when `dir`
 * does not exist; else the remote's branches are listed and, when they or its default branch differ from the
 * mirror's, fetched (deleted branches pruned) — so a re-run costs one request per unchanged repository. Either way
 * the HEAD commit is recorded as seen at `now` (sightings.ts). Rejects with git's error, `stderrText` attached.
 */
export async function updateMirror(url: string, dir: string, now = Math.floor(Date.now() / 1000)): Promise<"cloned" | "fetched" | "up to date"> {
  const { result, head: listed } = await bringUpToDate(url, dir);
  const head = listed ?? (await mirrorGit(dir, ["rev-parse", "--verify", "--quiet", "HEAD^{commit}"]).catch(() => "")).trim();
  if (head !== "") writeFileSync(join(dir, SIGHTINGS_FILE), recordSighting(readText(join(dir, SIGHTINGS_FILE)), { head, now }));
  return result;
}

/** The mirror's sightings of its HEAD, oldest first (none for a mirror never fetched by this version). */
export function mirrorSightings(dir: string): Sighting[] {
  return parseSightings(readText(join(dir, SIGHTINGS_FILE)));
}

/** A file's text, or "" when it does not exist. */
function readText(path: string): string {
  return existsSync(path) ? readFileSync(path, "utf8") : "";
}

/**
 * Clones `url` into `dir`, or fetches it when its branches or default branch changed; when up to date, also the
 * HEAD commit the mirror's own listing names (else the caller asks git: no second process on a quiet re-run).
 */
async function bringUpToDate(url: string, dir: string): Promise<{ result: "cloned" | "fetched" | "up to date"; head?: string }> {
  if (remoteRepository(url).kind !== "remote") throw new Error(`updateMirror: url must be a remote repository (got ${JSON.stringify(url)})`);
  if (!existsSync(dir)) {
    mkdirSync(join(dir, ".."), { recursive: true });
    try {
      await mirrorGit(join(dir, ".."), ["clone", "--bare", "--quiet", "--template=", "--", url, dir]);
    } catch (err) {
      rmSync(dir, { recursive: true, force: true });
      throw err;
    }
    return { result: "cloned" };
  }
  const remote = parseRefs(await mirrorGit(dir, ["ls-remote", "--symref", "--", url, "HEAD", "refs/heads/*"]));
  const mine = parseRefs(
    `ref: ${(await mirrorGit(dir, ["symbolic-ref", "HEAD"])).trim()}\tHEAD\n` + (await mirrorGit(dir, ["for-each-ref", "--format=%(objectname)%09%(refname)", "refs/heads/"])),
  );
  if (remote.branches === mine.branches && remote.head === mine.head) {
    const head = mine.branches.split("\n").map((line) => line.split("\t")).find(([, ref]) => ref === mine.head)?.[0];
    return { result: "up to date", ...(head ? { head } : {}) };
  }
  await mirrorGit(dir, ["fetch", "--quiet", "--prune", "--tags", "--", url, "+refs/heads/*:refs/heads/*"]);
  if (remote.head) await mirrorGit(dir, ["symbolic-ref", "HEAD", remote.head]);
  return { result: "fetched" };
}
