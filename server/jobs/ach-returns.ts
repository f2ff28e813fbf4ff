/**
 * ACH returns: a bank debit the processor took can be RETURNED by the customer's bank some business days
 * later (R01 insufficient funds, R02 account closed, R03 no account, R10 not authorized, …). This step asks each
 * provider's adapter for the returns visible by its clock (`listReturns({ since, asOf })`, processor.ts) and records
 * each ONCE:
 *
 *   complete ──charge.return──▶ returned
 *
 * - Exactly once by a UNIQUE key in our own tables: `payment_group_returns` is keyed by the debit's idempotency key
 *   (its PRIMARY KEY), inserted in the transaction that moves the group, under the group's row lock. A second run, a
 *   second process, or the same return listed again inserts nothing and changes nothing.
 * - A return of a key we do not know, or of a group that is not `complete` yet (its charge's answer not recorded —
 *   settlement resolves it first), is left for a later run: nothing is written.
 * - The returned group's paying invoices take the money back: open amount += paid, not deleted, status open and
 *   payable — or `scheduled` and not payable while another live (scheduled / processing) group still pays them. A
 *   dispute (paid 0) stands. Each gets a "Payment Returned" journey entry with the code's plain-language reason
 *   (`core/rules/ach-returns.ts`).
 * - The schedule that made the payment tries again by its retry rules (core/rules/payment-retries.ts): an AutoPay
 *   debit's charge turns `failed` with its next retry date (`autopay.ts#recordAutopayReturn`); a plan installment's
 *   returned group counts as a failed attempt, and the plans job makes the retry.
 * - R02 / R03 / R10 mark the bank account unusable (`payment_methods.returned_code`, `unusable_since`): new payments,
 *   AutoPay and plans refuse it and the jobs do not charge it. R01 leaves it usable. The first such return PAUSES every
 *   AutoPay and active plan charging the account (`use-cases/recurring-setbacks.ts`).
 * - The customer is told ONCE through the one failure path (`use-cases/announce-payment-failure.ts`): one "Payment
 *   Failed" message in the resolution center and one e-mail (SMS without an address), whose text (`returnNotice`)
 *   says what happens next — paused until another method is chosen, the retry's day, or pay again — and whose link
 *   goes where the customer acts (the paused AutoPay's or plan's method, the retrying schedule's, or the invoices). A
 *   retry's return that pauses nothing is a journey entry only, as a declined retry is.
 * - The vendor hears `payment_group.returned` (its PaymentGroup carries `returnCode`), and `autopay.paused` /
 *   `payment_plan.paused` for each schedule the return paused.
 *
 * The window asked is the last RETURN_WINDOW_DAYS days up to today (New York, the ACH network's day): returns come
 * within 60 days of a debit at the latest (R10), and the UNIQUE key makes asking the same window again harmless.
 */
import { achDayOf, achReturnReason, returnDisablesMethod } from '../../core/rules/ach-returns.js';
import { formatCurrency } from '../../core/rules/dollars.js';
import { movePaymentGroup } from '../../core/rules/payment-group-lifecycle.js';
import type { Db } from '../db/connect.js';
import { paymentReturnedDetail } from '../domain/journey-text.js';
import type { AchReturn, ProcessorRegistry } from '../payments-service/processor.js';
import { sandboxRegistry } from '../payments-service/sandbox.js';
import { addJourneyEntries } from '../repos/journeys.js';
import { makeInvoicesOwedAgain, payingLinesOf } from '../repos/payment-groups.js';
import { announcePaymentFailure, type PaymentFailure } from '../use-cases/announce-payment-failure.js';
import { installmentSetback, recordPauses, schedulesOfMethod, type InstallmentSetback, type PausedSchedules } from '../use-cases/recurring-setbacks.js';
import { shortDate } from '../../core/rules/display.js';
import { recordAutopayReturn } from './autopay.js';
import { recordPaymentGroupEvent } from '../use-cases/vendor-events.js';
import type { ScheduledJob } from './types.js';

/** The e-mail subject of a returned payment's notice. */
export const PAYMENT_RETURNED_EMAIL_SUBJECT = 'Your payment was returned by your bank';

