/**
 * A minimal zip reader for the secret scan: Playwright's HTML report embeds a
 * zip of its data, blob reports and traces are zips. Stored and deflated
 * entries; no encryption, no zip64 (such entries are reported, not read).
 */
import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  data?: Buffer;
  /** Why the entry could not be read, if it could not. */
  error?: string;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export function isZip(buf: Buffer): boolean {
  return buf.length >= 4 && buf.readUInt32LE(0) === LOCAL;
}

function findEocd(buf: Buffer): number {
  // The end record is 22 bytes plus a comment of at most 65535 bytes.
  const stop = Math.max(0, buf.length - 22 - 0xffff);
  for (let i = buf.length - 22; i >= stop; i--) if (buf.readUInt32LE(i) === EOCD) return i;
  return -1;
}

function inflate(method: number, raw: Buffer): Buffer {
  if (method === 0) return raw;
  if (method === 8) return inflateRawSync(raw);
  throw new Error(`compression method ${method} not supported`);
}

/**
 * The fields a local header (at = its offset) and a central one (at = its offset + 2, after
 * "version made by") hold alike, at the same places from `at`.
 */
function sharedFields(buf: Buffer, at: number) {
  return {
    flags: buf.readUInt16LE(at + 6),
    method: buf.readUInt16LE(at + 8),
    /** Compressed size. */
    size: buf.readUInt32LE(at + 18),
    nameLen: buf.readUInt16LE(at + 26),
    extraLen: buf.readUInt16LE(at + 28),
  };
}

function entryAt(buf: Buffer, localOffset: number, method: number, size: number, name: string): ZipEntry {
  if (localOffset + 30 > buf.length || buf.readUInt32LE(localOffset) !== LOCAL) return { name, error: 'bad local header' };
  const { nameLen, extraLen } = sharedFields(buf, localOffset);
  const start = localOffset + 30 + nameLen + extraLen;
  try {
    return { name, data: inflate(method, buf.subarray(start, start + size)) };
  } catch (e) {
    return { name, error: (e as Error).message };
  }
}

/** Entries from the central directory; falls back to walking local headers when there is none (a cut archive). */
export function readZip(buf: Buffer): ZipEntry[] {
  const eocd = findEocd(buf);
  if (eocd < 0) return readLocalHeaders(buf);
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const out: ZipEntry[] = [];
  for (let i = 0; i < count && p + 46 <= buf.length && buf.readUInt32LE(p) === CENTRAL; i++) {
    const { method, size, nameLen, extraLen } = sharedFields(buf, p + 2);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    if (size === 0xffffffff || local === 0xffffffff) out.push({ name, error: 'zip64 entry not supported' });
    else if (!name.endsWith('/')) out.push(entryAt(buf, local, method, size, name));
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

function readLocalHeaders(buf: Buffer): ZipEntry[] {
  const out: ZipEntry[] = [];
  let p = 0;
  while (p + 30 <= buf.length && buf.readUInt32LE(p) === LOCAL) {
    const { flags, method, size, nameLen, extraLen } = sharedFields(buf, p);
    const name = buf.subarray(p + 30, p + 30 + nameLen).toString('utf8');
    // Sizes after the data (flag bit 3) are unknown here: cannot go on safely.
    if (flags & 0x08) {
      out.push({ name, error: 'entry with a data descriptor in an archive without a central directory' });
      break;
    }
    if (!name.endsWith('/')) out.push(entryAt(buf, p, method, size, name));
    p += 30 + nameLen + extraLen + size;
  }
  return out;
}
