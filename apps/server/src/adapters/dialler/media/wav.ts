/**
 * RIFF/WAVE files for 8 kHz mono call recordings: 16-bit PCM, or G.711 kept as sent
 * (WAVE_FORMAT_ALAW = 6, WAVE_FORMAT_MULAW = 7, with the fact chunk non-PCM formats need).
 */
import { open, type FileHandle } from 'node:fs/promises';
import { decodeG711, encodeG711, type G711Law } from './g711.ts';

export type WavEncoding = 'pcm16' | G711Law;

const FORMAT_TAG: Record<WavEncoding, number> = { pcm16: 1, pcma: 6, pcmu: 7 };

export interface WavHeaderInfo {
  encoding: WavEncoding;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  /** Samples per channel, from the data length. */
  sampleCount: number;
  /** The fact chunk's sample length, when present. */
  factSampleCount?: number;
  dataOffset: number;
  dataBytes: number;
}

/** Header bytes before the audio: 44 for PCM, 58 for G.711 (fmt cbSize + fact chunk). */
export function wavHeaderBytes(encoding: WavEncoding): number {
  return encoding === 'pcm16' ? 44 : 58;
}

/** The header for `dataBytes` bytes of audio (an odd length gets its RIFF pad byte counted). */
export function wavHeader(encoding: WavEncoding, dataBytes: number, sampleRate = 8000): Buffer {
  const pcm = encoding === 'pcm16';
  const bytesPerSample = pcm ? 2 : 1;
  const headerBytes = wavHeaderBytes(encoding);
  const h = Buffer.alloc(headerBytes);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(headerBytes - 8 + dataBytes + (dataBytes % 2), 4);
  h.write('WAVE', 8, 'ascii');
  h.write('fmt ', 12, 'ascii');
  h.writeUInt32LE(pcm ? 16 : 18, 16);
  h.writeUInt16LE(FORMAT_TAG[encoding], 20);
  h.writeUInt16LE(1, 22); // mono
  h.writeUInt32LE(sampleRate, 24);
  h.writeUInt32LE(sampleRate * bytesPerSample, 28);
  h.writeUInt16LE(bytesPerSample, 32);
  h.writeUInt16LE(bytesPerSample * 8, 34);
  let o = 36;
  if (!pcm) {
    h.writeUInt16LE(0, 36); // cbSize
    h.write('fact', 38, 'ascii');
    h.writeUInt32LE(4, 42);
    h.writeUInt32LE(dataBytes, 46); // one byte per sample
    o = 50;
  }
  h.write('data', o, 'ascii');
  h.writeUInt32LE(dataBytes, o + 4);
  return h;
}

/** A whole WAV file in memory: Int16Array samples for pcm16, G.711 bytes otherwise. */
export function wavBytes(
  samples: Int16Array | Uint8Array,
  encoding: WavEncoding = 'pcm16',
  sampleRate = 8000,
): Buffer {
  const data =
    encoding === 'pcm16'
      ? pcm16Bytes(asPcm(samples))
      : Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  if (encoding !== 'pcm16' && samples instanceof Int16Array) {
    throw new TypeError('wavBytes: G.711 WAV takes the encoded bytes (Uint8Array)');
  }
  const pad = data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0);
  return Buffer.concat([wavHeader(encoding, data.length, sampleRate), data, pad]);
}

/** Reads a WAV header (any chunk order, unknown chunks skipped); null when it is not one we write. */
export function parseWavHeader(file: Uint8Array): WavHeaderInfo | null {
  const b = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  if (
    b.length < 12 ||
    b.toString('ascii', 0, 4) !== 'RIFF' ||
    b.toString('ascii', 8, 12) !== 'WAVE'
  ) {
    return null;
  }
  let fmt: Omit<
    WavHeaderInfo,
    'sampleCount' | 'dataOffset' | 'dataBytes' | 'factSampleCount'
  > | null = null;
  let factSampleCount: number | undefined;
  let o = 12;
  while (o + 8 <= b.length) {
    const id = b.toString('ascii', o, o + 4);
    const size = b.readUInt32LE(o + 4);
    const body = o + 8;
    if (id === 'fmt ' && body + 16 <= b.length) {
      const tag = b.readUInt16LE(body);
      const encoding = (Object.keys(FORMAT_TAG) as WavEncoding[]).find(
        (e) => FORMAT_TAG[e] === tag,
      );
      if (!encoding) return null;
      fmt = {
        encoding,
        channels: b.readUInt16LE(body + 2),
        sampleRate: b.readUInt32LE(body + 4),
        bitsPerSample: b.readUInt16LE(body + 14),
      };
    } else if (id === 'fact' && body + 4 <= b.length) {
      factSampleCount = b.readUInt32LE(body);
    } else if (id === 'data') {
      if (!fmt) return null;
      const dataBytes = Math.min(size, b.length - body);
      const frame = (fmt.bitsPerSample / 8) * fmt.channels;
      const info: WavHeaderInfo = {
        ...fmt,
        dataOffset: body,
        dataBytes,
        sampleCount: Math.floor(dataBytes / frame),
      };
      if (factSampleCount !== undefined) info.factSampleCount = factSampleCount;
      return info;
    }
    o = body + size + (size % 2);
  }
  return null;
}

