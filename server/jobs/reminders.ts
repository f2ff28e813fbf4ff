/**
 * Reminder sends (portal-recurring.md §2.6, §3 Reminder campaign, §5): for each campaign, every open,
 * payable invoice of its location whose due date + `eventDay` is today in the VENDOR's time zone gets one message
 * with a click-to-pay link — an e-mail, or an SMS when the campaign's `deliverTo` is a phone number.
 *
 * Never for an invoice that is paid or scheduled (not payable), closed (`deleted_at`, or a vendor status other than
 * open), disputed (a dispute line — paid amount 0 — in any of its payment groups: the dispute stands), a credit or
 * zero amount, or without a due date. Eligibility is checked again inside the transaction that writes the message,
 * with the invoice row locked `for share` (a payment locks it `for update`), so an invoice paid an hour — or a
 * moment — earlier gets nothing.
 *
 * Exactly once per campaign, invoice and reminder day: the `reminder_sends` row (UNIQUE (campaign_id, invoice_id,
 * reminder_date)) is inserted in the same transaction as the outbox row.
 *
 * Catch-up: after downtime a reminder whose day passed within the last `REMINDER_CATCH_UP_DAYS` days is sent once,
 * late (`late` = true), if it was due while the campaign existed (its day is not before the day the campaign was
 * made) and the invoice was already in the portal (not before the day it arrived) — a new reminder never fires for
 * days before it was set up.
 */
import { Temporal } from 'temporal-polyfill';
import { formatCurrency } from '../../core/rules/dollars.js';
import { vendorToday } from '../../core/rules/payment-dates.js';
import type { Db } from '../db/connect.js';
import { issueToken } from '../db/tokens.js';
import { toDateString } from '../domain/dates.js';
import { loginLinkUrl } from '../domain/login-link.js';
import { insertOutboxMessages } from '../repos/outbox.js';
import { vendorTimeZone } from '../../core/rules/payment-dates.js';
import type { JobContext, ScheduledJob } from './types.js';
import { shortDate } from '../../core/rules/display.js';

export const REMINDER_CATCH_UP_DAYS = 7;
export const REMINDER_LINK_TTL_DAYS = 14;

// ── planner (pure) ──

/** The day a campaign reminds of an invoice: due date + eventDay. */
export function reminderDate(dueDate: string, eventDay: number): string {
  return Temporal.PlainDate.from(dueDate).add({ days: eventDay }).toString();
}

/** The due dates whose reminders may go out today (today and the catch-up days before), newest first. */
export function dueDatesInWindow(today: Temporal.PlainDate, eventDay: number, catchUpDays = REMINDER_CATCH_UP_DAYS): { from: string; to: string } {
  const to = today.subtract({ days: eventDay });
  return { from: to.subtract({ days: catchUpDays }).toString(), to: to.toString() };
}

export interface ReminderCandidate {
  dueDate: string;
  eventDay: number;
  /** vendor-local day the campaign was made */
  campaignCreatedOn: string;
  /** vendor-local day the invoice arrived in the portal */
  invoiceCreatedOn: string;
}

/** Whether the reminder of this invoice is due today (or missed within the catch-up window), and if late. */
export function reminderDue(candidate: ReminderCandidate, today: Temporal.PlainDate, catchUpDays = REMINDER_CATCH_UP_DAYS): { due: boolean; late: boolean; reminderDate: string } {
  const day = reminderDate(candidate.dueDate, candidate.eventDay);
  const todayText = today.toString();
  const earliest = today.subtract({ days: catchUpDays }).toString();
  const due = day <= todayText && day >= earliest && day >= candidate.campaignCreatedOn && day >= candidate.invoiceCreatedOn;
  return { due, late: due && day < todayText, reminderDate: day };
}

// ── texts ──

/** Where the due date stands on the day the message goes out (a late reminder may go out after the due date). */
export function dueStanding(dueDate: string, sentOn: string): 'soon' | 'today' | 'past' {
  return dueDate > sentOn ? 'soon' : dueDate === sentOn ? 'today' : 'past';
}

