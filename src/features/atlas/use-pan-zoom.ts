import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';

export interface View {
  scale: number;
  x: number;
  y: number;
}

const MIN = 0.1;
const MAX = 4;
const clamp = (n: number) => Math.min(MAX, Math.max(MIN, n));

/** Pan and zoom of a drawing of `size` in a viewport: pointer drag, wheel, keyboard (arrows, + − 0), buttons. */
export function usePanZoom(size: { width: number; height: number } | null) {
  const viewport = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>({ scale: 1, x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number; view: View } | null>(null);

  const fit = useCallback(() => {
    const el = viewport.current;
    if (!el || !size) return;
    const scale = clamp(Math.min((el.clientWidth - 16) / size.width, (el.clientHeight - 16) / size.height, 1));
    setView({ scale, x: (el.clientWidth - size.width * scale) / 2, y: Math.max(8, (el.clientHeight - size.height * scale) / 2) });
  }, [size]);

  useEffect(() => fit(), [fit]);

  const zoom = useCallback((factor: number, at?: { x: number; y: number }) => {
    const el = viewport.current;
    setView((v) => {
      const scale = clamp(v.scale * factor);
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
    setView({ ...d.view, x: d.view.x + e.clientX - d.x, y: d.view.y + e.clientY - d.y });
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  return { viewport, view, fit, zoomIn: () => zoom(1.25), zoomOut: () => zoom(1 / 1.25), handlers: { onKeyDown, onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp } };
}
