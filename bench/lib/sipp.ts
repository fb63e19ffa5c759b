import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * SIPp (Debian package sip-tester), the field's reference SIP load generator, as a bench peer:
 * its built-in UAS scenario answers (180, 200 with SDP, then waits for ACK and BYE), and its
 * built-in UAC scenario is the caller we compare ours with. Every process is spawned here and
 * killed by its own pid; nothing else is touched.
 */

/** True when `sipp` runs on this machine. */
export const hasSipp = () => spawnSync('sipp', ['-v']).error === undefined;

/** A UDP port free on loopback now (SIPp's signalling is UDP). */
export function freeUdpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket('udp4');
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** SIGTERM, then SIGKILL after `graceMs`: this child only, by its pid. */
async function stopChild(child: ChildProcess, graceMs = 2_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const stopped = await Promise.race([
    exited(child).then(() => true),
    delay(graceMs).then(() => false),
  ]);
  if (!stopped) {
    child.kill('SIGKILL');
    await exited(child);
  }
}

/** Spawns SIPp with `args` (-nostdin added: no terminal here); killed too if this process exits. */
function spawnSipp(args: string[]): { child: ChildProcess; stop(): Promise<void> } {
  const child = spawn('sipp', [...args, '-nostdin'], { stdio: 'ignore' });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  return { child, stop: () => stopChild(child) };
}

export interface SippUas {
  port: number;
  stop(): Promise<void>;
}

/** SIPp's built-in UAS on a free loopback port, answering every call until stopped. */
export async function startSippUas(): Promise<SippUas> {
  const port = await freeUdpPort();
  const { child, stop } = spawnSipp(['-sn', 'uas', '-i', '127.0.0.1', '-p', String(port)]);
  // SIPp binds within a few ms; a fatal start (port taken, bad option) exits at once.
  await delay(300);
  if (child.exitCode !== null || child.signalCode !== null)
    throw new Error(`sipp -sn uas exited at start (code ${child.exitCode ?? child.signalCode})`);
  return { port, stop };
}

/** The rows of SIPp's statistics file (-trace_stat), by column name. */
export function readSippStats(file: string): Record<string, string>[] {
  if (!fs.existsSync(file)) return [];
  const lines = fs.readFileSync(file, 'utf8').trim().split('\n');
  const head = (lines[0] ?? '').split(';');
  return lines.slice(1).map((line) => {
    const cells = line.split(';');
    return Object.fromEntries(head.map((h, i) => [h, cells[i] ?? '']));
  });
}

export interface SippUacResult {
  /** SIPp's exit code: 0 every call succeeded, 1 some failed, other values an error. */
  exitCode: number | null;
  /** Killed after the wall time limit. */
  timedOut: boolean;
  created: number;
  successful: number;
  failed: number;
  /**
   * Calls created per second while it was creating them: the mean of the one-second periods
   * (-fd 1) before the last call was created; total / elapsed when there is no such period.
   */
  startsPerSecond: number;
  wallMs: number;
}

const num = (row: Record<string, string> | undefined, column: string) =>
  Number(row?.[column] ?? 0) || 0;

/** Seconds of SIPp's "hh:mm:ss" elapsed-time cells. */
const seconds = (hms: string | undefined) =>
  (hms ?? '').split(':').reduce((total, part) => total * 60 + (Number(part) || 0), 0);

/**
 * SIPp's built-in UAC against `target`: `calls` calls at `rate` per second, each held
 * `durationMs` then ended with BYE; answers its final counts from the statistics file.
 */
export async function runSippUac(opts: {
  target: { address: string; port: number };
  rate: number;
  calls: number;
  durationMs: number;
  /** Killed (and reported as timed out) after this long. */
  timeoutMs: number;
}): Promise<SippUacResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'callsight-sipp-'));
  const statsFile = path.join(dir, 'uac.csv');
  const started = performance.now();
  try {
    const port = await freeUdpPort();
    const { child, stop } = spawnSipp([
      '-sn',
      'uac',
      `${opts.target.address}:${opts.target.port}`,
      '-i',
      '127.0.0.1',
      '-p',
      String(port),
      '-r',
      String(opts.rate),
      '-m',
      String(opts.calls),
      '-d',
      String(opts.durationMs),
      '-trace_stat',
      '-stf',
      statsFile,
      '-fd',
      '1',
    ]);
    const done = exited(child);
    const timedOut = await Promise.race([
      done.then(() => false),
      delay(opts.timeoutMs).then(() => true),
    ]);
    if (timedOut) await stop();
    const exitCode = await done;
    const wallMs = performance.now() - started;
    const rows = readSippStats(statsFile);
    const last = rows.at(-1);
    const created = num(last, 'TotalCallCreated');
    const creating = rows.filter(
      (r) => seconds(r['ElapsedTime(C)']) > 0 && num(r, 'OutgoingCall(C)') < opts.calls,
    );
    const elapsed = seconds(last?.['ElapsedTime(C)']);
    const startsPerSecond =
      creating.length > 0
        ? creating.reduce((sum, r) => sum + num(r, 'OutgoingCall(P)'), 0) / creating.length
        : elapsed > 0
          ? created / elapsed
          : 0;
    return {
      exitCode,
      timedOut,
      created,
      successful: num(last, 'SuccessfulCall(C)'),
      failed: num(last, 'FailedCall(C)'),
      startsPerSecond,
      wallMs,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
