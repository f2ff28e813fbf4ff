/**
 * The vendor API's one way to page (openapi/vendor.yaml, "Lists"): every list takes an opaque `cursor` and `limit`
 * and answers `cursor` (where to go on from — on the last page too, so a later call with it gets what came since)
 * and `hasMore`. A cursor names its list and the key of the last item the caller was given: the lists go in the order
 * of an immutable unique key (an id, an event's sequence number), so a row that was there when paging started is
 * never missed nor repeated while others are added. A cursor of another list, or not one at all, is a 400.
 */
import { ApiError } from './errors.js';

export type PagedList = 'locations' | 'contacts' | 'invoices' | 'events' | 'events-newest' | 'template-messages' | 'audit' | 'disputes';

const PREFIX: Record<PagedList, string> = { locations: 'loc', contacts: 'con', invoices: 'inv', events: 'evt', 'events-newest': 'evn', 'template-messages': 'tmg', audit: 'aud', disputes: 'dsp' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SEQ = /^[0-9]{1,19}$/;
/** the disputes go newest first: their key is the moment and the id (`<ISO instant>|<uuid>`) */
const MOMENT_ID = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z\|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeCursor(list: PagedList, key: string): string {
  return Buffer.from(`${PREFIX[list]}1:${key}`, 'utf8').toString('base64url');
}

/** The key a cursor holds (the last item's id or sequence number); a 400 naming `cursor` when it is not this list's. */
export function decodeCursor(list: PagedList, cursor: string): string {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const prefix = `${PREFIX[list]}1:`;
  const key = text.startsWith(prefix) ? text.slice(prefix.length) : '';
  const wellFormed = (list === 'events' || list === 'events-newest' || list === 'audit' ? SEQ : list === 'disputes' ? MOMENT_ID : UUID).test(key);
  // a moment must be one (a hand-made `2024-13-45T…` is not)
  if (!wellFormed || (list === 'disputes' && Number.isNaN(Date.parse(key.split('|')[0]!)))) {
    throw new ApiError(400, 'validation_failed', `cursor: not a cursor of this list (send the \`cursor\` a ${list} answer gave)`, 'cursor');
  }
  return key;
}

/**
 * Where a page starts: the `cursor` when sent, else the deprecated `after` (the last id, or for events the last
 * `cursor` field of an event), else the beginning.
 */
export function pageStart(list: PagedList, query: { cursor?: string; after?: string }): string | undefined {
  if (query.cursor !== undefined) return decodeCursor(list, query.cursor);
  return query.after;
}

/**
 * A page from `limit + 1` rows read after the start: the first `limit`, `hasMore` when there was one more, and the
 * cursor after the last one given (the incoming position when the page is empty). `nextCursor` is the deprecated
 * form: the last key while more may come, else null.
 */
export function pageOf<T>(list: PagedList, rows: T[], limit: number, keyOf: (row: T) => string, start: string | undefined) {
  const items = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  const last = items.length > 0 ? keyOf(items[items.length - 1]!) : start;
  return { items, hasMore, cursor: last === undefined ? null : encodeCursor(list, last), nextCursor: hasMore ? keyOf(items[items.length - 1]!) : null };
}
