import { describe, expect, it } from 'vitest';
import { createRequestQueue } from './request-queue.ts';

/** A task that resolves when told to, recording how many run alongside it. */
function deferredTasks(count: number) {
  let running = 0;
  let peak = 0;
  const releases: (() => void)[] = [];
  const started: number[] = [];
  const tasks = Array.from({ length: count }, (_, i) => () => {
    running++;
    peak = Math.max(peak, running);
    started.push(i);
    return new Promise<number>((resolve) => {
      releases[i] = () => {
        running--;
        resolve(i);
      };
    });
  });
  return { tasks, releases, started, peak: () => peak };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createRequestQueue', () => {
  it('never runs more than the limit at once, and starts the rest in order as slots free', async () => {
    const queue = createRequestQueue(5);
    const { tasks, releases, started, peak } = deferredTasks(12);
    const results = tasks.map((task) => queue.run(task));
    await tick();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(queue.active).toBe(5);
    expect(queue.waiting).toBe(7);

    releases[2]?.();
    await tick();
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(queue.active).toBe(5);

    // Release everything as it starts, out of order.
    for (let round = 0; round < 12; round++) {
      for (const i of [...started].reverse()) releases[i]?.();
      await tick();
    }
    expect(await Promise.all(results)).toEqual(tasks.map((_, i) => i));
    expect(peak()).toBe(5);
    expect(queue.active).toBe(0);
    expect(queue.waiting).toBe(0);
  });

  it('frees the slot of a failed task and passes its error on', async () => {
    const queue = createRequestQueue(1);
    const failed = queue.run(() => Promise.reject(new Error('boom')));
    const thrown = queue.run(() => {
      throw new Error('sync boom');
    });
    const next = queue.run(() => Promise.resolve('ok'));
    await expect(failed).rejects.toThrow('boom');
    await expect(thrown).rejects.toThrow('sync boom');
    await expect(next).resolves.toBe('ok');
  });

  it('drops a waiting task whose signal aborts, without starting it', async () => {
    const queue = createRequestQueue(1);
    const { tasks, releases, started } = deferredTasks(3);
    const first = queue.run(tasks[0] ?? (() => Promise.resolve(0)));
    const controller = new AbortController();
    const dropped = queue.run(tasks[1] ?? (() => Promise.resolve(1)), controller.signal);
    const last = queue.run(tasks[2] ?? (() => Promise.resolve(2)));
    controller.abort();
    await expect(dropped).rejects.toMatchObject({ name: 'AbortError' });
    expect(queue.waiting).toBe(1);
    releases[0]?.();
    await expect(first).resolves.toBe(0);
    await tick();
    releases[2]?.();
    await expect(last).resolves.toBe(2);
    expect(started).toEqual([0, 2]);
  });

  it('refuses an already aborted signal and a limit below one', async () => {
    const queue = createRequestQueue(2);
    const controller = new AbortController();
    controller.abort();
    await expect(queue.run(() => Promise.resolve(1), controller.signal)).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(() => createRequestQueue(0)).toThrow(RangeError);
  });
});
