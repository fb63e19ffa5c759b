import { Inflate } from 'fflate';
import { IMPORT_LIMITS } from '@callsight/shared';

/** Why a bundle was refused: the message names the problem (and the file, where there is one). */
export class BundleError extends Error {
  override name = 'BundleError';
}

/** A file of the ZIP: its path under the root folder and its inflated bytes. */
export interface ZipEntry {
  path: string;
  bytes: Uint8Array;
}

export interface ZipLimits {
  /** Entries the ZIP may hold (directories included). */
  maxEntries: number;
  /** Bytes the entries may inflate to in all, counted while inflating. */
  maxUncompressedBytes: number;
}

const DEFAULT_LIMITS: ZipLimits = {
  maxEntries: IMPORT_LIMITS.maxEntries,
  maxUncompressedBytes: IMPORT_LIMITS.maxUncompressedBytes,
};

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** Compressed bytes given to the inflater at a time: DEFLATE inflates at most ~1032:1. */
const INFLATE_CHUNK = 4096;

interface CentralEntry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  declaredSize: number;
  localOffset: number;
}

const notZip = (why: string) => new BundleError(`The file is not a ZIP archive (${why}).`);

function view(buffer: Uint8Array | ArrayBuffer): Uint8Array {
  return buffer instanceof Uint8Array ? buffer : new Uint8Array(buffer);
}

/** The end of central directory record: scanned for from the end (after a comment of ≤ 64 KiB). */
function findEnd(data: Uint8Array, dv: DataView): number {
  const last = data.length - 22;
  const first = Math.max(0, last - 0xffff);
  for (let i = last; i >= first; i--) {
    if (dv.getUint32(i, true) === EOCD && i + 22 + dv.getUint16(i + 20, true) === data.length)
      return i;
  }
  for (let i = last; i >= first; i--) if (dv.getUint32(i, true) === EOCD) return i;
  return -1;
}

