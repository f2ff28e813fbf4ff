/**
 * Temporal for code whose page should not load the polyfill as it arrives (the app-wide announcements on the landing
 * page's path, the report pages' Export CSV): the polyfill is a chunk of its own, loaded only when a value actually
 * needs it and the browser has no Temporal of its own. Everything else imports `temporal-polyfill` directly as usual.
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

/**
 * Today's date in the browser's own time zone (`YYYY-MM-DD`), at once and without loading anything: the browser's
 * Temporal or the loaded polyfill when there is one, else the `Date` API's local calendar fields (the same zone, the
 * same day; no `Intl`).
 */
export function browserToday(): string {
  const temporal = nativeTemporal() ?? loaded;
  if (temporal) return temporal.Now.plainDateISO().toString();
  const now = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(now.getFullYear()).padStart(4, '0')}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}
