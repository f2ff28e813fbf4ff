/**
 * The atlas's "fit": the transform that shows a whole diagram in its frame — scaled to the frame (up or down) less a
 * padding on every side, and centred on both axes. Pure (no DOM), so the page's pan/zoom hook and its tests share it.
 * The transform is `translate(x, y) scale(scale)` with the origin at the drawing's top-left corner.
 */
export interface View {
  scale: number;
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** Space kept free around a fitted diagram, in CSS pixels. */
export const FIT_PADDING = 16;
/** Zoom limits of the atlas. A fitted small chart is enlarged at most this much (its text would get huge). */
export const MIN_SCALE = 0.1;
export const MAX_SCALE = 4;
export const MAX_FIT_SCALE = 2;

export const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

/** The transform that shows `content` whole and centred in `frame`. A frame or drawing without area: identity. */
export function fitView(frame: Size, content: Size, padding = FIT_PADDING): View {
  if (!(frame.width > 0 && frame.height > 0 && content.width > 0 && content.height > 0)) return { scale: 1, x: 0, y: 0 };
  const room = { width: Math.max(1, frame.width - 2 * padding), height: Math.max(1, frame.height - 2 * padding) };
  const scale = Math.min(MAX_FIT_SCALE, Math.max(MIN_SCALE, Math.min(room.width / content.width, room.height / content.height)));
  return { scale, x: (frame.width - content.width * scale) / 2, y: (frame.height - content.height * scale) / 2 };
}