export function reminderSubject(displayInvNum: string, dueDate: string, sentOn: string): string {
  const standing = dueStanding(dueDate, sentOn);
  const text = standing === 'today' ? 'is due today' : standing === 'soon' ? 'is due soon' : 'is past due';
  return `Payment reminder: invoice ${displayInvNum} ${text}`;
}

export function reminderEmailBody(input: {
  firstName: string;
  vendorName: string;
  locationName: string;
  displayInvNum: string;
  dueDate: string;
  openAmountCents: number;
  payUrl: string;
  sentOn: string;
}): string {
  const when = dueStanding(input.dueDate, input.sentOn) === 'past' ? `was due ${shortDate(input.dueDate)}` : `is due ${shortDate(input.dueDate)}`;
  return [
    `Hello ${input.firstName},`,
    '',
    `This is a reminder from ${input.vendorName}: invoice ${input.displayInvNum} for ${input.locationName}, ${formatCurrency(input.openAmountCents)}, ${when}.`,
    '',
    'Pay it online:',
    input.payUrl,
    '',
    `The link is valid for ${REMINDER_LINK_TTL_DAYS} days. You receive this because you set up payment reminders; you can change them on the Reminders page.`,
  ].join('\n');
}

export function reminderSmsBody(input: { vendorName: string; displayInvNum: string; dueDate: string; openAmountCents: number; payUrl: string; sentOn: string }): string {
  const when = dueStanding(input.dueDate, input.sentOn) === 'past' ? 'was due' : 'is due';
  return `PerformancePay: ${input.vendorName} invoice ${input.displayInvNum} (${formatCurrency(input.openAmountCents)}) ${when} ${shortDate(input.dueDate)}. Pay: ${input.payUrl}`;
}

// ── runner ──

export interface ReminderRunResult extends Record<string, number> {
  due: number;
  sent: number;
  late: number;
  alreadySent: number;
  notPayable: number;
  failed: number;
}

/** Invoices of the location that a reminder may be sent for (open, payable, not disputed, with a due date). */
function eligibleInvoices(db: Db) {
  return db
    .selectFrom('invoices as i')
    .where('i.deletedAt', 'is', null)
    .where('i.payable', '=', true)
    .where('i.status', '=', 'open')
    .where('i.openAmountCents', '>', 0)
    .where('i.dueDate', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payments as p').select('p.id').whereRef('p.invoiceId', '=', 'i.id').where('p.paidAmountCents', '=', 0),
        ),
      ),
    );
}

export async function runReminderSends(ctx: JobContext): Promise<ReminderRunResult> {
  const { db, now, log } = ctx;
  const result: ReminderRunResult = { due: 0, sent: 0, late: 0, alreadySent: 0, notPayable: 0, failed: 0 };
  const instant = Temporal.Instant.fromEpochMilliseconds(now.getTime());
  const campaigns = await db
    .selectFrom('reminderCampaigns as r')
    .innerJoin('contactLocations as cl', (join) => join.onRef('cl.contactId', '=', 'r.contactId').onRef('cl.locationId', '=', 'r.locationId'))
    .innerJoin('vendors as v', 'v.id', 'r.vendorId')
    .innerJoin('locations as l', 'l.id', 'r.locationId')
    .innerJoin('contacts as c', 'c.id', 'r.contactId')
    .select(['r.id', 'r.contactId', 'r.vendorId', 'r.locationId', 'r.eventDay', 'r.deliverTo', 'r.createdAt', 'v.eodCutoff', 'v.displayName as vendorName', 'l.displayName as locationName', 'c.firstName'])
    .orderBy('r.id')
    .execute();

  for (const campaign of campaigns) {
    const timeZone = vendorTimeZone(campaign.eodCutoff);
    const today = vendorToday(instant, timeZone);
    const localDay = (at: Date) => vendorToday(Temporal.Instant.fromEpochMilliseconds(at.getTime()), timeZone).toString();
    const window = dueDatesInWindow(today, campaign.eventDay);
    const invoices = await eligibleInvoices(db)
      .select(['i.id', 'i.displayInvNum', 'i.dueDate', 'i.openAmountCents', 'i.createdAt'])
      .where('i.vendorId', '=', campaign.vendorId)
      .where('i.locationId', '=', campaign.locationId)
      .where('i.dueDate', '>=', window.from)
      .where('i.dueDate', '<=', window.to)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('reminderSends as s').select('s.id').whereRef('s.invoiceId', '=', 'i.id').where('s.campaignId', '=', campaign.id))),
      )
      .orderBy('i.dueDate')
      .orderBy('i.id')
      .execute();
    for (const invoice of invoices) {
      const dueDate = toDateString(invoice.dueDate!);
      const decision = reminderDue(
        { dueDate, eventDay: campaign.eventDay, campaignCreatedOn: localDay(campaign.createdAt), invoiceCreatedOn: localDay(invoice.createdAt) },
        today,
      );
      if (!decision.due) continue;
      result.due += 1;
      try {
        const outcome = await sendReminder(ctx, campaign, { ...invoice, dueDate }, decision, today.toString());
        if (outcome === 'sent') {
          result.sent += 1;
          if (decision.late) result.late += 1;
        } else if (outcome === 'not_payable') result.notPayable += 1;
        else result.alreadySent += 1;
      } catch (error) {
        result.failed += 1;
        log.error(
          { campaignId: campaign.id, invoiceId: invoice.id, reason: error instanceof Error ? error.message : String(error) },
          'reminder send failed',
        );
      }
    }
  }
  if (result.due > 0) log.info({ ...result }, 'reminder sends');
  return result;
}

