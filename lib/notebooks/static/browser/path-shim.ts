/**
 * `node:path` in the browser runtime: the POSIX functions lib uses, with the notebook's folder as the working
 * folder (the in-memory files live under one absolute root).
 */
import { NOTEBOOK_DIR } from "./files.js";

export const sep = "/";
export const delimiter = ":";

export function normalize(path: string): string {
  const absolute = path.startsWith("/");
  const out: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === ".." && out.length > 0 && out[out.length - 1] !== "..") out.pop();
    else if (part !== ".." || !absolute) out.push(part);
  }
  const joined = out.join("/");
  return absolute ? `/${joined}` : joined || ".";
}

export const join = (...parts: string[]) => normalize(parts.filter((p) => p !== "").join("/") || ".");
export const isAbsolute = (path: string) => path.startsWith("/");

/** `path.resolve` from `base` (an absolute folder). */
export function resolvePosix(base: string, ...parts: string[]): string {
  let out = base;
  for (const p of parts) out = p.startsWith("/") ? p : `${out}/${p}`;
  return normalize(out);
}
export const resolve = (...parts: string[]) => resolvePosix(NOTEBOOK_DIR, ...parts);

export function dirname(path: string): string {
  if (/^\/+$/.test(path)) return "/";
  const i = path.replace(/\/+$/, "").lastIndexOf("/");
  return i < 0 ? "." : i === 0 ? "/" : path.slice(0, i);
}
export function basename(path: string, ext?: string): string {
  const base = path.replace(/\/+$/, "").split("/").pop() ?? "";
  return ext && base.endsWith(ext) && base !== ext ? base.slice(0, -ext.length) : base;
}
export function extname(path: string): string {
  const base = basename(path);
  const i = base.lastIndexOf(".");
  return i <= 0 || base === ".." ? "" : base.slice(i);
}
export function relative(from: string, to: string): string {
  const a = resolve(from).split("/").filter(Boolean);
  const b = resolve(to).split("/").filter(Boolean);
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return [...a.slice(i).map(() => ".."), ...b.slice(i)].join("/");
}
export const posix = { sep, delimiter, normalize, join, isAbsolute, resolve, dirname, basename, extname, relative };
export default posix;
