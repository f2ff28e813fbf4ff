/**
 * Saved actions (portal-core.md §3–§4, portal-recurring.md §4 "Replay of saved actions") — what they are.
 *
 * A SAVED ACTION is something the customer asked for through a link (or a dashboard tile) that can only be carried
 * out once the portal knows which vendor and location it is for, and is done once the session reaches that vendor
 * and location:
 * - `token`: the link token it came with. Actions never leak from one link to another (a forwarded link, a new login
 *   link in the same browser); clearing is per token.
 * - `vendorId`, `locationId`: the scope it applies to. It replays only when the customer's selected vendor and
 *   location (the path's, after the choosers) are these.
 * - `replayType` (spec: request, autopay or none):
 *   - `autopay`: set up AutoPay from a request → `{location base}/autopay/{requestId}`;
 *   - `request`: open click-to-pay for a request (its invoices preselected by the server) → `{location base}/click2pay`;
 *   - `none`: nothing to replay — a history record only (a dashboard tile's token action: the tile navigates itself).
 * - `requestId`: the request the link was issued for (null for `none`).
 * - `status` (the action history, spec: scheduled / sent / canceled / none): `scheduled` until replayed, `sent` once
 *   dispatched (the navigation happened, or the customer was already there), `canceled` when replaced by a newer
 *   action of the same token and scope or canceled explicitly, `none` for history records (`replayType` none).
 *
 * The replay state `{ enabled, everDispatched, actions }` is part of the persisted slice (local storage, version 1):
 * `enabled` is the on/off flag (default on), `everDispatched` turns true the first time a saved action is dispatched
 * and stays so. A 401/403 clears it with the rest of the persisted slice. Only the newest 20 actions are kept.
 */
import { paths } from '../../core/rules/paths';
export type ReplayType = 'request' | 'autopay' | 'none';
export type SavedActionStatus = 'scheduled' | 'sent' | 'canceled' | 'none';

export interface SavedAction {
  id: string;
  token: string;
  vendorId: string;
  locationId: string;
  replayType: ReplayType;
  requestId: string | null;
  /** Only for `none`: which tile or page recorded it (e.g. "click2pay", "remit", "reminders"). */
  page: string | null;
  status: SavedActionStatus;
  /** ISO timestamp. */
  savedAt: string;
}

export interface ReplayState {
  enabled: boolean;
  everDispatched: boolean;
  actions: SavedAction[];
}

export const emptyReplayState: ReplayState = { enabled: true, everDispatched: false, actions: [] };

/** How many actions the history keeps (newest first kept). */
export const REPLAY_HISTORY_LIMIT = 20;

const STATUSES = new Set(['scheduled', 'sent', 'canceled', 'none']);
const TYPES = new Set(['request', 'autopay', 'none']);

function isSavedAction(value: unknown): value is SavedAction {
  const a = value as SavedAction;
  return !!a && typeof a === 'object' && typeof a.id === 'string' && typeof a.token === 'string' && typeof a.vendorId === 'string'
    && typeof a.locationId === 'string' && TYPES.has(a.replayType) && STATUSES.has(a.status)
    && (a.requestId === null || typeof a.requestId === 'string') && (a.page === null || typeof a.page === 'string') && typeof a.savedAt === 'string';
}

/** Reads the replay part of a stored persisted slice; anything unreadable starts empty (on, never dispatched). */
export function parseReplayState(value: unknown): ReplayState {
  if (!value || typeof value !== 'object') return emptyReplayState;
  const v = value as Partial<ReplayState>;
  return {
    enabled: typeof v.enabled === 'boolean' ? v.enabled : true,
    everDispatched: v.everDispatched === true,
    actions: Array.isArray(v.actions) ? v.actions.filter(isSavedAction).slice(-REPLAY_HISTORY_LIMIT) : [],
  };
}

/** The page a saved action replays to, or null (`none`). */
export function replayPath(action: Pick<SavedAction, 'token' | 'vendorId' | 'locationId' | 'replayType' | 'requestId'>): string | null {
  const base = paths.location(action);
  if (action.replayType === 'autopay') return paths.autopay(base, action.requestId);
  if (action.replayType === 'request') return paths.click2pay(base);
  return null;
}

/** The saved action a resolved link carries: autopay → `autopay`, click2pay with a request → `request`, else none. */
export function replayTypeOfToken(type: string, requestId: string): ReplayType {
  if (type === 'autopay' && requestId) return 'autopay';
  if (type === 'click2pay' && requestId) return 'request';
  return 'none';
}

/** The token info fields a saved action is made from (see `machines/token-resolution`). */
export interface LinkInfo {
  id: string;
  type: string;
  vendorId: string;
  locationId: string;
  requestScope?: { vendorId: string; locationId: string };
}

/**
 * The action a resolved link saves, or null: autopay / click2pay links with a request, scoped to the link's vendor
 * and location, or — for a contact-wide link — to its request's.
 */
export function savedActionOfLink(token: string, info: LinkInfo, savedAt: string): Omit<SavedAction, 'status'> | null {
  const replayType = replayTypeOfToken(info.type, info.id);
  if (replayType === 'none') return null;
  const scope = info.vendorId && info.locationId ? { vendorId: info.vendorId, locationId: info.locationId } : info.requestScope;
  if (!scope) return null;
  return { id: `${replayType}:${info.id}`, token, ...scope, replayType, requestId: info.id, page: null, savedAt };
}
