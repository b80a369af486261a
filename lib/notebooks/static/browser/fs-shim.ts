/**
 * `node:fs` in the browser runtime: the reading half over the in-memory files of `files.ts` (paths resolved from
 * the notebook's folder, as tslab's working folder is), and npm packages' files (grammars' `.wasm` and tags
 * queries) fetched from the site's `node_modules/` copy the first time they are read; everything that would write
 * throws.
 */
import { NOTEBOOK_DIR, PROJECT_ROOT, projectFiles } from "./files.js";
import { resolvePosix } from "./path-shim.js";

const enoent = (syscall: string, path: string) =>
  Object.assign(new Error(`ENOENT: no such file or directory, ${syscall} '${path}'`), { code: "ENOENT", syscall, path });

const abs = (path: string | URL) => resolvePosix(NOTEBOOK_DIR, String(path));

function isDir(path: string): boolean {
  const prefix = path.endsWith("/") ? path : `${path}/`;
  for (const f of projectFiles().keys()) if (f.startsWith(prefix)) return true;
  return false;
}

export function existsSync(path: string): boolean {
  const p = abs(path);
  return projectFiles().has(p) || isDir(p);
}

const PACKAGES = `${PROJECT_ROOT}/node_modules/`;
const fetched = new Map<string, Uint8Array | null>();

/** A package file, fetched synchronously (allowed in a worker; `Language.load` wants the bytes in hand). */
function packageFile(p: string): Uint8Array | null {
  if (!fetched.has(p)) {
    const xhr = new XMLHttpRequest();
    xhr.open("GET", new URL(`node_modules/${p.slice(PACKAGES.length)}`, self.location.href).href, false);
    xhr.overrideMimeType("text/plain; charset=x-user-defined");
    xhr.send();
    const text = xhr.responseText;
    fetched.set(p, xhr.status === 200 ? Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff) : null);
  }
  return fetched.get(p)!;
}

export function readFileSync(path: string, options?: string | { encoding?: string }): string | Uint8Array {
  const p = abs(path);
  if (p.startsWith(PACKAGES)) {
    const bytes = packageFile(p);
    if (!bytes) throw enoent("open", String(path));
    const enc = typeof options === "string" ? options : options?.encoding;
    return enc ? new TextDecoder().decode(bytes) : bytes;
  }
  const text = projectFiles().get(p);
  if (text === undefined) throw enoent("open", String(path));
  const encoding = typeof options === "string" ? options : options?.encoding;
  return encoding ? text : new TextEncoder().encode(text);
}

/** Names in `path` (with `recursive`, every file and folder below it, relative, as Node lists them). */
export function readdirSync(path: string, options?: { recursive?: boolean }): string[] {
  const p = abs(path);
  if (!isDir(p)) throw enoent("scandir", String(path));
  const out = new Set<string>();
  for (const f of projectFiles().keys()) {
    if (!f.startsWith(`${p}/`)) continue;
    const parts = f.slice(p.length + 1).split("/");
    if (!options?.recursive) out.add(parts[0]!);
    else for (let i = 1; i <= parts.length; i++) out.add(parts.slice(0, i).join("/"));
  }
  return [...out].sort();
}

interface Stats {
  size: number;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
  mtimeMs: number;
}

export function statSync(path: string): Stats {
  const p = abs(path);
  const text = projectFiles().get(p);
  if (text === undefined && !isDir(p)) throw enoent("stat", String(path));
  const size = text === undefined ? 0 : new TextEncoder().encode(text).length;
  return { size, isFile: () => text !== undefined, isDirectory: () => text === undefined, isSymbolicLink: () => false, mtimeMs: 0 };
}
export const lstatSync = statSync;

/** The in-memory files have no links: a path that exists is its own real path. */
export const realpathSync = Object.assign(
  (path: string): string => {
    const p = abs(path);
    if (!existsSync(p)) throw enoent("realpath", String(path));
    return p;
  },
  { native: (path: string): string => realpathSync(path) },
);

