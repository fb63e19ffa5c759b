import { useCallback, useRef, useState } from 'react';

/**
 * The width of an element in whole CSS pixels, kept current through a ResizeObserver; 0 until
 * it is measured, `fallback` where nothing is laid out (jsdom, a hidden element).
 */
export function useElementWidth<T extends HTMLElement>(
  fallback = 600,
): [(element: T | null) => void, number] {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback(
    (element: T | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!element) return;
      const measure = () => {
        const px = Math.floor(element.getBoundingClientRect().width);
        setWidth(px > 0 ? px : fallback);
      };
      measure();
      if (typeof ResizeObserver === 'undefined') return;
      observer.current = new ResizeObserver(measure);
      observer.current.observe(element);
    },
    [fallback],
  );
  return [ref, width];
}
