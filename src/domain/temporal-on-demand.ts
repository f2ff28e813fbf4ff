/**
 * Temporal for code on the landing page's path (the app-wide announcements): the polyfill is a chunk of its own,
 * loaded only when a value actually needs it, so the entry bundle does not carry it (issue 6). Everything off that
 * path imports `temporal-polyfill` directly as usual.
 */
import type { Temporal } from 'temporal-polyfill';

export type TemporalApi = typeof Temporal;

let loaded: TemporalApi | undefined;

/** Loads the polyfill once; later calls resolve at once. */
export async function loadTemporal(): Promise<TemporalApi> {
  loaded ??= (await import('temporal-polyfill')).Temporal;
  return loaded;
}

/** The Temporal API once `loadTemporal()` has resolved, else undefined. */
export function loadedTemporal(): TemporalApi | undefined {
  return loaded;
}
