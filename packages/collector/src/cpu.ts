/**
 * CPU headroom from the Compute Pressure API (PressureObserver, Chromium 125+). The API reports
 * states, not percentages; each state maps to the middle of the utilisation band Chromium uses for
 * it (nominal < 30 %, fair < 60 %, serious < 90 %, critical above), as "percent available".
 */

type PressureState = 'nominal' | 'fair' | 'serious' | 'critical';

interface PressureRecordLike {
  source: string;
  state: PressureState;
}

interface PressureObserverLike {
  observe(source: 'cpu', options?: { sampleInterval?: number }): Promise<void>;
  disconnect(): void;
}

type PressureObserverConstructor = new (
  callback: (records: PressureRecordLike[]) => void,
) => PressureObserverLike;

/** CPU available (%) reported for each pressure state. */
export const CPU_AVAILABLE_BY_PRESSURE: Record<PressureState, number> = {
  nominal: 85,
  fair: 55,
  serious: 25,
  critical: 5,
};

/** A running CPU reader: the latest value (null until the browser reports one) and a stop. */
export interface CpuReader {
  availablePercent(): number | null;
  stop(): void;
}

/**
 * Starts observing CPU pressure when the browser offers it; otherwise (or when observing is
 * refused, e.g. by a permissions policy) the reader always answers null and samples omit CPU.
 */
export function startCpuReader(
  scope: { PressureObserver?: unknown } = globalThis as { PressureObserver?: unknown },
): CpuReader {
  let latest: number | null = null;
  const Observer = scope.PressureObserver as PressureObserverConstructor | undefined;
  if (typeof Observer !== 'function') return { availablePercent: () => null, stop: () => {} };

  let observer: PressureObserverLike | null = null;
  try {
    observer = new Observer((records) => {
      const last = records.filter((r) => r.source === 'cpu').at(-1);
      if (last && last.state in CPU_AVAILABLE_BY_PRESSURE) {
        latest = CPU_AVAILABLE_BY_PRESSURE[last.state];
      }
    });
    observer.observe('cpu', { sampleInterval: 1000 }).catch(() => {
      latest = null;
    });
  } catch {
    observer = null;
  }
  return {
    availablePercent: () => latest,
    stop: () => observer?.disconnect(),
  };
}
