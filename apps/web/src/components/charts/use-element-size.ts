import { type RefObject, useLayoutEffect, useRef, useState } from 'react';

export interface Size {
  width: number;
  height: number;
}

/**
 * The element's content size, followed with a ResizeObserver: the chart draws in real pixels (its
 * viewBox is its size), so a resize redraws it and its 12 px labels never stretch. Where there is no
 * layout (jsdom, before the first measurement) `fallback` stands in.
 */
export function useElementSize<T extends HTMLElement>(fallback: Size): [RefObject<T | null>, Size] {
  const ref = useRef<T>(null);
  const [size, setSize] = useState<Size | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const take = (width: number, height: number) => {
      // Whole pixels: a fraction would redraw on every sub-pixel jitter of the layout.
      const next = { width: Math.floor(width), height: Math.floor(height) };
      if (next.width <= 0 || next.height <= 0) return;
      setSize((prev) => (prev && prev.width === next.width && prev.height === next.height ? prev : next));
    };
    const box = element.getBoundingClientRect();
    take(box.width, box.height);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) take(entry.contentRect.width, entry.contentRect.height);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, size ?? fallback];
}
