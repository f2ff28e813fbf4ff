/**
 * Statement sends (portal-recurring.md §2.5, §3 StatementDelivery): each statement delivery gets its
 * statement on its schedule, in the VENDOR's time zone, once.
 *
 * Planner (pure, `planStatementSends`): at `now`, a delivery is due when the latest scheduled day on or before the
 * vendor's today (and on or after the day its schedule was set, `activeFrom`) has no send yet:
 * - weekly: every week on its day (`sun` … `sat`);
 * - biweekly: every second week on its day, counted from the first such day on or after `activeFrom` (the day it was
 *   turned on, or its schedule last changed);
 * - monthly: on day N (1–28) of each month; 0 = the last day of the month (28th–31st). A day beyond the month's
 *   length (only reachable with data written around the API) falls on the last day.
 * The day starts at the vendor's local midnight (DST handled by Temporal); a vendor whose day has already ended in
 * UTC (or not yet begun) is judged by its own calendar.
 *
 * Catch-up: after downtime the next run finds the latest missed period and sends it once, `late` (only the latest:
 * a statement is a snapshot of what is open now, so older missed periods would repeat it). Periods before the
 * latest one that were missed are not sent.
 *
 * Runner (`runStatementSends`): per due delivery, the statement (`repos/statements.ts#loadStatement`) — nothing is
 * sent when nothing is open unless `sendEmptyStatements` (the period is recorded as `skipped_empty`) — else ONE
 * message: an e-mail with the statement PDF attached and a click-to-pay link (a new `click2pay` token for the
 * location), or an SMS with the link for a contact without e-mail. Exactly once per contact, location and period:
 * the `statement_sends` row (UNIQUE (contact_id, location_id, period_date)) is inserted in the same transaction as
 * the outbox row; a second run or process that loses the insert writes nothing.
 */
import { Temporal } from 'temporal-polyfill';
import { formatCurrency } from '../../core/rules/dollars.js';
import { vendorToday } from '../../core/rules/payment-dates.js';
import type { Db } from '../db/connect.js';
import type { StatementScheduleUnit } from '../db/schema.js';
import { issueToken } from '../db/tokens.js';
import { toDateString } from '../domain/dates.js';
import { loginLinkUrl } from '../domain/login-link.js';
import { renderStatementPdf, statementPdfFileName } from '../domain/statement-pdf.js';
import { insertOutboxMessageWithAttachments } from '../repos/outbox.js';
import { loadStatement, type StatementData } from '../repos/statements.js';
import { vendorTimeZone } from '../../core/rules/payment-dates.js';
import { payLinkOf } from '../domain/invoice-pdf.js';
import type { JobContext, ScheduledJob } from './types.js';
import { shortDate } from '../../core/rules/display.js';

// ── planner (pure) ──

export interface StatementSchedule {
  scheduleUnit: StatementScheduleUnit;
  /** sun … sat, or '0' … '28' */
  scheduleValue: string;
  /** yyyy-MM-dd: no period before this day; biweekly counts its weeks from here */
  activeFrom: string;
}

const ISO_DAY: Record<string, number> = { mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6, sun: 7 };

/** The monthly day of `month` for value N (0 = last day; N beyond the month's length = last day). */
export function monthlyDay(yearMonth: Temporal.PlainYearMonth, value: number): Temporal.PlainDate {
  const last = yearMonth.daysInMonth;
  return yearMonth.toPlainDate({ day: value === 0 ? last : Math.min(value, last) });
}

/** The latest scheduled day d with activeFrom ≤ d ≤ today, or null when there is none yet. */
export function latestScheduledDate(schedule: StatementSchedule, today: Temporal.PlainDate): Temporal.PlainDate | null {
  const from = Temporal.PlainDate.from(schedule.activeFrom);
  if (Temporal.PlainDate.compare(today, from) < 0) return null;
  let candidate: Temporal.PlainDate;
  if (schedule.scheduleUnit === 'monthly') {
    const value = Number(schedule.scheduleValue);
    if (!Number.isInteger(value) || value < 0 || value > 31) return null;
    const month = today.toPlainYearMonth();
    candidate = monthlyDay(month, value);
    if (Temporal.PlainDate.compare(candidate, today) > 0) candidate = monthlyDay(month.subtract({ months: 1 }), value);
  } else {
    const target = ISO_DAY[schedule.scheduleValue];
    if (!target) return null;
    if (schedule.scheduleUnit === 'weekly') {
      candidate = today.subtract({ days: (today.dayOfWeek - target + 7) % 7 });
    } else {
      const first = from.add({ days: (target - from.dayOfWeek + 7) % 7 });
      if (Temporal.PlainDate.compare(today, first) < 0) return null;
      const days = first.until(today, { largestUnit: 'days' }).days;
      candidate = first.add({ days: Math.floor(days / 14) * 14 });
    }
  }
  return Temporal.PlainDate.compare(candidate, from) < 0 ? null : candidate;
}

