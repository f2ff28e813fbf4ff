/**
 * The three announcement sources (spec §7) as plain async functions — the body of the chart's actor
 * (announcements.actors.ts), the only caller of the API client here — with no XState, so the landing page reads its public
 * file without loading the chart (machines/announcements/public-announcements.store.ts). Failures of any source are ignored.
 */
import type { components } from '../../core/api/schema';
import { loadTemporal } from '../../core/rules/temporal-on-demand';

export type Announcement = components['schemas']['Announcement'];

export interface AnnouncementsInput {
  /** Whether an auth token is set: the two API sources need one. */
  authenticated: boolean;
  vendorId: string | null;
}

/** Public file (decisions: served by the SPA host, fetched with no cache). */
export const PUBLIC_ANNOUNCEMENTS_PATH = '/static/announcements.json';

function isAnnouncement(value: unknown): value is Announcement {
  if (!value || typeof value !== 'object') return false;
  const a = value as Record<string, unknown>;
  return typeof a.id === 'string' && typeof a.type === 'string' && typeof a.message === 'string';
}

/** The announcements of an answer body (`{ announcements: [...] }`), well-formed ones only. */
export function announcementsOf(body: unknown): Announcement[] {
  if (!body || typeof body !== 'object') return [];
  const list = (body as { announcements?: unknown }).announcements;
  return Array.isArray(list) ? list.filter(isAnnouncement) : [];
}

async function ignoreFailure(load: () => Promise<Announcement[]>): Promise<Announcement[]> {
  try {
    return await load();
  } catch {
    return [];
  }
}

async function fetchPublicFile(signal: AbortSignal): Promise<Announcement[]> {
  const origin = typeof globalThis.location?.origin === 'string' && globalThis.location.origin !== 'null' ? globalThis.location.origin : '';
  const response = await fetch(`${origin}${PUBLIC_ANNOUNCEMENTS_PATH}`, { cache: 'no-store', signal, headers: { Accept: 'application/json' } });
  if (!response.ok) return [];
  return announcementsOf(await response.json());
}

/**
 * The sources' lists as one, in their order (global, vendor, public file), de-duplicated by id (first wins); only
 * well-formed entries. Also what a dashboard's first screen shows (src/first-screen.tsx).
 */
export function mergeAnnouncements(lists: readonly unknown[]): Announcement[] {
  const seen = new Set<string>();
  return lists
    .flatMap((list) => (Array.isArray(list) ? list : []))
    .filter(isAnnouncement)
    .filter((a) => (seen.has(a.id) ? false : (seen.add(a.id), true)));
}

/** All announcements from the sources that answered, de-duplicated by id (first wins). */
export async function fetchAnnouncements({ authenticated, vendorId }: AnnouncementsInput, signal: AbortSignal): Promise<Announcement[]> {
  const sources: Promise<Announcement[]>[] = [];
  if (authenticated) {
    // Imported here: without a token (the landing page) only the public file is read, and the client stays unloaded.
    const client = import('../../core/api/client');
    sources.push(ignoreFailure(async () => {
      const { api } = await client;
      const { data, response } = await api.GET('/announcements', { signal });
      return response.ok ? announcementsOf(data) : [];
    }));
    if (vendorId) {
      sources.push(ignoreFailure(async () => {
        const { api } = await client;
        const { data, response } = await api.GET('/vendors/{vendorId}/announcements', { params: { path: { vendorId } }, signal });
        return response.ok ? announcementsOf(data) : [];
      }));
    }
  }
  sources.push(
    ignoreFailure(async () => {
      // A token page's HTML may carry the public file too (core/api/bootstrap.ts); the landing page never loads that module.
      if (authenticated) {
        const [{ takeBootstrap }, { getAuthToken }] = await Promise.all([import('../../core/api/bootstrap'), import('../../core/api/client')]);
        const inline = takeBootstrap('files', PUBLIC_ANNOUNCEMENTS_PATH, getAuthToken());
        if (inline !== undefined) return announcementsOf(inline);
      }
      return fetchPublicFile(signal);
    }),
  );
  const unique = mergeAnnouncements(await Promise.all(sources));
  // The expiration check needs Temporal: load it with the first dated announcement, before the view sees one.
  if (unique.some((a) => a.expirationDate)) await loadTemporal().catch(() => undefined);
  return unique;
}
