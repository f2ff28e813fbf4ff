/**
 * A vendor reconciles the payments its customers made in the portal: its payment groups in the order they last
 * changed, a page at a time, from where it last looked (an opaque cursor) or from a time, and one group by id.
 *
 * The feed never hands out a position it could later have to go back behind: it stops at the horizon
 * (`changeFeedHorizon`), so a change still being written appears on a later call, after the cursor, and is never
 * skipped. A group that changes again after the caller saw it comes again (after the cursor, with its new state).
 */
import type { Db } from '../db/connect.js';
import type { PaymentGroupStatus } from '../db/schema.js';
import { decodeCursor, encodeCursor } from '../domain/change-cursor.js';
import { changeFeedHorizon, paymentGroupChanges, paymentGroupOfVendor, type PaymentGroupRecord } from '../repos/vendor-payment-groups.js';
import { notFoundRefusal, ok, refusal, type Outcome } from './outcome.js';

/** Lines per page (JSON and CSV alike): a page ends before the group that would pass it. */
export const MAX_LINES_PER_PAGE = 50_000;

export interface PaymentGroupFeedQuery {
  cursor?: string;
  updatedSince?: string;
  locationId?: string;
  status?: readonly PaymentGroupStatus[];
  paymentDateFrom?: string;
  paymentDateTo?: string;
  methodType?: 'ACH' | 'CC';
  /** newest change first (`order=newest`) */
  newest?: boolean;
  limit: number;
  /** default MAX_LINES_PER_PAGE */
  maxLines?: number;
}

export interface PaymentGroupFeedPage {
  groups: PaymentGroupRecord[];
  /** where the next call goes on from: the last group given, else the cursor sent; null when neither */
  cursor: string | null;
  /** more groups were there beyond this page (ask again with `cursor` at once) */
  hasMore: boolean;
}

export async function paymentGroupFeed(db: Db, vendorId: string, query: PaymentGroupFeedQuery): Promise<Outcome<PaymentGroupFeedPage>> {
  if (query.paymentDateFrom !== undefined && query.paymentDateTo !== undefined && query.paymentDateFrom > query.paymentDateTo) {
    return { ok: false, refusal: refusal('invalid', 'validation_failed', 'paymentDateTo: must not be before paymentDateFrom', 'paymentDateTo') };
  }
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  if (after === null) {
    return { ok: false, refusal: refusal('invalid', 'validation_failed', 'cursor: not a cursor of this feed; send one a previous answer gave, unchanged', 'cursor') };
  }
  const horizon = await changeFeedHorizon(db);
  const page = await paymentGroupChanges(db, vendorId, {
    after,
    updatedSince: query.updatedSince,
    locationId: query.locationId,
    status: query.status,
    paymentDateFrom: query.paymentDateFrom,
    paymentDateTo: query.paymentDateTo,
    methodType: query.methodType,
    newest: query.newest,
    horizon,
    limit: query.limit,
    maxLines: query.maxLines ?? MAX_LINES_PER_PAGE,
  });
  const last = page.groups.at(-1);
  return ok({ groups: page.groups, cursor: last ? encodeCursor(last) : (query.cursor ?? null), hasMore: page.hasMore });
}

export async function paymentGroupOf(db: Db, vendorId: string, paymentGroupId: string): Promise<Outcome<PaymentGroupRecord>> {
  const group = await paymentGroupOfVendor(db, vendorId, paymentGroupId);
  return group ? ok(group) : { ok: false, refusal: notFoundRefusal('payment group') };
}
