/**
 * Writing a file the user named (a report, a recording, a progress file): the path must be a regular file or not
 * exist, in a folder that exists; a device, FIFO, socket, folder or symbolic link there is refused before anything
 * is written. The text goes to a fresh temporary file beside it (O_EXCL|O_NOFOLLOW, so no planted name is written
 * through), which is then renamed over the path: `rename` replaces a directory entry and never writes through one,
 * so whatever appears at the path between the check and the rename (the race) is unlinked, never written into.
 */
import { randomBytes } from "node:crypto";
import { closeSync, constants, lstatSync, openSync, renameSync, rmSync, statSync, writeSync, type Stats } from "node:fs";
import { basename, dirname, join } from "node:path";
import { WorkbenchInputError } from "./errors.js";

/** What a non-regular file is, in words ("a FIFO", "a character device" …), from `lstat`. */
export function fileKind(st: Stats): string {
  if (st.isFile()) return "a regular file";
  if (st.isDirectory()) return "a folder";
  if (st.isSymbolicLink()) return "a symbolic link";
  if (st.isFIFO()) return "a FIFO";
  if (st.isCharacterDevice()) return "a character device";
  if (st.isBlockDevice()) return "a block device";
  if (st.isSocket()) return "a socket";
  return "not a regular file";
}

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return null; // nothing there (ENOTDIR: a file where a folder should be)
    throw err;
  }
}

/**
 * Checks, without opening anything, that `path` (absolute) can be written as a file: it does not exist or is a
 * regular file (not a link to one), and its folder exists. Returns what is there (null: nothing yet); a
 * `WorkbenchInputError` naming `param` (the option, e.g. "--json") otherwise.
 */
export function checkOutputPath(path: string, param: string): Stats | null {
  const where = "checkOutputPath";
  if (typeof path !== "string" || path === "") throw new WorkbenchInputError(where, param, "must name a file", path);
  let st: Stats | null;
  try {
    st = lstatOrNull(path);
  } catch (err) {
    throw new WorkbenchInputError(where, param, `cannot be checked (${(err as NodeJS.ErrnoException).code ?? "error"})`, path);
  }
  if (st !== null && !st.isFile()) {
    throw new WorkbenchInputError(where, param, `must be a regular file or a new file's name, not ${fileKind(st)}`, path);
  }
  if (!isFolder(dirname(path))) throw new WorkbenchInputError(where, param, `must be in a folder that exists (${dirname(path)} does not)`, path);
  return st;
}

/** A folder, or a link to one (the folder the user names may be reached through a link; the file may not). */
function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Checks that `path` can be used as an output folder: it does not exist or is a folder — not a symbolic link,
 * device, FIFO, socket or file. Where a new folder may go (an existing parent, outside a checkout) is the caller's.
 */
export function checkOutputFolder(path: string, param: string): void {
  const where = "checkOutputFolder";
  if (typeof path !== "string" || path === "") throw new WorkbenchInputError(where, param, "must name a folder", path);
  const st = lstatOrNull(path);
  if (st !== null && !st.isDirectory()) throw new WorkbenchInputError(where, param, `must be a folder or a new folder's name, not ${fileKind(st)}`, path);
}

/**
 * Writes `data` to `path` as `checkOutputPath` allows, atomically (a reader sees the old file or the new one), with
 * the old file's permissions if there was one. Any failure (a full disk, no permission) is a `WorkbenchInputError`
 * naming `param` and the error code; the temporary file is removed.
 */
export function writeOutputFile(path: string, data: string | Uint8Array, param: string): void {
  const before = checkOutputPath(path, param);
  const tmp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString("hex")}.tmp`);
  let fd: number | null = null;
  try {
    fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, before ? before.mode & 0o777 : 0o666);
    const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
    for (let off = 0; off < bytes.length; ) off += writeSync(fd, bytes, off, bytes.length - off);
    closeSync(fd);
    fd = null;
    checkOutputPath(path, param); // the check again, just before the rename: the race window is the rename alone
    renameSync(tmp, path);
  } catch (err) {
    if (fd !== null) closeSync(fd);
    rmSync(tmp, { force: true });
    if (err instanceof WorkbenchInputError) throw err;
    throw new WorkbenchInputError("writeOutputFile", param, `could not be written (${(err as NodeJS.ErrnoException).code ?? "error"})`, path);
  }
}