/** How many days back each run asks the processors for returns. */
export const RETURN_WINDOW_DAYS = 90;

export interface AchReturnsOptions {
  /** the current moment (default: now) */
  now?: Date;
  /** the processor adapters by provider (default: the sandbox, keeping its ledger in `db`) */
  processors?: ProcessorRegistry;
  /** the portal's address, for the link of the notice (default http://127.0.0.1:8080) */
  publicUrl?: string;
  log?: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

export interface AchReturnsResult {
  /** ids of the groups this run moved to `returned` */
  returnedGroupIds: string[];
  /** returns listed that were recorded before (or by another process) or are not ours */
  skipped: number;
  /** returns whose recording failed (logged); the next run tries them again */
  failed: number;
}

export async function recordAchReturns(db: Db, options: AchReturnsOptions = {}): Promise<AchReturnsResult> {
  const now = options.now ?? new Date();
  const asOf = achDayOf(now);
  const since = asOf.subtract({ days: RETURN_WINDOW_DAYS });
  const processors = options.processors ?? sandboxRegistry(db);
  const publicUrl = options.publicUrl ?? 'http://127.0.0.1:8080';
  const result: AchReturnsResult = { returnedGroupIds: [], skipped: 0, failed: 0 };
  const seen = new Set<string>();
  for (const processor of new Set(Object.values(processors))) {
    const returns = await processor.listReturns({ since: since.toString(), asOf: asOf.toString() });
    const fresh = returns.filter((r) => !seen.has(r.idempotencyKey));
    fresh.forEach((r) => seen.add(r.idempotencyKey));
    if (fresh.length === 0) continue;
    // the keys recorded before are skipped without a transaction (the UNIQUE key guards those recorded meanwhile)
    const recorded = new Set(
      (await db.selectFrom('paymentGroupReturns').select('idempotencyKey').where('idempotencyKey', 'in', fresh.map((r) => r.idempotencyKey)).execute()).map(
        (r) => r.idempotencyKey,
      ),
    );
    for (const achReturn of fresh) {
      if (recorded.has(achReturn.idempotencyKey)) {
        result.skipped += 1;
        continue;
      }
      try {
        const groupId = await recordReturn(db, achReturn, { now, publicUrl });
        if (groupId) result.returnedGroupIds.push(groupId);
        else result.skipped += 1;
      } catch (error) {
        result.failed += 1;
        options.log?.error(
          { idempotencyKey: achReturn.idempotencyKey, reason: error instanceof Error ? error.message : String(error) },
          'ACH return not recorded',
        );
      }
    }
  }
  return result;
}

/** One return, in one transaction: the group's id when this call moved it to `returned`, else null (nothing written). */
async function recordReturn(db: Db, achReturn: AchReturn, ctx: { now: Date; publicUrl: string }): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const charge = await trx
      .selectFrom('paymentGroupCharges')
      .select(['paymentGroupId', 'status'])
      .where('idempotencyKey', '=', achReturn.idempotencyKey)
      .executeTakeFirst();
    if (!charge || charge.status !== 'succeeded') return null;
    const group = await trx
      .selectFrom('paymentGroups')
      .select(['id', 'status', 'contactId', 'vendorId', 'locationId', 'paymentMethodId', 'paymentTotalCents', 'confirmationNumber', 'paymentType', 'sourceType'])
      .where('id', '=', charge.paymentGroupId)
      .forUpdate()
      .executeTakeFirst();
    if (!group || group.status !== 'complete' || group.paymentType !== 'ACH') return null;
    const inserted = await trx
      .insertInto('paymentGroupReturns')
      .values({
        idempotencyKey: achReturn.idempotencyKey,
        paymentGroupId: group.id,
        chargeId: achReturn.chargeId || null,
        code: achReturn.code,
        message: achReturn.message,
        returnedOn: achReturn.returnedOn,
        recordedAt: ctx.now,
      })
      .onConflict((oc) => oc.column('idempotencyKey').doNothing())
      .returning('idempotencyKey')
      .executeTakeFirst();
    if (!inserted) return null;

