/**
 * Remote repositories over ssh, through the machine's real `ssh` client and a test host (support/git-ssh-server.ts):
 * the mirror is cloned and fetched with the instructor's own ssh command (`core.sshCommand`: their key, their
 * known hosts, their askpass program), and `collect` run in a terminal never stops on a question ssh would ask
 * there — an unknown host key, a key's passphrase — but reports the student's repository as not fetched and goes on.
 */
import { execFile, execFileSync } from "node:child_process";
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { devNull } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateMirror } from "../../lib/grader/class/mirror.js";
import { gitSshServer, type GitSshServer } from "../support/git-ssh-server.js";
import { tempDirs } from "../support/temp-dirs.js";
import { ROOT } from "../grader/run-grade.js";
import { requireSsh } from "./requirements.js";

const temp = tempDirs();
const git = (dir: string, ...args: string[]): string => execFileSync("git", ["-c", "user.name=s", "-c", "user.email=s@x", "-C", dir, ...args], { encoding: "utf8" });
const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

describe("mirrors over ssh", () => {
  let dir: string;
  let served: string;
  let work: string;
  const hosts: GitSshServer[] = [];
  const key = (name: string, passphrase: string): string => {
    execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", passphrase, "-C", name, "-f", join(dir, name)]);
    return join(dir, name);
  };
  /** A git config whose core.sshCommand uses `keyFile` and trusts only `known` hosts. */
  const sshConfig = (name: string, keyFile: string, known: GitSshServer[]): string => {
    writeFileSync(join(dir, `${name}.known`), known.map((h) => `${h.knownHostsLine}\n`).join(""));
    const command = `ssh -F ${devNull} -i ${keyFile} -o IdentitiesOnly=yes -o UserKnownHostsFile=${join(dir, `${name}.known`)}`;
    writeFileSync(join(dir, `${name}.gitconfig`), `[core]\n\tsshCommand = ${command}\n`);
    return join(dir, `${name}.gitconfig`);
  };
  const commit = (text: string): void => {
    writeFileSync(join(work, "f.txt"), text);
    git(work, "add", "-A");
    git(work, "commit", "-qm", text);
    git(work, "push", "-q", join(served, "ann.git"), "main");
  };

  beforeAll(() => {
    requireSsh();
    dir = temp("mirror-ssh-");
    served = temp("mirror-ssh-host-");
    work = temp("mirror-ssh-work-");
    git(served, "init", "-q", "--bare", "-b", "main", "ann.git");
    git(work, "init", "-q", "-b", "main");
    commit("first");
  });
  afterAll(async () => {
    await Promise.all(hosts.map((h) => h.close()));
  });

  /** Runs `body` with these environment variables set (undefined: unset), then puts the old values back. */
  const withEnv = async (vars: Record<string, string | undefined>, body: () => Promise<void>): Promise<void> => {
    const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
    const set = (values: Record<string, string | undefined>): void => {
      for (const [k, v] of Object.entries(values)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    };
    set(vars);
    try {
      await body();
    } finally {
      set(saved);
    }
  };

  it("clones and fetches with the instructor's own ssh command, key and known hosts (core.sshCommand)", async () => {
    const plain = key("plain", "");
    const host = await gitSshServer(served, readFileSync(`${plain}.pub`, "utf8"));
    hosts.push(host);
    await withEnv({ GIT_CONFIG_GLOBAL: sshConfig("plain", plain, [host]), GIT_CONFIG_NOSYSTEM: "1", SSH_ASKPASS: undefined }, async () => {
      const url = `ssh://git@127.0.0.1:${host.port}/ann.git`;
      const mirror = join(dir, "mirrors", "ann.git");
      expect(await updateMirror(url, mirror)).toBe("cloned");
      commit("second");
      expect(await updateMirror(url, mirror)).toBe("fetched");
      expect(await updateMirror(url, mirror)).toBe("up to date");
      expect(git(mirror, "log", "--format=%s", "main").trim().split("\n")).toEqual(["second", "first"]);
      expect(host.commands.every((c) => c === "git-upload-pack '/ann.git'")).toBe(true);
      expect(host.commands.length).toBeGreaterThanOrEqual(3);
    });
  }, 60_000);

  it("asks the instructor's own askpass program (SSH_ASKPASS) when they have one: here it gives the key's passphrase", async () => {
    const locked = key("unlocked-by-askpass", "the course key's passphrase");
    const host = await gitSshServer(served, readFileSync(`${locked}.pub`, "utf8"));
    hosts.push(host);
    const askpass = join(dir, "askpass.sh");
    writeFileSync(askpass, "#!/bin/sh\necho \"$1\" >> \"$0.asked\"\necho \"the course key's passphrase\"\n");
    chmodSync(askpass, 0o755);
    await withEnv({ GIT_CONFIG_GLOBAL: sshConfig("askpass", locked, [host]), GIT_CONFIG_NOSYSTEM: "1", SSH_ASKPASS: askpass }, async () => {
      expect(await updateMirror(`ssh://git@127.0.0.1:${host.port}/ann.git`, join(dir, "askpass-mirrors", "ann.git"))).toBe("cloned");
    });
    expect(readFileSync(`${askpass}.asked`, "utf8")).toMatch(/passphrase for/i);
  }, 60_000);

  it("collect in a terminal: an unknown host key and a key with a passphrase each cost one row, never a prompt", async () => {
    const locked = key("locked", "a passphrase nobody types");
    const known = await gitSshServer(served, readFileSync(`${locked}.pub`, "utf8"));
    const unknown = await gitSshServer(served, readFileSync(`${locked}.pub`, "utf8"));
    hosts.push(known, unknown);
    const config = sshConfig("locked", locked, [known]);
    writeFileSync(join(dir, "roster.csv"), `student,repository\nann,ssh://git@127.0.0.1:${unknown.port}/ann.git\nbo,ssh://git@127.0.0.1:${known.port}/ann.git\n`);
    const cli = [join(ROOT, "node_modules", ".bin", "tsx"), join(ROOT, "lib", "cli.ts"), "collect", join(dir, "roster.csv"), "--deadline", "2030-01-01T00:00:00Z", "--into", join(dir, "subs"), "--mirrors", join(dir, "collect-mirrors"), "--jobs", "1"];
    // `script` gives the run a terminal of its own, where ssh would ask its questions if it were let.
    const run = await new Promise<{ code: number | null; out: string; killed: boolean }>((done) => {
      const child = execFile("script", ["-qec", cli.map(quote).join(" "), devNull], {
        cwd: ROOT, // collect runs in the checkout; every path it is given is outside it
        env: { ...process.env, GIT_CONFIG_GLOBAL: config, GIT_CONFIG_NOSYSTEM: "1", WORKBENCH_LANG: "en", SSH_ASKPASS: undefined, GIT_ASKPASS: undefined },
        timeout: 60_000,
        encoding: "utf8",
      }, (err, stdout) => done({ code: child.exitCode, out: stdout.replace(/\r/g, ""), killed: err?.killed === true }));
    });
    expect(run.killed).toBe(false);
    expect(run.out).toMatch(/ann → ann: NOT GRADABLE: its repository could not be fetched \(Host key verification failed\.\)/);
    expect(run.out).toMatch(/bo → bo: NOT GRADABLE: its repository could not be fetched \(.*Permission denied.*\)/);
    expect(run.out).not.toMatch(/passphrase for key|continue connecting/);
    expect(run.code).toBe(1);
    expect(unknown.commands).toEqual([]);
    expect(known.commands).toEqual([]);
  }, 90_000);
});