function centralDirectory(data: Uint8Array, limits: ZipLimits): CentralEntry[] {
  if (data.length < 22) throw notZip('it is too short');
  const dv = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const end = findEnd(data, dv);
  if (end < 0) throw notZip('no end of central directory record');
  const count = dv.getUint16(end + 10, true);
  const size = dv.getUint32(end + 12, true);
  const offset = dv.getUint32(end + 16, true);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff)
    throw new BundleError('The ZIP uses ZIP64, which is not supported for dashboard exports.');
  if (count > limits.maxEntries)
    throw new BundleError(
      `The ZIP holds ${count} entries; at most ${limits.maxEntries} are allowed.`,
    );
  if (offset + size > end) throw notZip('its central directory lies outside the file');
  const decoder = new TextDecoder('utf-8');
  const entries: CentralEntry[] = [];
  let at = offset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > end || dv.getUint32(at, true) !== CENTRAL)
      throw notZip('its central directory is damaged');
    const nameLength = dv.getUint16(at + 28, true);
    const extraLength = dv.getUint16(at + 30, true);
    const commentLength = dv.getUint16(at + 32, true);
    if (at + 46 + nameLength > end) throw notZip('its central directory is damaged');
    entries.push({
      flags: dv.getUint16(at + 8, true),
      method: dv.getUint16(at + 10, true),
      compressedSize: dv.getUint32(at + 20, true),
      declaredSize: dv.getUint32(at + 24, true),
      name: decoder.decode(data.subarray(at + 46, at + 46 + nameLength)),
      localOffset: dv.getUint32(at + 42, true),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * The entry's path under the ZIP's one root folder; refused when absolute, with a backslash, a
 * `..` (or `.` or empty) segment, or outside the root folder.
 */
function checkPath(name: string, root: string | null): { root: string; path: string } {
  const leaves = (why: string) =>
    new BundleError(`The ZIP entry "${name}" leaves its folder (${why}).`);
  if (name.includes('\\')) throw leaves('it contains a backslash');
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) throw leaves('it is an absolute path');
  if (name.includes('\0')) throw leaves('it contains a NUL character');
  const segments = name.split('/');
  if (segments.includes('..')) throw leaves('it has a ".." segment');
  const inner = name.endsWith('/') ? segments.slice(0, -1) : segments;
  if (inner.some((s) => s === '' || s === '.')) throw leaves('it has an empty or "." segment');
  const [first, ...rest] = inner;
  if (first === undefined) throw leaves('it has no name');
  if (root !== null && first !== root)
    throw leaves(`it is outside the root folder ${root}/ of the other entries`);
  if (!rest.length && !name.endsWith('/'))
    throw leaves('it is not inside a root folder, as a dashboard export is');
  return { root: first, path: rest.join('/') };
}

/**
 * The files of a ZIP in Superset's export format (one root folder), each with its path without the
 * root folder. Refused with a BundleError: not a ZIP; more than `maxEntries` entries; more than
 * `maxUncompressedBytes` inflated in all (counted while inflating, whatever the headers declare:
 * inflation stops at the cap); a path that leaves the root folder; an encrypted entry or one of a
 * compression other than STORED or DEFLATE.
 */
export function readZip(
  buffer: Uint8Array | ArrayBuffer,
  limits: Partial<ZipLimits> = {},
): ZipEntry[] {
  const caps: ZipLimits = { ...DEFAULT_LIMITS, ...limits };
  const data = view(buffer);
  const dv = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const central = centralDirectory(data, caps);

  let root: string | null = null;
  const seen = new Set<string>();
  const files: { entry: CentralEntry; path: string }[] = [];
  for (const entry of central) {
    const checked = checkPath(entry.name, root);
    root = checked.root;
    if (seen.has(entry.name))
      throw new BundleError(`The ZIP holds the entry "${entry.name}" twice.`);
    seen.add(entry.name);
    if (entry.name.endsWith('/')) continue; // a folder
    files.push({ entry, path: checked.path });
  }

  let total = 0;
  const tooBig = () =>
    new BundleError(
      `The ZIP inflates to more than ${caps.maxUncompressedBytes} bytes; at most ${caps.maxUncompressedBytes} are allowed.`,
    );
  const count = (n: number) => {
    total += n;
    if (total > caps.maxUncompressedBytes) throw tooBig();
  };

  return files.map(({ entry, path }) => {
    const { name } = entry;
    if (entry.flags & 1) throw new BundleError(`The ZIP entry "${name}" is encrypted.`);
    const at = entry.localOffset;
    if (at + 30 > data.length || dv.getUint32(at, true) !== LOCAL)
      throw notZip(`the local header of "${name}" is missing`);
    const start = at + 30 + dv.getUint16(at + 26, true) + dv.getUint16(at + 28, true);
    const stop = start + entry.compressedSize;
    if (stop > data.length) throw notZip(`the data of "${name}" runs past the end of the file`);
    const compressed = data.subarray(start, stop);

    let bytes: Uint8Array;
    if (entry.method === 0) {
      count(compressed.length);
      bytes = compressed.slice();
    } else if (entry.method === 8) {
      bytes = inflate(compressed, name, count);
    } else {
      throw new BundleError(
        `The ZIP entry "${name}" uses compression method ${entry.method}; only STORED and DEFLATE are supported.`,
      );
    }
    if (bytes.length !== entry.declaredSize)
      throw new BundleError(
        `The ZIP entry "${name}" inflates to ${bytes.length} bytes, but its header says ${entry.declaredSize}.`,
      );
    return { path, bytes };
  });
}

/** Inflates in small steps, counting each step's output before the next (`count` throws at the cap). */
function inflate(compressed: Uint8Array, name: string, count: (n: number) => void): Uint8Array {
  const chunks: Uint8Array[] = [];
  let length = 0;
  let ended = false;
  const inflater = new Inflate((chunk, final) => {
    count(chunk.length);
    chunks.push(chunk);
    length += chunk.length;
    if (final) ended = true;
  });
  if (!compressed.length) return new Uint8Array(0);
  try {
    for (let i = 0; i < compressed.length; i += INFLATE_CHUNK) {
      const end = Math.min(i + INFLATE_CHUNK, compressed.length);
      inflater.push(compressed.subarray(i, end), end === compressed.length);
    }
  } catch (error) {
    if (error instanceof BundleError) throw error;
    throw new BundleError(
      `The ZIP entry "${name}" does not inflate: ${error instanceof Error ? error.message : String(error)}.`,
    );
  }
  if (!ended) throw new BundleError(`The ZIP entry "${name}" does not inflate: it is cut short.`);
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
