/**
 * Temporal for code on the landing page's path (the app-wide announcements): the polyfill is a chunk of its own,
 * loaded only when a value actually needs it and the browser has no Temporal of its own, so the entry bundle does not
 * carry it. Everything off that
 * path imports `temporal-polyfill` directly as usual.
 */
import type { Temporal } from 'temporal-polyfill';

export type TemporalApi = typeof Temporal;

let loaded: TemporalApi | undefined;

/** The browser's own Temporal (Chromium ships it since 144), when it has one. */
function nativeTemporal(): TemporalApi | undefined {
  const native = (globalThis as { Temporal?: { Now?: { zonedDateTimeISO?: unknown } } }).Temporal;
  return typeof native?.Now?.zonedDateTimeISO === 'function' ? (native as unknown as TemporalApi) : undefined;
}

/**
 * Temporal once: the browser's own when it has one (no download, no waiting: the first screen's dated announcement is
 * checked at once), else the polyfill's chunk; later calls resolve at once.
 */
export async function loadTemporal(): Promise<TemporalApi> {
  loaded ??= nativeTemporal() ?? (await import('temporal-polyfill')).Temporal;
  return loaded;
}

/** The Temporal API once `loadTemporal()` has resolved, else undefined. */
export function loadedTemporal(): TemporalApi | undefined {
  return loaded;
}