async function sendReminder(
  ctx: JobContext,
  campaign: { id: string; contactId: string; vendorId: string; locationId: string; eventDay: number; deliverTo: string; vendorName: string; locationName: string; firstName: string },
  invoice: { id: string; displayInvNum: string; dueDate: string },
  decision: { late: boolean; reminderDate: string },
  today: string,
): Promise<'sent' | 'already' | 'not_payable'> {
  return ctx.db.transaction().execute(async (trx) => {
    // still eligible now, and held so a payment cannot take it while this message is written
    const current = await eligibleInvoices(trx)
      .select(['i.id', 'i.openAmountCents', 'i.dueDate'])
      .where('i.id', '=', invoice.id)
      .forShare()
      .executeTakeFirst();
    if (!current || toDateString(current.dueDate!) !== invoice.dueDate) return 'not_payable';
    const channel = campaign.deliverTo.includes('@') ? ('email' as const) : ('sms' as const);
    const claimed = await trx
      .insertInto('reminderSends')
      .values({ campaignId: campaign.id, invoiceId: invoice.id, reminderDate: decision.reminderDate, sentOn: today, late: decision.late, channel })
      .onConflict((oc) => oc.columns(['campaignId', 'invoiceId', 'reminderDate']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return 'already';
    const token = await issueToken(trx, {
      contactId: campaign.contactId,
      vendorId: campaign.vendorId,
      locationId: campaign.locationId,
      type: 'click2pay',
      ttlDays: REMINDER_LINK_TTL_DAYS,
      now: ctx.now,
    });
    const payUrl = loginLinkUrl(ctx.publicUrl.replace(/\/+$/, ''), token);
    const text = { vendorName: campaign.vendorName, displayInvNum: invoice.displayInvNum, dueDate: invoice.dueDate, openAmountCents: Number(current.openAmountCents), payUrl, sentOn: today };
    const [outboxId] = await insertOutboxMessages(trx, [
      channel === 'email'
        ? {
            channel,
            recipient: campaign.deliverTo,
            subject: reminderSubject(invoice.displayInvNum, invoice.dueDate, today),
            body: reminderEmailBody({ ...text, firstName: campaign.firstName, locationName: campaign.locationName }),
          }
        : { channel, recipient: campaign.deliverTo, subject: null, body: reminderSmsBody(text) },
    ]);
    await trx.updateTable('reminderSends').set({ outboxId }).where('id', '=', claimed.id).execute();
    return 'sent';
  });
}

export const remindersJob: ScheduledJob = {
  name: 'reminders',
  // every 15 minutes: a vendor's day starts at its local midnight, whatever its UTC offset
  cron: '*/15 * * * *',
  run: (ctx) => runReminderSends(ctx),
};
