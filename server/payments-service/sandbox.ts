/**
 * The sandbox processor: no network, deterministic outcomes by test card number (documented in
 * `openapi/payments.yaml`, keep both in sync), and fixed micro-deposits of $0.32 and $0.45 so testers, demos and
 * end-to-end tests can finish a bank-account verification.
 *
 * Charges and debits are rows of the sandbox's own table `sandbox_charges`, UNIQUE on the idempotency key: the same
 * key charged twice (a retry, a second process, a run after a crash) inserts nothing and answers the first outcome,
 * as a real processor's idempotency keys do. That table is the processor's ledger: the tests count money moved there,
 * not in the portal's rows. A card saved from 4000 0000 0000 0341 is declined at charge time (`card_declined`);
 * every other charge and every debit succeeds.
 *
 * ACH returns: a bank account saved with one of `SANDBOX_ACH_RETURNS`' account numbers (any routing number that
 * passes) is debited fine, and the debit is RETURNED with that code 2 Federal Reserve business days after the day of
 * the debit (`core/rules/ach-returns.ts`); its provider token carries the marker `_returns_<code>_`. The ledger row
 * records the code, the bank's reason and the day the return becomes visible (`returned_on`); `listReturns` answers
 * the rows whose day has come by the clock it is given.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { achBusinessDaysAfter, achDayOf, SANDBOX_RETURN_BUSINESS_DAYS, type AchReturnCode } from '../../core/rules/ach-returns.js';
import { PAYMENT_PROVIDERS } from '../../core/rules/providers.js';
import { toDateString } from '../domain/dates.js';
import type { Database } from '../db/schema.js';
import type { AchReturn, ChargeOutcome, ChargeRequest, PaymentProcessor, ProcessorRefusal, ProcessorRegistry, RefundOutcome, RefundRequest } from './processor.js';
import { paymentsDb, type SandboxChargesTable } from './schema.js';
import { cardFundingOf } from './card-bins.js';

/** Test card numbers → the decline they produce (402). Any other valid number succeeds. */
export const SANDBOX_DECLINES: Readonly<Record<string, { code: string; message: string }>> = {
  '4000000000000002': { code: 'card_declined', message: 'The card was declined.' },
  '4000000000009995': { code: 'insufficient_funds', message: 'The card has insufficient funds.' },
  '4000000000000069': { code: 'expired_card', message: 'The card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "The card's security code is incorrect." },
  '4000000000000119': { code: 'processing_error', message: 'An error occurred while processing the card. Try again later.' },
};

/**
 * A card that is accepted when saved but whose every CHARGE is declined (the scheduled runs' failure path: AutoPay
 * "Payment Failed", retries). Its provider token carries the marker `_declines_`.
 */
export const SANDBOX_CHARGE_DECLINE_CARD = '4000000000000341';

/**
 * Does a charge of this stored method fail in the sandbox? (decline code, or null when it succeeds) The sandbox's own
 * rule: the portal learns a charge's outcome only from the processor's answer (`charge`/`debit`).
 */
function sandboxChargeDecline(providerToken: string): { code: string; message: string } | null {
  return providerToken.includes('_declines_') ? { code: 'card_declined', message: 'the card issuer declined the charge' } : null;
}

/**
 * Test bank account numbers (any valid routing number) whose debits are taken and RETURNED later with the code:
 * R01 insufficient funds, R02 account closed, R03 no account / unable to locate, R10 customer advises not authorized.
 * Keep in sync with `openapi/payments.yaml` and docs/payments.md.
 */
export const SANDBOX_ACH_RETURNS: Readonly<Record<string, { code: AchReturnCode; message: string }>> = {
  '9900000001': { code: 'R01', message: 'Insufficient funds' },
  '9900000002': { code: 'R02', message: 'Account closed' },
  '9900000003': { code: 'R03', message: 'No account/unable to locate account' },
  '9900000010': { code: 'R10', message: 'Customer advises not authorized' },
};

/** The return a debit of this stored bank account gets in the sandbox (from its token's marker), or null. */
export function sandboxAchReturn(providerToken: string): { code: AchReturnCode; message: string } | null {
  const code = /_returns_(R\d\d)_/.exec(providerToken)?.[1];
  return Object.values(SANDBOX_ACH_RETURNS).find((r) => r.code === code) ?? null;
}

/**
 * A card that is accepted when saved and charged fine, but whose every REFUND is declined (`refund_declined`): the
 * path of a vendor's refund that fails (`refund.failed`). Its provider token carries the marker `_refund_fails_`.
 */
export const SANDBOX_REFUND_DECLINE_CARD = '4000000000005126';

/** The card number that always succeeds (any other valid number does too). */
export const SANDBOX_SUCCESS_CARD = '4242424242424242';

/** The micro-deposits the sandbox always sends, in cents ($0.32 and $0.45). */
export const SANDBOX_MICRO_DEPOSITS: [number, number] = [32, 45];

const token = (prefix: string) => `${prefix}_${randomBytes(16).toString('hex')}`;

function outcomeOf(row: Pick<SandboxChargesTable, 'outcome' | 'declineCode' | 'declineMessage'> & { id: string }): ChargeOutcome {
  return row.outcome === 'succeeded'
    ? { ok: true, chargeId: `ch_sbx_${row.id}` }
    : { ok: false, code: row.declineCode ?? 'card_declined', message: row.declineMessage ?? 'the charge was declined' };
}

/**
 * `db` holds the sandbox's ledger; without it the processor can tokenize and send micro-deposits but not charge
 * (the payments service's routes never charge; settlement does, with its database).
 */
export function sandboxProcessor(
  provider: string,
  db?: Kysely<Database>,
  // A slow processor: the charge is taken at once and answered this much later (tests kill a process in between;
  // SANDBOX_CHARGE_DELAY_MS for real processes). 0 by default.
  options: { answerDelayMs?: number } = { answerDelayMs: Number(process.env.SANDBOX_CHARGE_DELAY_MS) || 0 },
): PaymentProcessor {
  const ledger = () => {
    if (!db) throw new Error('the sandbox processor needs its database to charge');
    return paymentsDb(db);
  };
  async function take(kind: 'card' | 'ach', request: ChargeRequest): Promise<ChargeOutcome> {
    if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) throw new Error('a charge must be a positive number of cents');
    const decline = kind === 'card' ? sandboxChargeDecline(request.providerToken) : null;
    const achReturn = kind === 'ach' ? sandboxAchReturn(request.providerToken) : null;
    const pdb = ledger();
    const inserted = await pdb
      .insertInto('sandboxCharges')
      .values({
        idempotencyKey: request.idempotencyKey,
        provider,
        kind,
        providerToken: request.providerToken,
        amountCents: request.amountCents,
        outcome: decline ? 'declined' : 'succeeded',
        declineCode: decline?.code ?? null,
        declineMessage: decline?.message ?? null,
        returnCode: achReturn?.code ?? null,
        returnMessage: achReturn?.message ?? null,
        returnedOn: achReturn ? achBusinessDaysAfter(achDayOf(request.at ?? new Date()), SANDBOX_RETURN_BUSINESS_DAYS).toString() : null,
      })
      .onConflict((oc) => oc.column('idempotencyKey').doNothing())
      .returning(['id', 'outcome', 'declineCode', 'declineMessage'])
      .executeTakeFirst();
    if (inserted) {
      if (options.answerDelayMs) await new Promise((resolve) => setTimeout(resolve, options.answerDelayMs));
      return outcomeOf(inserted);
    }
    // the key was taken before: its first outcome, nothing charged again
    const earlier = await lookup(request.idempotencyKey);
    if (!earlier) throw new Error('sandbox charge key conflict without a row');
    return earlier;
  }
  async function lookup(idempotencyKey: string): Promise<ChargeOutcome | null> {
    const row = await ledger()
      .selectFrom('sandboxCharges')
      .select(['id', 'outcome', 'declineCode', 'declineMessage'])
      .where('idempotencyKey', '=', idempotencyKey)
      .executeTakeFirst();
    return row ? outcomeOf(row) : null;
  }
  async function listReturns({ since, asOf }: { since: string; asOf: string }): Promise<AchReturn[]> {
    const rows = await ledger()
      .selectFrom('sandboxCharges')
      .select(['id', 'idempotencyKey', 'returnCode', 'returnMessage', 'returnedOn'])
      .where('provider', '=', provider)
      .where('kind', '=', 'ach')
      .where('outcome', '=', 'succeeded')
      .where('returnCode', 'is not', null)
      .where('returnedOn', '>=', since)
      .where('returnedOn', '<=', asOf)
      .orderBy('returnedOn')
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      idempotencyKey: r.idempotencyKey,
      chargeId: `ch_sbx_${r.id}`,
      code: r.returnCode!,
      message: r.returnMessage ?? '',
      returnedOn: toDateString(r.returnedOn!),
    }));
  }
  function refundOutcomeOf(row: { id: string; outcome: string; declineCode: string | null; declineMessage: string | null }): RefundOutcome {
    return row.outcome === 'succeeded' ? { ok: true, refundId: `re_sbx_${row.id}` } : { ok: false, code: row.declineCode ?? 'refund_declined', message: row.declineMessage ?? 'the refund was declined' };
  }
  async function lookupRefund(idempotencyKey: string): Promise<RefundOutcome | null> {
    const row = await ledger().selectFrom('sandboxRefunds').select(['id', 'outcome', 'declineCode', 'declineMessage']).where('idempotencyKey', '=', idempotencyKey).executeTakeFirst();
    return row ? refundOutcomeOf(row) : null;
  }
  /**
   * A refund: a row of the sandbox's refund ledger, UNIQUE on its key (the same key answers its first outcome). Declined
   * when the charge is unknown or declined, when its card is the refund-decline test card, or when it would give back
   * more than the charge took with its earlier refunds (checked under the charge's row lock: concurrent refunds of one
   * charge are taken one at a time).
   */
  async function refund(request: RefundRequest): Promise<RefundOutcome> {
    if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) throw new Error('a refund must be a positive number of cents');
    const earlier = await lookupRefund(request.idempotencyKey);
    if (earlier) return earlier;
    return ledger().transaction().execute(async (trx) => {
      const charge = await trx
        .selectFrom('sandboxCharges')
        .select(['amountCents', 'outcome', 'providerToken'])
        .where('idempotencyKey', '=', request.chargeIdempotencyKey)
        .forUpdate()
        .executeTakeFirst();
      const refunded = await trx
        .selectFrom('sandboxRefunds')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amountCents'), eb.lit(0)).as('sum'))
        .where('chargeIdempotencyKey', '=', request.chargeIdempotencyKey)
        .where('outcome', '=', 'succeeded')
        .executeTakeFirstOrThrow();
      const decline =
        !charge || charge.outcome !== 'succeeded'
          ? { code: 'charge_not_found', message: 'No charge was taken under this key.' }
          : charge.providerToken.includes('_refund_fails_')
            ? { code: 'refund_declined', message: 'The card issuer refused the refund.' }
            : Number(refunded.sum) + request.amountCents > Number(charge.amountCents)
              ? { code: 'amount_exceeds_charge', message: 'The refunds would give back more than the charge took.' }
              : null;
      const row = await trx
        .insertInto('sandboxRefunds')
        .values({
          idempotencyKey: request.idempotencyKey,
          chargeIdempotencyKey: request.chargeIdempotencyKey,
          provider,
          amountCents: request.amountCents,
          outcome: decline ? 'declined' : 'succeeded',
          declineCode: decline?.code ?? null,
          declineMessage: decline?.message ?? null,
        })
        .onConflict((oc) => oc.column('idempotencyKey').doNothing())
        .returning(['id', 'outcome', 'declineCode', 'declineMessage'])
        .executeTakeFirst();
      if (row) return refundOutcomeOf(row);
      const first = await trx.selectFrom('sandboxRefunds').select(['id', 'outcome', 'declineCode', 'declineMessage']).where('idempotencyKey', '=', request.idempotencyKey).executeTakeFirstOrThrow();
      return refundOutcomeOf(first);
    });
  }
  return {
    refund,
    lookupRefund,
    async tokenizeCard(card) {
      const decline = SANDBOX_DECLINES[card.number];
      if (decline) return { ok: false, status: 402, ...decline } satisfies ProcessorRefusal;
      const declines = card.number === SANDBOX_CHARGE_DECLINE_CARD ? '_declines' : card.number === SANDBOX_REFUND_DECLINE_CARD ? '_refund_fails' : '';
      return { ok: true, providerToken: token(`sbx_${provider}_card${declines}`), cardFunding: cardFundingOf(card.number) };
    },
    async tokenizeBankAccount(account) {
      const returns = SANDBOX_ACH_RETURNS[account.accountNumber];
      return { ok: true, providerToken: token(`sbx_${provider}_ba${returns ? `_returns_${returns.code}` : ''}`) };
    },
    async sendMicroDeposits() {
      return [...SANDBOX_MICRO_DEPOSITS];
    },
    charge: (request) => take('card', request),
    debit: (request) => take('ach', request),
    lookupCharge: lookup,
    listReturns,
    lookupCardFunding: async (bin) => cardFundingOf(bin),
  };
}

/** Every provider served by the sandbox (charging needs `db`, the sandbox's ledger). */
export function sandboxRegistry(db?: Kysely<Database>): ProcessorRegistry {
  return Object.fromEntries(PAYMENT_PROVIDERS.map((p) => [p, sandboxProcessor(p, db)])) as ProcessorRegistry;
}
