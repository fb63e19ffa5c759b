import type { Locator } from '@playwright/test';

/** A point in CSS pixels, relative to the canvas's top-left corner. */
export interface CanvasPoint {
  x: number;
  y: number;
}

/**
 * Where a colour is drawn on a chart's canvas: the blobs of pixels within `tolerance` of it
 * (per channel; items drawn with some opacity blend with what lies under them), grouped by
 * touching 4-pixel cells. Each blob answers its centre and a point a third down from its top
 * (a pin's head, when a pin stands over a circle of the same colour), in CSS pixels.
 */
export async function blobsOfColour(
  canvas: Locator,
  cssColour: string,
  tolerance = 28,
): Promise<{ centre: CanvasPoint; upper: CanvasPoint; pixels: number }[]> {
  return canvas.evaluate(
    (el, { cssColour, tolerance }) => {
      const [r = -1, g = -1, b = -1] = (cssColour.match(/\d+/g) ?? []).map(Number);
      const c = el as HTMLCanvasElement;
      const ctx = c.getContext('2d');
      if (!ctx || b < 0) return [];
      const { width, height } = c;
      const data = ctx.getImageData(0, 0, width, height).data;
      const CELL = 4;
      const cols = Math.ceil(width / CELL);
      const cells = new Map<
        number,
        { n: number; sx: number; sy: number; top: number; bottom: number }
      >();
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) {
          const i = (y * width + x) * 4;
          if (data[i + 3] === 0) continue;
          if (
            Math.abs((data[i] ?? 0) - r) > tolerance ||
            Math.abs((data[i + 1] ?? 0) - g) > tolerance ||
            Math.abs((data[i + 2] ?? 0) - b) > tolerance
          )
            continue;
          const key = Math.floor(y / CELL) * cols + Math.floor(x / CELL);
          const cell = cells.get(key) ?? { n: 0, sx: 0, sy: 0, top: y, bottom: y };
          cell.n++;
          cell.sx += x;
          cell.sy += y;
          cell.top = Math.min(cell.top, y);
          cell.bottom = Math.max(cell.bottom, y);
          cells.set(key, cell);
        }
      const seen = new Set<number>();
      const scale = width / c.clientWidth;
      const blobs: {
        centre: { x: number; y: number };
        upper: { x: number; y: number };
        pixels: number;
      }[] = [];
      for (const start of cells.keys()) {
        if (seen.has(start)) continue;
        let n = 0;
        let sx = 0;
        let sy = 0;
        let top = Infinity;
        let bottom = -Infinity;
        const stack = [start];
        seen.add(start);
        while (stack.length) {
          const key = stack.pop() as number;
          const cell = cells.get(key);
          if (!cell) continue;
          n += cell.n;
          sx += cell.sx;
          sy += cell.sy;
          top = Math.min(top, cell.top);
          bottom = Math.max(bottom, cell.bottom);
          const cx = key % cols;
          for (const [dx, dy] of [
            [1, 0],
            [-1, 0],
            [0, 1],
            [0, -1],
          ] as const) {
            const next = key + dy * cols + dx;
            if (cx + dx < 0 || cx + dx >= cols || seen.has(next) || !cells.has(next)) continue;
            seen.add(next);
            stack.push(next);
          }
        }
        const x = sx / n / scale;
        blobs.push({
          centre: { x, y: sy / n / scale },
          upper: { x, y: (top + (bottom - top) / 3) / scale },
          pixels: n,
        });
      }
      return blobs;
    },
    { cssColour, tolerance },
  );
}
