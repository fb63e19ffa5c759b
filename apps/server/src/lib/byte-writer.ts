/**
 * A growing byte buffer for writing large ASCII/UTF-8 answers (a call's seconds as JSON) without
 * building strings: callers copy characters of texts they already hold, so an answer of
 * megabytes costs one buffer instead of thousands of short-lived strings.
 */
export class ByteWriter {
  private buf: Buffer;
  private at = 0;

  constructor(capacity = 4096) {
    this.buf = Buffer.allocUnsafe(Math.max(16, capacity));
  }

  /** Makes room for `n` more bytes. */
  ensure(n: number): void {
    if (this.at + n <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + n));
    this.buf.copy(bigger, 0, 0, this.at);
    this.buf = bigger;
  }

  /** One byte; the caller has made room (ensure). */
  byte(b: number): void {
    this.buf[this.at++] = b;
  }

  /** An ASCII text (JSON punctuation, keys, digits); the caller has made room. */
  ascii(text: string): void {
    const buf = this.buf;
    let at = this.at;
    for (let i = 0; i < text.length; i++) buf[at++] = text.charCodeAt(i);
    this.at = at;
  }

  /** Characters `start` to `end` of an ASCII text; the caller has made room. */
  asciiSlice(text: string, start: number, end: number): void {
    const buf = this.buf;
    let at = this.at;
    for (let i = start; i < end; i++) buf[at++] = text.charCodeAt(i);
    this.at = at;
  }

  /** Any text, as UTF-8 (room is made here). */
  utf8(text: string): void {
    this.ensure(Buffer.byteLength(text));
    this.at += this.buf.write(text, this.at, 'utf8');
  }

  /** The bytes written so far (a view, not a copy). */
  bytes(): Buffer {
    return this.buf.subarray(0, this.at);
  }
}
