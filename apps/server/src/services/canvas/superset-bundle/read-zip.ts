import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Unzip, UnzipInflate, unzipSync, type UnzipFile } from 'fflate';
import { IMPORT_LIMITS } from '@callsight/shared';

/** Why a bundle was refused: the message names the problem (and the file, where there is one). */
export class BundleError extends Error {
  override name = 'BundleError';
}

/** A file of the ZIP: its path under the root folder and its inflated bytes. */
export interface ZipEntry {
  path: string;
  /** Read from its temporary file on each access (withZipEntries), or held (readZip). */
  readonly bytes: Uint8Array;
}

export interface ZipLimits {
  /** Entries the ZIP may hold (directories included). */
  maxEntries: number;
  /** Bytes the entries may inflate to in all, counted while inflating. */
  maxUncompressedBytes: number;
  /** Bytes one kept file may inflate to (it is read into memory to be parsed). */
  maxFileBytes: number;
}

/** One YAML file of a dashboard export is a few KB; 16 MiB bounds what one parse holds. */
export const MAX_ZIP_FILE_BYTES = 16 * 1024 * 1024;

const DEFAULT_LIMITS: ZipLimits = {
  maxEntries: IMPORT_LIMITS.maxEntries,
  maxUncompressedBytes: IMPORT_LIMITS.maxUncompressedBytes,
  maxFileBytes: MAX_ZIP_FILE_BYTES,
};

/** Which files are kept (written to a temporary file); the others are inflated, counted and dropped. */
export type KeepFile = (path: string) => boolean;

/** Bytes of the ZIP given to fflate's stream at a time: DEFLATE inflates at most ~1032:1. */
const PUSH_CHUNK = 4096;
/** The smallest central directory header: a count beyond size / 46 is a damaged directory. */
const MIN_CENTRAL_HEADER = 46;
const STORED = 0;
const DEFLATE = 8;

/** An entry as the central directory lists it (read by fflate, nothing inflated). */
interface Listed {
  name: string;
  compression: number;
  originalSize: number;
}

const notZip = (why: string) => new BundleError(`The file is not a ZIP archive (${why}).`);

function view(buffer: Uint8Array | ArrayBuffer): Uint8Array {
  return buffer instanceof Uint8Array ? buffer : new Uint8Array(buffer);
}

/**
 * The central directory's entries through fflate's `unzipSync`, whose filter sees each entry
 * before it is inflated: refusing them all lists the ZIP without inflating a byte.
 */
