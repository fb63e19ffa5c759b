import { describe, expect, it } from 'vitest';
import { ConcurrencyGate, GateFullError } from '../src/services/telemetry/concurrency-gate.ts';

const tick = () => new Promise((r) => setTimeout(r, 0));

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('ConcurrencyGate', () => {
  it('runs at most maxActive tasks at once, the next ones in arrival order', async () => {
    const gate = new ConcurrencyGate(2, 10, 10_000);
    const order: string[] = [];
    const blockers = [deferred(), deferred(), deferred()];
    const tasks = ['a', 'b', 'c'].map((name, i) =>
      gate.run(async () => {
        order.push(`start ${name}`);
        await blockers[i]?.promise;
        order.push(`end ${name}`);
      }),
    );
    await tick();
    expect(order).toEqual(['start a', 'start b']);
    expect(gate.stats).toEqual({ active: 2, queued: 1 });
    blockers[1]?.resolve();
    await tick();
    expect(order).toEqual(['start a', 'start b', 'end b', 'start c']);
    blockers[0]?.resolve();
    blockers[2]?.resolve();
    await Promise.all(tasks);
    expect(gate.stats).toEqual({ active: 0, queued: 0 });
  });

  it('refuses at once when the line is full, and after the longest wait', async () => {
    const gate = new ConcurrencyGate(1, 1, 20);
    const block = deferred();
    const running = gate.run(() => block.promise);
    const waiting = gate.run(async () => 'late');
    expect(gate.saturated).toBe(true);
    await expect(gate.run(async () => 'refused')).rejects.toBeInstanceOf(GateFullError);
    await expect(waiting).rejects.toBeInstanceOf(GateFullError);
    expect(gate.stats).toEqual({ active: 1, queued: 0 });
    block.resolve();
    await running;
    expect(await gate.run(async () => 'ok')).toBe('ok');
    expect(gate.stats).toEqual({ active: 0, queued: 0 });
  });

  it('frees the slot when a task fails', async () => {
    const gate = new ConcurrencyGate(1, 0, 10);
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 1)).toBe(1);
  });
});