function asPcm(samples: Int16Array | Uint8Array): Int16Array {
  if (!(samples instanceof Int16Array))
    throw new TypeError('wavBytes: pcm16 takes Int16Array samples');
  return samples;
}

function pcm16Bytes(samples: Int16Array): Buffer {
  const out = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) out.writeInt16LE(samples[i] ?? 0, i * 2);
  return out;
}

/**
 * Streams a recording to disk: frames are buffered and written in order at known offsets;
 * close() writes the real sizes into the header. Until then the sizes read 0.
 */
export class WavFileWriter {
  private dataBytes = 0;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private chain: Promise<void> = Promise.resolve();
  private closed = false;

  private constructor(
    private readonly handle: FileHandle,
    /** How the file stores audio. */
    readonly encoding: WavEncoding,
    private readonly sampleRate: number,
    private readonly flushBytes: number,
  ) {}

  /** Creates (or truncates) `path` and writes a provisional header. */
  static async create(
    path: string,
    encoding: WavEncoding,
    options: { sampleRate?: number; flushBytes?: number } = {},
  ): Promise<WavFileWriter> {
    const handle = await open(path, 'w');
    const sampleRate = options.sampleRate ?? 8000;
    try {
      await handle.write(wavHeader(encoding, 0, sampleRate), 0, wavHeaderBytes(encoding), 0);
    } catch (e) {
      await handle.close();
      throw e;
    }
    return new WavFileWriter(handle, encoding, sampleRate, options.flushBytes ?? 16_000);
  }

  /** Samples written so far (including buffered ones). */
  get sampleCount(): number {
    return (this.dataBytes + this.pendingBytes) / (this.encoding === 'pcm16' ? 2 : 1);
  }

  /** Appends G.711 bytes received in `law`, converting to the file's encoding when needed. */
  appendG711(codes: Uint8Array, law: G711Law): void {
    if (this.encoding === law) this.push(Buffer.from(codes));
    else if (this.encoding === 'pcm16') this.push(pcm16Bytes(decodeG711(codes, law)));
    else this.push(Buffer.from(encodeG711(decodeG711(codes, law), this.encoding)));
  }

  /** Appends 16-bit linear samples, encoding them when the file is G.711. */
  appendPcm(samples: Int16Array): void {
    if (this.encoding === 'pcm16') this.push(pcm16Bytes(samples));
    else this.push(Buffer.from(encodeG711(samples, this.encoding)));
  }

  /** Writes what is buffered; resolves when it is on disk (write errors reject here or in close). */
  flush(): Promise<void> {
    if (this.pendingBytes > 0) {
      const chunk = Buffer.concat(this.pending, this.pendingBytes);
      const position = wavHeaderBytes(this.encoding) + this.dataBytes;
      this.dataBytes += chunk.length;
      this.pending = [];
      this.pendingBytes = 0;
      this.chain = this.chain.then(async () => {
        await this.handle.write(chunk, 0, chunk.length, position);
      });
    }
    return this.chain;
  }

  /** Flushes, patches the header sizes (and the RIFF pad byte), closes the file. Idempotent. */
  async close(): Promise<{ sampleCount: number; bytes: number }> {
    if (!this.closed) {
      this.closed = true;
      try {
        await this.flush();
        const headerBytes = wavHeaderBytes(this.encoding);
        if (this.dataBytes % 2)
          await this.handle.write(Buffer.alloc(1), 0, 1, headerBytes + this.dataBytes);
        await this.handle.write(
          wavHeader(this.encoding, this.dataBytes, this.sampleRate),
          0,
          headerBytes,
          0,
        );
      } finally {
        await this.handle.close();
      }
    }
    const headerBytes = wavHeaderBytes(this.encoding);
    return {
      sampleCount: this.sampleCount,
      bytes: headerBytes + this.dataBytes + (this.dataBytes % 2),
    };
  }

  private push(chunk: Buffer): void {
    if (this.closed) throw new Error('WAV writer is closed');
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes >= this.flushBytes) void this.flush().catch(() => undefined);
  }
}
