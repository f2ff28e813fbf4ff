import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { clampScale, fitView, type View } from '../../atlas/fit';

/**
 * Pan and zoom of a drawing of `size` in a viewport: pointer drag, wheel, keyboard (arrows, + − 0), buttons. The
 * drawing opens fitted (`fitView`: scaled to the frame, centred) before its first paint, and stays fitted while the
 * frame changes size (layout settling, a window resize, a phone turned) until the user pans or zooms; "fit" (or 0)
 * fits it again.
 */
export function usePanZoom(size: { width: number; height: number } | null) {
  const viewport = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>({ scale: 1, x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number; view: View } | null>(null);
  /** Whether the user moved or zoomed the drawing since it was last fitted (then a resize leaves it alone). */
  const moved = useRef(false);

  const fit = useCallback(() => {
    const el = viewport.current;
    if (!el || !size) return;
    moved.current = false;
    setView(fitView({ width: el.clientWidth, height: el.clientHeight }, size));
  }, [size]);

  // Before the browser paints the drawing: never a frame of it unfitted at the top-left corner.
  useLayoutEffect(() => fit(), [fit]);

  useEffect(() => {
    const el = viewport.current;
    if (!el || !size || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (!moved.current) fit();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [fit, size]);

  const zoom = useCallback((factor: number, at?: { x: number; y: number }) => {
    const el = viewport.current;
    moved.current = true;
    setView((v) => {
      const scale = clampScale(v.scale * factor);
      const px = at?.x ?? (el ? el.clientWidth / 2 : 0);
      const py = at?.y ?? (el ? el.clientHeight / 2 : 0);
      const k = scale / v.scale;
      return { scale, x: px - (px - v.x) * k, y: py - (py - v.y) * k };
    });
  }, []);

  // Wheel zoom needs a non-passive listener to keep the page from scrolling.
  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const r = el.getBoundingClientRect();
      zoom(e.deltaY < 0 ? 1.15 : 1 / 1.15, { x: e.clientX - r.left, y: e.clientY - r.top });
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [zoom, size]);

  const onKeyDown = (e: KeyboardEvent) => {
    const step = 48;
    const moves: Record<string, [number, number]> = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    if (moves[e.key]) {
      const [dx, dy] = moves[e.key];
      moved.current = true;
      setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));
    } else if (e.key === '+' || e.key === '=') zoom(1.25);
    else if (e.key === '-' || e.key === '_') zoom(1 / 1.25);
    else if (e.key === '0') fit();
    else return;
    e.preventDefault();
  };

  const onPointerDown = (e: PointerEvent) => {
    if (e.button !== 0) return;
    drag.current = { x: e.clientX, y: e.clientY, view };
    (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent) => {
    const d = drag.current;
    if (!d) return;
    moved.current = true;
    setView({ ...d.view, x: d.view.x + e.clientX - d.x, y: d.view.y + e.clientY - d.y });
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  return { viewport, view, fit, zoomIn: () => zoom(1.25), zoomOut: () => zoom(1 / 1.25), handlers: { onKeyDown, onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp } };
}
