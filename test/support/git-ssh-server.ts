/**
 * A git host for tests over ssh: an SSH server on 127.0.0.1 (the `ssh2` package, in this process) that lets in
 * one public key and runs `git-upload-pack` on the repositories under `root` — so a clone or fetch from
 * `ssh://git@127.0.0.1:PORT/NAME` goes through the machine's real `ssh` client, its host-key check and its key
 * loading, without an ssh daemon on the machine. Nothing but `git-upload-pack '<path under root>'` is run.
 */
import { spawn } from "node:child_process";
import { resolve, sep } from "node:path";
import type { AddressInfo } from "node:net";
import ssh2 from "ssh2";

export interface GitSshServer {
  port: number;
  /** The line a known_hosts file needs to trust this host on its port. */
  knownHostsLine: string;
  /** Each command a client asked to run. */
  commands: string[];
  close(): Promise<void>;
}

/** A host serving `root`'s repositories to the holder of `clientPublicKey` (an OpenSSH public key line). */
export async function gitSshServer(root: string, clientPublicKey: string): Promise<GitSshServer> {
  const hostKey = ssh2.utils.generateKeyPairSync("ed25519");
  const allowed = ssh2.utils.parseKey(clientPublicKey);
  if (allowed instanceof Error) throw allowed;
  const commands: string[] = [];
  const server = new ssh2.Server({ hostKeys: [hostKey.private] }, (client) => {
    client.on("authentication", (ctx) => {
      const sameKey = ctx.method === "publickey" && ctx.key.algo === allowed.type && ctx.key.data.equals(allowed.getPublicSSH());
      if (!sameKey) return ctx.reject(["publickey"]);
      if (ctx.method === "publickey" && ctx.signature && ctx.blob && !allowed.verify(ctx.blob, ctx.signature, ctx.hashAlgo)) return ctx.reject(["publickey"]);
      ctx.accept();
    });
    client.on("session", (accept) => {
      accept().on("exec", (acceptExec, reject, info) => {
        commands.push(info.command);
        const path = /^git-upload-pack '([^']+)'$/.exec(info.command)?.[1];
        const full = path ? resolve(root, `.${path.startsWith("/") ? path : `/${path}`}`) : "";
        if (!path || !full.startsWith(root + sep)) return reject();
        const stream = acceptExec();
        const pack = spawn("git-upload-pack", ["--strict", full], { env: { PATH: process.env.PATH ?? "" } });
        stream.pipe(pack.stdin);
        pack.stdout.pipe(stream, { end: false });
        pack.stderr.pipe(stream.stderr, { end: false });
        pack.on("close", (code) => {
          stream.exit(code ?? 1);
          stream.end();
        });
      });
    });
    client.on("error", () => undefined);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    knownHostsLine: `[127.0.0.1]:${port} ${hostKey.public.trim()}`,
    commands,
    close: () => new Promise((done) => server.close(() => done())),
  };
}