const readOnly = (name: string) => () => {
  throw new Error(`${name}: the browser runtime's files are read-only; run this notebook locally (npm start)`);
};
export const writeFileSync = readOnly("writeFileSync");
export const appendFileSync = readOnly("appendFileSync");
export const mkdirSync = readOnly("mkdirSync");
export const rmSync = readOnly("rmSync");
export const rmdirSync = readOnly("rmdirSync");
export const renameSync = readOnly("renameSync");
export const mkdtempSync = readOnly("mkdtempSync");
export const chmodSync = readOnly("chmodSync");
export const copyFileSync = readOnly("copyFileSync");
export const cpSync = readOnly("cpSync");
export const createWriteStream = readOnly("createWriteStream");
export const createReadStream = readOnly("createReadStream");
export const writeSync = readOnly("writeSync");

/** Read-only file descriptors over the in-memory files: lib reads a user's file by fd, checked and capped. */
const open = new Map<number, { path: string; bytes: Uint8Array; at: number }>();
let nextFd = 100;

export function openSync(path: string, flags: number | string = 0): number {
  if (typeof flags === "number" && (flags & (constants.O_WRONLY | constants.O_RDWR | constants.O_CREAT)) !== 0) readOnly("openSync")();
  const st = statSync(path);
  if (!st.isFile()) throw Object.assign(new Error(`EISDIR: illegal operation on a directory, open '${path}'`), { code: "EISDIR" });
  const bytes = readFileSync(path) as Uint8Array;
  const fd = nextFd++;
  open.set(fd, { path: abs(path), bytes, at: 0 });
  return fd;
}

function opened(fd: number): { path: string; bytes: Uint8Array; at: number } {
  const f = open.get(fd);
  if (!f) throw Object.assign(new Error(`EBADF: bad file descriptor ${fd}`), { code: "EBADF" });
  return f;
}

export function fstatSync(fd: number): Stats {
  return statSync(opened(fd).path);
}

/** Copies up to `length` bytes at `position` (or where the last read ended) into `buffer`; 0 at the end. */
export function readSync(fd: number, buffer: Uint8Array, offset: number, length: number, position: number | null): number {
  const f = opened(fd);
  const from = position ?? f.at;
  const n = Math.max(0, Math.min(length, f.bytes.length - from));
  buffer.set(f.bytes.subarray(from, from + n), offset);
  if (position === null) f.at = from + n;
  return n;
}

export function closeSync(fd: number): void {
  opened(fd);
  open.delete(fd);
}
export const readlinkSync = readOnly("readlinkSync");
export const watch = readOnly("watch");
export const constants = { O_RDONLY: 0, O_WRONLY: 1, O_RDWR: 2, O_CREAT: 64, O_EXCL: 128, O_NONBLOCK: 2048, O_NOFOLLOW: 131072, F_OK: 0, R_OK: 4, X_OK: 1 };

export function accessSync(path: string): void {
  if (!existsSync(path)) throw enoent("access", path);
}

/** A directory entry, as `readdir(…, { withFileTypes: true })` gives it. */
function entry(dir: string, name: string) {
  const full = resolvePosix(abs(dir), name);
  const file = projectFiles().has(full);
  return { name, isFile: () => file, isDirectory: () => !file, isSymbolicLink: () => false };
}

export const promises = {
  stat: async (path: string) => statSync(path),
  lstat: async (path: string) => statSync(path),
  access: async (path: string) => accessSync(path),
  readFile: async (path: string, options?: string | { encoding?: string }) => readFileSync(path, options),
  realpath: async (path: string) => realpathSync(path),
  readdir: async (path: string, options?: { withFileTypes?: boolean }) =>
    options?.withFileTypes ? readdirSync(path).map((name) => entry(path, name)) : readdirSync(path),
};
export default { existsSync, readFileSync, readdirSync, statSync, lstatSync, realpathSync, accessSync, promises, constants };
