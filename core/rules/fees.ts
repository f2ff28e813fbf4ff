/**
 * Card service fee and payment totals — portal-core.md §5 ("Card service fee: percent of the invoice total, added to
 * it; applies to the card provider only"), §2 Click-to-pay ("With a card that has a service fee, the amount section
 * shows subtotal, fee and total"), §3 (Payment method `displayExtra.serviceFee` "as a percent string"; disputed or
 * partial invoice: `newAmount` 0 for a dispute), §5 ("the invoice total is >= 0") and docs/CONVENTIONS.md ("Fees round
 * half up to the cent"); decided: "fee rounded half up to the cent, applied to the whole batch".
 *
 * Decisions:
 * - Exact arithmetic: the percent text is read digit by digit into an integer numerator over a power of ten, and the
 *   fee is computed with BigInt — `'2.9'` × 1005 ¢ = 29.145 ¢ → 29 ¢, never a float artefact.
 * - One fee on the batch subtotal (not per invoice), rounded once.
 * - Round half up at the cent for a positive subtotal. A subtotal ≤ 0 (credits cover the invoices) carries no fee:
 *   a fee is never negative and never charged on nothing.
 * - A method whose provider is not a card provider never carries a fee, whatever its `serviceFee` says.
 * - A malformed fee text (not a plain non-negative decimal ≤ 100) is a data error and throws a RangeError, so the
 *   server and the page fail loudly instead of charging a different amount than they show.
 */
import { isCardProvider } from './providers';

/** A non-negative decimal percent as an exact fraction: value = numerator / 10^scale percent. */
export interface PercentFraction {
  numerator: bigint;
  scale: number;
}

const PERCENT_TEXT = /^(\d+)(?:\.(\d+))?$|^\.(\d+)$/;

/**
 * Parses a percent string such as `'2.9'`, `'3.50'`, `'0'` or `'.5'` exactly. Returns null for anything else
 * (signs, exponents, `%`, thousands separators, empty text) and for more than 100 percent.
 */
export function parsePercent(text: string): PercentFraction | null {
  if (typeof text !== 'string') return null;
  const match = PERCENT_TEXT.exec(text.trim());
  if (!match) return null;
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? match[3] ?? '';
  const numerator = BigInt(whole + fraction);
  const scale = fraction.length;
  if (numerator > 100n * 10n ** BigInt(scale)) return null;
  return { numerator, scale };
}

/** Integer division rounding half up (for non-negative operands). */
function divideHalfUp(dividend: bigint, divisor: bigint): bigint {
  return (dividend * 2n + divisor) / (divisor * 2n);
}

function toSafeNumber(value: bigint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`amount of ${value} cents is out of range`);
  return n;
}

function assertCents(name: string, cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`${name} must be integer cents, got ${cents}`);
}

/**
 * `percentText` percent of `subtotalCents`, rounded half up to the cent; 0 when the subtotal is ≤ 0 or there is no
 * fee (null/empty text). Throws a RangeError on a malformed percent text.
 */
export function serviceFeeCents(subtotalCents: number, percentText: string | null | undefined): number {
  assertCents('subtotalCents', subtotalCents);
  if (percentText === null || percentText === undefined || percentText.trim() === '') return 0;
  const percent = parsePercent(percentText);
  if (!percent) throw new RangeError(`service fee must be a percent such as "2.9", got ${JSON.stringify(percentText)}`);
  if (subtotalCents <= 0) return 0;
  // fee = subtotal × numerator / (100 × 10^scale)
  return toSafeNumber(divideHalfUp(BigInt(subtotalCents) * percent.numerator, 100n * 10n ** BigInt(percent.scale)));
}

/** The payment method as far as the fee is concerned: its provider and `displayExtra.serviceFee`. */
export interface FeeMethod {
  provider: string;
  serviceFee?: string | null;
}

export interface PaymentTotals {
  subtotalCents: number;
  feeCents: number;
  totalCents: number;
}

/**
 * Subtotal, fee and total of a batch for the chosen method (null when none is chosen yet). The fee applies to card
 * providers with a service fee only.
 */
export function computeTotals({ subtotalCents, method }: { subtotalCents: number; method: FeeMethod | null | undefined }): PaymentTotals {
  assertCents('subtotalCents', subtotalCents);
  const feeCents = method && isCardProvider(method.provider) ? serviceFeeCents(subtotalCents, method.serviceFee) : 0;
  return { subtotalCents, feeCents, totalCents: subtotalCents + feeCents };
}

/** True when the chosen method adds a service fee (card provider with a fee above 0) — the page then shows the breakdown. */
export function hasServiceFee(method: FeeMethod | null | undefined): boolean {
  if (!method || !isCardProvider(method.provider) || !method.serviceFee || method.serviceFee.trim() === '') return false;
  const percent = parsePercent(method.serviceFee);
  return percent !== null && percent.numerator > 0n;
}

/** One selected invoice: its id and open amount in cents (negative for a credit). */
export interface BatchInvoice {
  id: string;
  openAmountCents: number;
}

/** A dispute (`newAmountCents` 0) or partial payment (`newAmountCents` > 0) of one invoice, §3. */
export interface BatchAdjustment {
  invoiceId: string;
  newAmountCents: number;
}

/**
 * The batch subtotal: each selected invoice's open amount, or its new amount when it is part-paid, or nothing when it
 * is disputed; credits count negative. Adjustments for invoices not in the batch are ignored (§4: "changing the
 * selection drops disputes for unselected invoices").
 */
export function batchSubtotalCents(invoices: ReadonlyArray<BatchInvoice>, adjustments: ReadonlyArray<BatchAdjustment> = []): number {
  const newAmounts = new Map(adjustments.map((a) => [a.invoiceId, a.newAmountCents]));
  let total = 0n;
  for (const invoice of invoices) {
    const cents = newAmounts.get(invoice.id) ?? invoice.openAmountCents;
    assertCents(`amount of invoice ${invoice.id}`, cents);
    total += BigInt(cents);
  }
  return toSafeNumber(total);
}