/** Whether `date` is a scheduled day of the schedule. */
export function isScheduledDate(schedule: StatementSchedule, date: Temporal.PlainDate): boolean {
  const latest = latestScheduledDate(schedule, date);
  return latest !== null && latest.equals(date);
}

export interface StatementDeliveryPlanInput extends StatementSchedule {
  deliveryId: string;
  /** the vendor's IANA time zone */
  timeZone: string;
  /** the latest period already sent or skipped for the contact and location, or null */
  lastPeriodDate: string | null;
}

export interface DueStatement {
  deliveryId: string;
  /** yyyy-MM-dd, the scheduled day this statement is for */
  periodDate: string;
  /** the vendor's today at `now` */
  today: string;
  /** sent after its day (catch-up after downtime) */
  late: boolean;
}

/** What is due at `now`: one entry per delivery whose latest period has not been handled. */
export function planStatementSends(deliveries: readonly StatementDeliveryPlanInput[], now: Date): DueStatement[] {
  const instant = Temporal.Instant.fromEpochMilliseconds(now.getTime());
  const due: DueStatement[] = [];
  for (const delivery of deliveries) {
    const today = vendorToday(instant, delivery.timeZone);
    const period = latestScheduledDate(delivery, today);
    if (!period) continue;
    const periodDate = period.toString();
    if (delivery.lastPeriodDate !== null && delivery.lastPeriodDate >= periodDate) continue;
    due.push({ deliveryId: delivery.deliveryId, periodDate, today: today.toString(), late: periodDate < today.toString() });
  }
  return due;
}

// ── texts ──

export const STATEMENT_LINK_TTL_DAYS = 14;

export function statementEmailSubject(vendorName: string, asOfDate: string): string {
  return `Your account statement from ${vendorName} as of ${shortDate(asOfDate)}`;
}

export function statementEmailBody(input: { firstName: string; data: StatementData; payUrl: string }): string {
  const { data } = input;
  const lines = [
    `Hello ${input.firstName},`,
    '',
    `Your account statement from ${data.vendor.displayName} for ${data.location.displayName} as of ${shortDate(data.asOfDate)} is attached.`,
    '',
  ];
  if (data.lines.length === 0) lines.push('There are no open credits or invoices at this time.');
  else {
    lines.push(`Balance: ${formatCurrency(data.totals.balance)}`);
    lines.push(`Past due: ${formatCurrency(data.totals.pastDue)}`);
  }
  lines.push('', 'Make a payment online:', input.payUrl, '', `The link is valid for ${STATEMENT_LINK_TTL_DAYS} days.`);
  return lines.join('\n');
}

export function statementSmsBody(data: StatementData, payUrl: string): string {
  return `PerformancePay: ${data.vendor.displayName} statement for ${data.location.displayName} as of ${shortDate(data.asOfDate)}, balance ${formatCurrency(data.totals.balance)}. Pay: ${payUrl}`;
}

// ── runner ──

export interface StatementRunResult extends Record<string, number> {
  due: number;
  sent: number;
  late: number;
  skippedEmpty: number;
  alreadySent: number;
  failed: number;
}

async function deliveryCandidates(db: Db) {
  return db
    .selectFrom('statementDeliveries as d')
    .innerJoin('contactLocations as cl', (join) => join.onRef('cl.contactId', '=', 'd.contactId').onRef('cl.locationId', '=', 'd.locationId'))
    .innerJoin('vendors as v', 'v.id', 'd.vendorId')
    .innerJoin('contacts as c', 'c.id', 'd.contactId')
    .select((eb) => [
      'd.id',
      'd.contactId',
      'd.vendorId',
      'd.locationId',
      'd.scheduleUnit',
      'd.scheduleValue',
      'd.sendEmptyStatements',
      'd.activeFrom',
      'v.eodCutoff',
      'c.firstName',
      'c.email',
      'c.phone',
      eb
        .selectFrom('statementSends as s')
        .select((sb) => sb.fn.max('s.periodDate').as('p'))
        .whereRef('s.contactId', '=', 'd.contactId')
        .whereRef('s.locationId', '=', 'd.locationId')
        .as('lastPeriodDate'),
    ])
    .orderBy('d.id')
    .execute();
}