    await trx
      .updateTable('paymentGroups')
      .set({ status: movePaymentGroup('complete', 'charge.return'), returnCode: achReturn.code })
      .where('id', '=', group.id)
      .execute();
    const disables = returnDisablesMethod(achReturn.code);
    // the AutoPay and plans this return pauses: those charging the method it made unusable (once: the first such return)
    const disabled = disables
      ? await trx
          .updateTable('paymentMethods')
          .set({ returnedCode: achReturn.code, unusableSince: ctx.now })
          .where('id', '=', group.paymentMethodId)
          .where('returnedCode', 'is', null)
          .returning('id')
          .executeTakeFirst()
      : undefined;
    const paused = disabled ? await schedulesOfMethod(trx, group.paymentMethodId) : { autopayIds: [], plans: [] };
    // the schedule that made the payment tries it again by its retry rules (core/rules/payment-retries.ts)
    const reason = achReturnReason(achReturn.code);
    const autopayRetry = group.sourceType === 'Autopay Plus' ? await recordAutopayReturn(trx, group.id, `${reason} (${achReturn.code})`, ctx.now) : null;
    const installment = group.sourceType === 'Payment Plan' ? await installmentSetback(trx, group.id) : null;

    // the money came back: each paying invoice is owed again
    const lines = await payingLinesOf(trx, [group.id]);
    const paidByInvoice = new Map<string, number>();
    for (const line of lines) paidByInvoice.set(line.invoiceId, (paidByInvoice.get(line.invoiceId) ?? 0) + Number(line.paidAmountCents));
    const invoices = await makeInvoicesOwedAgain(trx, group, lines.map((l) => ({ invoiceId: l.invoiceId, amountCents: Number(l.paidAmountCents) })), ctx.now);

    const method = await trx.selectFrom('paymentMethods').select(['name', 'lastFour']).where('id', '=', group.paymentMethodId).executeTakeFirst();
    const sorted = [...invoices].sort((a, b) => a.displayInvNum.localeCompare(b.displayInvNum, 'en', { numeric: true }));
    await addJourneyEntries(
      trx,
      sorted.map((i) => ({
        invoiceId: i.id,
        contactId: null,
        action: 'Payment Returned',
        detail: paymentReturnedDetail({ paidCents: paidByInvoice.get(i.id)!, method, confirmationNumber: group.confirmationNumber, reason, code: achReturn.code }),
        at: ctx.now,
      })),
    );
    const notice = returnNotice({
      group,
      code: achReturn.code,
      reason,
      invoiceNumbers: sorted.map((i) => i.displayInvNum),
      method,
      disables,
      paused,
      autopayRetry,
      installment,
    });
    // told once: one message and one e-mail (the returned group's receipt), whatever it paused; a retry's return
    // that pauses nothing is a journey entry only, as a declined retry is
    const firstSetback = (autopayRetry === null || (await autopayAttempts(trx, group.id)) <= 1) && (installment === null || installment.attempts <= 1);
    if (sorted.length > 0 && (firstSetback || paused.autopayIds.length + paused.plans.length > 0)) {
      await announcePaymentFailure(
        trx,
        {
          vendorId: group.vendorId,
          locationId: group.locationId,
          contactId: group.contactId,
          invoiceId: sorted[0].id,
          body: notice.body,
          // the journey says "Payment Returned" (above), not "Payment Failed"
          journeys: [],
          emailSubject: PAYMENT_RETURNED_EMAIL_SUBJECT,
          link: notice.link,
          // the notice is also the group's receipt, marked Returned (use-cases/payment-receipts.ts)
          paymentGroupId: group.id,
        },
        ctx,
      );
    }
    await recordPauses(trx, paused, { returnCode: achReturn.code, paymentGroupId: group.id }, ctx.now);
    await recordPaymentGroupEvent(trx, 'payment_group.returned', group.id, ctx.now);
    return group.id;
  });
}

async function autopayAttempts(trx: Db, groupId: string): Promise<number> {
  const charge = await trx.selectFrom('autopayCharges').select('attempts').where('paymentGroupId', '=', groupId).executeTakeFirst();
  return charge?.attempts ?? 0;
}

