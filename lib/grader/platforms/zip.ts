/**
 * A zip archive from files in memory (PKWARE APPNOTE: local headers, deflated data, the central directory, its
 * end record), enough for Gradescope's autograder upload: regular files with their Unix mode (so `run_autograder`
 * and `setup.sh` stay executable), names "/"-separated, no folders entries, no zip64 (under 4 GB and 65,535 files).
 */
import { crc32, deflateRawSync } from "node:zlib";
import { WorkbenchInputError } from "../../core/errors.js";

export interface ZipEntry {
  /** "/"-separated, relative, no "..". */
  name: string;
  data: Uint8Array;
  /** Unix permission bits (0o644, 0o755). */
  mode: number;
}

const LIMITS = Object.freeze({ entries: 65_535, bytes: 0xffff_ffff });
/** 1980-01-01 00:00 in DOS time: fixed, so the same files always give the same archive. */
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

/** The archive's bytes. */
export function zipArchive(entries: readonly ZipEntry[]): Buffer {
  if (entries.length > LIMITS.entries) throw new WorkbenchInputError("zipArchive", "entries", `must be at most ${LIMITS.entries} files`, entries.length);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [i, e] of entries.entries()) {
    if (!/^(?!\/)(?!.*(^|\/)\.\.(\/|$))[^\\\0]+$/.test(e.name)) throw new WorkbenchInputError("zipArchive", `entries[${i}].name`, 'must be a relative "/"-separated path without ".."', e.name);
    const name = Buffer.from(e.name, "utf8");
    const packed = deflateRawSync(e.data);
    const crc = crc32(e.data);
    if (offset + packed.length > LIMITS.bytes) throw new WorkbenchInputError("zipArchive", "entries", "must add up to less than 4 GB");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: deflate
    local.writeUInt16LE(0x0800, 6); // names are UTF-8
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix, spec 2.0
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(e.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((0o100000 | (e.mode & 0o777)) << 16) >>> 0, 38); // a regular file and its mode
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