function centralDirectory(data: Uint8Array, limits: ZipLimits): Listed[] {
  if (data.length < 22) throw notZip('it is too short');
  const most = Math.floor(data.length / MIN_CENTRAL_HEADER);
  const listed: Listed[] = [];
  try {
    unzipSync(data, {
      filter: ({ name, compression, originalSize }) => {
        if (listed.length >= most) throw notZip('its central directory is damaged');
        listed.push({ name, compression, originalSize });
        return false;
      },
    });
  } catch (error) {
    if (error instanceof BundleError) throw error;
    throw notZip('no end of central directory record');
  }
  if (listed.length > limits.maxEntries)
    throw new BundleError(
      `The ZIP holds ${listed.length} entries; at most ${limits.maxEntries} are allowed.`,
    );
  return listed;
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

/** An inflated file: its temporary file (null when dropped) and the bytes counted. */
interface Inflated {
  file: string | null;
  size: number;
}

/**
 * Inflates every entry through fflate's streaming `Unzip`, fed a few KiB at a time so that each
 * step's output is counted before the next (past a cap it stops), and writes a kept file's output
 * to its temporary file in `dir` as it comes: no entry is held in memory. Only the entries the
 * central directory lists are read, each once.
 */
function inflateEntries(
  data: Uint8Array,
  listed: ReadonlyMap<string, Listed>,
  caps: ZipLimits,
  dir: string,
  keep: (name: string) => boolean,
): Map<string, Inflated> {
  const done = new Map<string, Inflated>();
  const begun = new Set<string>();
  const open = new Set<number>();
  let current: string | null = null;
  let total = 0;
  const tooBig = () =>
    new BundleError(
      `The ZIP inflates to more than ${caps.maxUncompressedBytes} bytes; at most ${caps.maxUncompressedBytes} are allowed.`,
    );

  const unzip = new Unzip((file: UnzipFile) => {
    const { name } = file;
    if (!listed.has(name) || begun.has(name))
      throw notZip(`the entry "${name}" is not the one its central directory lists`);
    begun.add(name);
    current = name;
    const path = keep(name) ? join(dir, String(begun.size)) : null;
    const fd = path === null ? null : openSync(path, 'w');
    if (fd !== null) open.add(fd);
    let size = 0;
    file.ondata = (error, chunk, final) => {
      // A refusal thrown here inside fflate's inflater comes back as `error`: pass it on.
      if (error instanceof BundleError) throw error;
      if (error)
        throw new BundleError(`The ZIP entry "${name}" does not inflate: ${error.message}.`);
      total += chunk.length;
      size += chunk.length;
      if (total > caps.maxUncompressedBytes) throw tooBig();
      if (fd !== null && size > caps.maxFileBytes)
        throw new BundleError(
          `The ZIP entry "${name}" inflates to more than ${caps.maxFileBytes} bytes; at most ${caps.maxFileBytes} are allowed for one file.`,
        );
      if (fd !== null && chunk.length > 0) writeSync(fd, chunk);
      if (final) {
        if (fd !== null) {
          closeSync(fd);
          open.delete(fd);
        }
        done.set(name, { file: path, size });
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);

  try {
    for (let i = 0; i < data.length; i += PUSH_CHUNK) {
      const end = Math.min(i + PUSH_CHUNK, data.length);
      unzip.push(data.subarray(i, end), end === data.length);
    }
  } catch (error) {
    if (error instanceof BundleError) throw error;
    throw notZip(
      current === null
        ? 'its entries cannot be read'
        : `the data of "${current}" runs past the end of the file`,
    );
  } finally {
    for (const fd of open) closeSync(fd);
  }
  for (const name of listed.keys()) {
    if (!begun.has(name)) throw notZip(`the local header of "${name}" is missing`);
    if (!done.has(name))
      throw new BundleError(`The ZIP entry "${name}" does not inflate: it is cut short.`);
  }
  return done;
}

/**
 * Calls `use` with the files of a ZIP in Superset's export format (one root folder), each with its
 * path without the root folder, and removes their temporary files when it returns or throws.
 * Entries are inflated with fflate's streaming inflater into temporary files (the files `keep`
 * refuses are counted and dropped), so memory holds one chunk, never an entry; a file's bytes are
 * read back when `use` asks for them. Refused with a BundleError: not a ZIP; more than `maxEntries`
 * entries; more than `maxUncompressedBytes` inflated in all or `maxFileBytes` in one kept file
 * (counted while inflating, whatever the headers declare: inflation stops at the cap); a path
 * that leaves the root folder; an entry of a compression other than STORED or DEFLATE, or one
 * that does not inflate to its declared size.
 */
export function withZipEntries<T>(
  buffer: Uint8Array | ArrayBuffer,
  use: (entries: ZipEntry[]) => T,
  options: { limits?: Partial<ZipLimits>; keep?: KeepFile } = {},
): T {
  const caps: ZipLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const keep = options.keep ?? (() => true);
  const data = view(buffer);
  const central = centralDirectory(data, caps);

  let root: string | null = null;
  const byName = new Map<string, Listed>();
  const files: { entry: Listed; path: string }[] = [];
  const kept = new Set<string>();
  for (const entry of central) {
    const checked = checkPath(entry.name, root);
    root = checked.root;
    if (byName.has(entry.name))
      throw new BundleError(`The ZIP holds the entry "${entry.name}" twice.`);
    byName.set(entry.name, entry);
    if (entry.compression !== STORED && entry.compression !== DEFLATE)
      throw new BundleError(
        `The ZIP entry "${entry.name}" uses compression method ${entry.compression}; only STORED and DEFLATE are supported.`,
      );
    if (entry.name.endsWith('/')) continue; // a folder
    files.push({ entry, path: checked.path });
    if (keep(checked.path)) kept.add(entry.name);
  }

  const dir = mkdtempSync(join(tmpdir(), 'callsight-zip-'));
  try {
    const inflated = inflateEntries(data, byName, caps, dir, (name) => kept.has(name));
    const entries: ZipEntry[] = [];
    for (const { entry, path } of files) {
      const size = inflated.get(entry.name)?.size ?? 0;
      if (size !== entry.originalSize)
        throw new BundleError(
          `The ZIP entry "${entry.name}" inflates to ${size} bytes, but its header says ${entry.originalSize}.`,
        );
      const file = inflated.get(entry.name)?.file ?? null;
      if (file === null) continue;
      entries.push({
        path,
        get bytes() {
          return new Uint8Array(readFileSync(file));
        },
      });
    }
    return use(entries);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The files of a ZIP with their bytes in memory (withZipEntries for a ZIP of any size). */
export function readZip(
  buffer: Uint8Array | ArrayBuffer,
  limits: Partial<ZipLimits> = {},
): ZipEntry[] {
  return withZipEntries(buffer, (entries) => entries.map(({ path, bytes }) => ({ path, bytes })), {
    limits,
  });
}