/**
 * The customer's notice of a return: what came back and why, that the invoices are open again, and what happens next —
 * the bank account can't be used any more and the AutoPay / plans charging it are paused until another method is
 * chosen (R02/R03/R10); or the AutoPay or plan that made the payment tries again on its retry day; or pay again. The
 * link goes where the customer acts: the paused AutoPay's or plan's method, the retrying schedule's, or the invoices.
 */
export function returnNotice(input: {
  group: { paymentTotalCents: number | string; confirmationNumber: string };
  code: string;
  reason: string;
  invoiceNumbers: string[];
  method: { name: string; lastFour: string } | undefined;
  disables: boolean;
  paused: PausedSchedules;
  autopayRetry: { nextAttemptOn: string | null } | null;
  installment: InstallmentSetback | null;
}): { body: string; link: PaymentFailure['link'] } {
  const numbers = input.invoiceNumbers;
  const about = numbers.length === 1 ? `invoice ${numbers[0]}` : `invoices ${numbers.join(', ')}`;
  const methodText = input.method ? ` from ${input.method.name} ${input.method.lastFour}` : '';
  const open = numbers.length === 1 ? 'The invoice is' : 'The invoices are';
  const head =
    `Your payment of ${formatCurrency(Number(input.group.paymentTotalCents))} (confirmation ${input.group.confirmationNumber}) for ${about}${methodText} ` +
    `was returned by your bank: ${input.reason} (${input.code}). The money went back to your account. ${open} open again.`;
  const { autopayIds, plans } = input.paused;
  if (autopayIds.length + plans.length > 0) {
    const names = [...(autopayIds.length > 0 ? ['AutoPay Plus'] : []), ...plans.map((p) => `your payment plan "${p.name}"`)];
    const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
    const link: PaymentFailure['link'] =
      autopayIds.length > 0
        ? { tokenType: 'autopay', page: '/autopaymanage', label: 'Choose another payment method for AutoPay Plus' }
        : { tokenType: 'login', page: `/plans/${plans[0].id}/update`, label: 'Choose another payment method for your payment plan' };
    return {
      body: `${head} This bank account can no longer be used, so ${list} ${names.length === 1 ? 'is' : 'are'} paused: nothing will be charged until you choose another payment method.`,
      link,
    };
  }
  const next = input.autopayRetry
    ? input.autopayRetry.nextAttemptOn
      ? `AutoPay Plus will try again on ${shortDate(input.autopayRetry.nextAttemptOn)}.`
      : 'AutoPay Plus will not try again: please pay again.'
    : input.installment
      ? input.installment.paused
        ? `Your payment plan "${input.installment.planName}" is paused: nothing will be charged until you choose another payment method.`
        : input.installment.nextAttemptOn
        ? `Your payment plan "${input.installment.planName}" will try installment ${input.installment.installmentNumber} again on ${shortDate(input.installment.nextAttemptOn)}.`
        : `Your payment plan "${input.installment.planName}" will not try installment ${input.installment.installmentNumber} again: please pay again.`
      : input.disables
        ? 'This bank account can no longer be used: please pay again with another payment method.'
        : 'Please pay again, with another payment method if this one keeps failing.';
  const link: PaymentFailure['link'] = input.autopayRetry
    ? { tokenType: 'autopay', page: '/autopaymanage', label: 'Change your AutoPay Plus payment method' }
    : input.installment
      ? { tokenType: 'login', page: `/plans/${input.installment.planId}/update`, label: "Change your payment plan's payment method" }
      : { tokenType: 'login', page: '', label: 'Pay your invoices' };
  return { body: `${head} ${next}`, link };
}

/** The returns step as a scheduled job (every 15 minutes; `npm run jobs -- run returns --at <time>`). */
export const achReturnsJob: ScheduledJob = {
  name: 'returns',
  cron: '*/15 * * * *',
  async run({ db, now, log, publicUrl }) {
    const result = await recordAchReturns(db, { now, log, publicUrl });
    return { returned: result.returnedGroupIds.length, skipped: result.skipped, failed: result.failed };
  },
};