export async function runStatementSends(ctx: JobContext & { compress?: boolean }): Promise<StatementRunResult> {
  const { db, now, log } = ctx;
  const result: StatementRunResult = { due: 0, sent: 0, late: 0, skippedEmpty: 0, alreadySent: 0, failed: 0 };
  // a contact with neither e-mail nor phone cannot be sent anything
  const rows = (await deliveryCandidates(db)).filter((row) => row.email || row.phone);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const plan = planStatementSends(
    rows.map((row) => ({
      deliveryId: row.id,
      scheduleUnit: row.scheduleUnit,
      scheduleValue: row.scheduleValue,
      activeFrom: toDateString(row.activeFrom),
      timeZone: vendorTimeZone(row.eodCutoff),
      lastPeriodDate: row.lastPeriodDate === null || row.lastPeriodDate === undefined ? null : toDateString(row.lastPeriodDate as string | Date),
    })),
    now,
  );
  result.due = plan.length;
  for (const due of plan) {
    const delivery = byId.get(due.deliveryId)!;
    try {
      const outcome = await sendOne(ctx, delivery, due);
      if (outcome === 'sent') {
        result.sent += 1;
        if (due.late) result.late += 1;
      } else if (outcome === 'skipped_empty') result.skippedEmpty += 1;
      else result.alreadySent += 1;
    } catch (error) {
      result.failed += 1;
      log.error(
        { deliveryId: delivery.id, periodDate: due.periodDate, reason: error instanceof Error ? error.message : String(error) },
        'statement send failed',
      );
    }
  }
  if (result.due > 0) log.info({ ...result }, 'statement sends');
  return result;
}

type Candidate = Awaited<ReturnType<typeof deliveryCandidates>>[number];

async function sendOne(ctx: JobContext & { compress?: boolean }, delivery: Candidate, due: DueStatement): Promise<'sent' | 'skipped_empty' | 'already'> {
  const { db, now } = ctx;
  const data = await loadStatement(db, { vendorId: delivery.vendorId, locationId: delivery.locationId, now });
  if (!data) return 'already';
  const sendRow = {
    deliveryId: delivery.id,
    contactId: delivery.contactId,
    vendorId: delivery.vendorId,
    locationId: delivery.locationId,
    periodDate: due.periodDate,
    sentOn: due.today,
    late: due.late,
  };
  if (data.lines.length === 0 && !delivery.sendEmptyStatements) {
    const skipped = await db
      .insertInto('statementSends')
      .values({ ...sendRow, outcome: 'skipped_empty' })
      .onConflict((oc) => oc.columns(['contactId', 'locationId', 'periodDate']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return skipped ? 'skipped_empty' : 'already';
  }
  // the PDF prints the landing page (a forwarded PDF carries no access); the message carries the pay link
  const pdf = delivery.email ? await renderStatementPdf(data, { payUrl: payLinkOf(ctx.publicUrl), compress: ctx.compress }) : null;
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('statementSends')
      .values({ ...sendRow, outcome: 'sent' })
      .onConflict((oc) => oc.columns(['contactId', 'locationId', 'periodDate']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return 'already';
    const token = await issueToken(trx, {
      contactId: delivery.contactId,
      vendorId: delivery.vendorId,
      locationId: delivery.locationId,
      type: 'click2pay',
      ttlDays: STATEMENT_LINK_TTL_DAYS,
      now,
    });
    const payUrl = loginLinkUrl(ctx.publicUrl.replace(/\/+$/, ''), token);
    const outboxId = delivery.email
      ? await insertOutboxMessageWithAttachments(
          trx,
          {
            channel: 'email',
            recipient: delivery.email,
            subject: statementEmailSubject(data.vendor.displayName, data.asOfDate),
            body: statementEmailBody({ firstName: delivery.firstName, data, payUrl }),
          },
          [{ filename: statementPdfFileName(data.asOfDate), contentType: 'application/pdf', content: pdf! }],
        )
      : await insertOutboxMessageWithAttachments(
          trx,
          { channel: 'sms', recipient: delivery.phone ?? '', subject: null, body: statementSmsBody(data, payUrl) },
          [],
        );
    await trx.updateTable('statementSends').set({ outboxId }).where('id', '=', claimed.id).execute();
    return 'sent';
  });
}

export const statementsJob: ScheduledJob = {
  name: 'statements',
  // every 15 minutes: a vendor's day starts at its local midnight, whatever its UTC offset
  cron: '*/15 * * * *',
  run: (ctx) => runStatementSends(ctx),
};
