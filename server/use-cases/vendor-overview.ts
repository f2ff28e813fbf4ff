/**
 * The console's Home (`GET /overview`): the vendor's collections today and this week (payments completed with a
 * payment date in the period, in the vendor's time zone; a week starts on Monday), what is scheduled and processing,
 * what failed or came back in the last 30 days, its customers' disputes and short-pays it has not resolved (as the
 * Disputes inbox counts them), and its failing webhook
 * endpoints — each a count and, for payments, a sum; each with the period it covers, so the console links to the list
 * that shows the same.
 */
import { Temporal } from 'temporal-polyfill';
import { vendorTimeZone, vendorToday } from '../../core/rules/payment-dates.js';
import type { Db } from '../db/connect.js';
import { openDisputeCounts } from '../repos/vendor-disputes.js';
import { failingEndpoints, paymentTallies } from '../repos/vendor-overview.js';
import { vendorSettings } from '../repos/vendor-settings.js';
import { notFoundRefusal, ok, type Outcome } from './outcome.js';

/** How far back failed and returned payments count as needing attention. */
export const ATTENTION_DAYS = 30;

export interface Overview {
  today: string;
  timeZone: string;
  periods: { today: { from: string; to: string }; week: { from: string; to: string }; attention: { from: string; to: string } };
  collectedToday: { count: number; cents: number };
  collectedThisWeek: { count: number; cents: number };
  scheduled: { count: number; cents: number };
  processing: { count: number; cents: number };
  failed: { count: number; cents: number };
  returned: { count: number; cents: number };
  openDisputes: number;
  openShortPays: number;
  webhookEndpoints: { failing: number; disabled: number };
}

export async function vendorOverview(db: Db, vendorId: string, now = new Date()): Promise<Outcome<Overview>> {
  const vendor = await vendorSettings(db, vendorId);
  if (!vendor) return { ok: false, refusal: notFoundRefusal('vendor') };
  const timeZone = vendorTimeZone(vendor.eodCutoff);
  const today = vendorToday(Temporal.Instant.fromEpochMilliseconds(now.getTime()), timeZone);
  const weekStart = today.subtract({ days: today.dayOfWeek - 1 });
  const weekEnd = weekStart.add({ days: 6 });
  const attentionFrom = today.subtract({ days: ATTENTION_DAYS });
  const d = (date: Temporal.PlainDate) => date.toString();
  const [tallies, adjustments, endpoints] = await Promise.all([
    paymentTallies(db, vendorId, {
      collectedToday: { statuses: ['complete'], from: d(today), to: d(today) },
      collectedThisWeek: { statuses: ['complete'], from: d(weekStart), to: d(weekEnd) },
      scheduled: { statuses: ['scheduled'] },
      processing: { statuses: ['processing'] },
      failed: { statuses: ['failed'], from: d(attentionFrom), to: d(today) },
      returned: { statuses: ['returned'], from: d(attentionFrom), to: d(today) },
    }),
    openDisputeCounts(db, vendorId),
    failingEndpoints(db, vendorId),
  ]);
  return ok({
    today: d(today),
    timeZone,
    periods: { today: { from: d(today), to: d(today) }, week: { from: d(weekStart), to: d(weekEnd) }, attention: { from: d(attentionFrom), to: d(today) } },
    collectedToday: tallies.collectedToday!,
    collectedThisWeek: tallies.collectedThisWeek!,
    scheduled: tallies.scheduled!,
    processing: tallies.processing!,
    failed: tallies.failed!,
    returned: tallies.returned!,
    openDisputes: adjustments.disputes,
    openShortPays: adjustments.shortPays,
    webhookEndpoints: endpoints,
  });
}
