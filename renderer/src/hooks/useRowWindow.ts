/**
 * Windowing for a list of fixed-height rows: which rows are on screen, which to render, and where.
 *
 * Two things a general-purpose virtualiser did not give us:
 *   - A list taller than MAX_SCROLL_HEIGHT (a million 34 px rows is 34M px; Chromium stops at ~33.5M)
 *     gets a scroll area of MAX_SCROLL_HEIGHT, and the scroll position maps to a row proportionally,
 *     so the scrollbar's end is the list's last row.
 *   - The rendered rows sit in one layer that moves with the first of them: the k-th rendered row is
 *     always k rows down the layer, so a table can keep one element per position and rewrite its
 *     text as rows pass (no DOM built, moved or torn down while scrolling). Scroll events are
 *     coalesced to one update per frame, rendered before that frame paints.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/** Below Chromium's element-height limit with room to spare, and where float32 compositing is still exact. */
export const MAX_SCROLL_HEIGHT = 15_000_000;
/** How long after the last scroll event the list counts as still. */
const SETTLE_MS = 150;

export interface ScrollGeometry {
  /** count × rowHeight: where the rows really are. */
  contentHeight: number;
  /** The scroll area's height: contentHeight, capped at MAX_SCROLL_HEIGHT. */
  scrollHeight: number;
  /** Content pixels per scrolled pixel (1 unless capped). */
  ratio: number;
}

export function scrollGeometry(count: number, rowHeight: number, viewport: number): ScrollGeometry {
  const contentHeight = count * rowHeight;
  const scrollHeight = Math.min(contentHeight, MAX_SCROLL_HEIGHT);
  const capped = contentHeight > scrollHeight && scrollHeight > viewport;
  return { contentHeight, scrollHeight, ratio: capped ? (contentHeight - viewport) / (scrollHeight - viewport) : 1 };
}

/** The scrollTop that puts the top of row `index` at the top of the viewport (or as near as the end allows). */
export function scrollTopForRow(index: number, count: number, rowHeight: number, viewport: number): number {
  const { contentHeight, ratio } = scrollGeometry(count, rowHeight, viewport);
  const position = Math.min(index * rowHeight, Math.max(0, contentHeight - viewport));
  // Rounded up: a browser keeps whole pixels, and rounding down would show the row above first.
  return Math.ceil(position / ratio);
}

export interface RowFrame {
  /** First and last row at least partly in the viewport; last is -1 for an empty list. */
  first: number;
  last: number;
  /** The rows rendered: the visible ones plus overscan. */
  start: number;
  end: number;
  /** The layer's offset inside the scroll area: row `start` is at its top, row i at (i - start) × rowHeight. */
  layerTop: number;
}

export function rowFrame(
  scrollTop: number,
  count: number,
  rowHeight: number,
  viewport: number,
  overscan: number,
): RowFrame {
  if (count <= 0) return { first: 0, last: -1, start: 0, end: -1, layerTop: 0 };
  const { contentHeight, ratio } = scrollGeometry(count, rowHeight, viewport);
  const position = Math.min(Math.max(0, contentHeight - viewport), Math.max(0, scrollTop * ratio));
  const first = Math.min(count - 1, Math.floor(position / rowHeight));
  const last = Math.min(count - 1, Math.max(first, Math.ceil((position + viewport) / rowHeight) - 1));
  const start = Math.max(0, first - overscan);
  const end = Math.min(count - 1, last + overscan);
  // Row `start`'s place on screen is its content offset seen from the content position, drawn at the
  // real scrollTop; unscaled, scrollTop equals position and this is start × rowHeight.
  const layerTop = Math.round(scrollTop - position + start * rowHeight);
  return { first, last, start, end, layerTop };
}

const sameFrame = (a: RowFrame, b: RowFrame) =>
  a.first === b.first && a.last === b.last && a.layerTop === b.layerTop && a.end === b.end;

export interface RowWindow extends RowFrame {
  scrollRef: React.RefObject<HTMLDivElement | null>;
  scrollHeight: number;
  /** Scrolls the least distance that shows row `index` whole. */
  scrollToIndex(index: number): void;
}

export function useRowWindow({
  count,
  rowHeight,
  overscan,
}: {
  count: number;
  rowHeight: number;
  overscan: number;
}): RowWindow {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(0);
  const frame = useMemo(
    () => rowFrame(scrollTop, count, rowHeight, viewport, overscan),
    [scrollTop, count, rowHeight, viewport, overscan],
  );

  // The scroll handler reads these without being re-attached on every change.
  const latest = useRef({ count, rowHeight, viewport, overscan, frame });
  useLayoutEffect(() => {
    latest.current = { count, rowHeight, viewport, overscan, frame };
  });
  const pending = useRef<number | null>(null);

  const update = useCallback(() => {
    pending.current = null;
    const element = scrollRef.current;
    if (!element) return;
    const now = latest.current;
    const top = element.scrollTop;
    // Scrolling within a row changes nothing on screen (unless the height is scaled): no render.
    if (sameFrame(rowFrame(top, now.count, now.rowHeight, now.viewport, now.overscan), now.frame)) return;
    // Before this frame paints, so new rows never show as a gap.
    flushSync(() => setScrollTop(top));
  }, []);

  const schedule = useCallback(() => {
    if (pending.current === null) pending.current = requestAnimationFrame(update);
  }, [update]);

  // While the list moves, rows passing under a still pointer are not hit-tested or hovered
  // (a DOM attribute, not React state, so it costs no render); CSS reads it.
  const settle = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onScroll = useCallback(() => {
    const element = scrollRef.current;
    if (element && settle.current === null) element.setAttribute('data-scrolling', '');
    if (settle.current !== null) clearTimeout(settle.current);
    settle.current = setTimeout(() => {
      settle.current = null;
      scrollRef.current?.removeAttribute('data-scrolling');
    }, SETTLE_MS);
    schedule();
  }, [schedule]);

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    setViewport(element.clientHeight);
    setScrollTop(element.scrollTop);
    element.addEventListener('scroll', onScroll, { passive: true });
    const resize =
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => setViewport(element.clientHeight));
    resize?.observe(element);
    return () => {
      element.removeEventListener('scroll', onScroll);
      resize?.disconnect();
    };
  }, [onScroll]);

  useEffect(
    () => () => {
      if (pending.current !== null) cancelAnimationFrame(pending.current);
      if (settle.current !== null) clearTimeout(settle.current);
    },
    [],
  );

  const scrollToIndex = useCallback(
    (index: number) => {
      const element = scrollRef.current;
      if (!element) return;
      const { count: rows, rowHeight: height, viewport: view } = latest.current;
      const { ratio } = scrollGeometry(rows, height, view);
      const position = element.scrollTop * ratio;
      const top = index * height;
      // Up: round down so the row's top is in view; down: round up so its bottom is.
      if (top < position) element.scrollTop = Math.floor(top / ratio);
      else if (top + height > position + view) element.scrollTop = Math.ceil((top + height - view) / ratio);
      else return;
      schedule();
    },
    [schedule],
  );

  return { ...frame, scrollRef, scrollHeight: scrollGeometry(count, rowHeight, viewport).scrollHeight, scrollToIndex };
}
