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
 * - Issue 20 "Card service fee rules": the fee applies to CREDIT cards only. A card's funding (`credit` | `debit` |
 *   `prepaid`, from its BIN: `server/payments-service/card-bins.ts`) travels with the method as `cardFunding`; a
 *   debit or prepaid card pays no fee. A card whose funding is not known (null/undefined: methods saved before the
 *   funding was recorded, or a BIN outside the table) counts as credit, as the BIN table's unknown BIN does.
 * - The percent charged is capped at `SERVICE_FEE_CAP_PERCENT` (3 %): the vendor's setting when lower, else 3 %. The
 *   vendor settings refuse a setting above the cap (`exceedsServiceFeeCap`); the cap here keeps an older stored value
 *   from charging more. This module is the ONE place of the rule: the pay page, AutoPay, plan screens, the "Add …
 *   Card?" modal and every server path that writes a payment group call `computeTotals` / `effectiveServiceFeePercent`.
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

/** A card's funding by its BIN. Bank accounts have none. */
export type CardFunding = 'credit' | 'debit' | 'prepaid';
export const CARD_FUNDINGS: readonly CardFunding[] = ['credit', 'debit', 'prepaid'];

/** The highest service fee percent charged: a vendor's setting above it is refused. */
export const SERVICE_FEE_CAP_PERCENT = '3';
const CAP = parsePercent(SERVICE_FEE_CAP_PERCENT)!;

/** a < b for exact percent fractions */
function lessThan(a: PercentFraction, b: PercentFraction): boolean {
  return a.numerator * 10n ** BigInt(b.scale) < b.numerator * 10n ** BigInt(a.scale);
}

/**
 * True when a vendor's percent text is above the cap (`'3.5'` → true, `'3.00'` → false). A malformed text is not
 * "above the cap" — the caller's format check names it.
 */
export function exceedsServiceFeeCap(percentText: string): boolean {
  const percent = parsePercent(percentText);
  return percent !== null && lessThan(CAP, percent);
}

/** The payment method as far as the fee is concerned: its provider, `displayExtra.serviceFee` and card funding. */
export interface FeeMethod {
  provider: string;
  serviceFee?: string | null;
  /** the card's funding by its BIN; null/undefined = not known = credit */
  cardFunding?: CardFunding | null;
}

/** The fee view of a payment method as the contract shows it (`provider`, `displayExtra.serviceFee`, `cardFunding`). */
export function feeMethodOf(
  method: { provider: string; displayExtra: { serviceFee?: string | null; cardFunding?: CardFunding | null } } | null | undefined,
): FeeMethod | null {
  return method ? { provider: method.provider, serviceFee: method.displayExtra.serviceFee, cardFunding: method.displayExtra.cardFunding } : null;
}

/** Whether the card's funding carries a fee: credit, or not known (counted as credit). */
export function fundingPaysFee(funding: CardFunding | null | undefined): boolean {
  return funding !== 'debit' && funding !== 'prepaid';
}

/**
 * The percent text actually charged with this method: null when none (not a card, debit or prepaid card, no fee or a
 * fee of 0), else the vendor's percent, or the cap's when the vendor's is higher. Throws a RangeError on a malformed
 * percent text (as `serviceFeeCents`).
 */
export function effectiveServiceFeePercent(method: FeeMethod | null | undefined): string | null {
  if (!method || !isCardProvider(method.provider) || !fundingPaysFee(method.cardFunding)) return null;
  const text = method.serviceFee;
  if (text === null || text === undefined || text.trim() === '') return null;
  const percent = parsePercent(text);
  if (!percent) throw new RangeError(`service fee must be a percent such as "2.9", got ${JSON.stringify(text)}`);
  if (percent.numerator === 0n) return null;
  return lessThan(CAP, percent) ? SERVICE_FEE_CAP_PERCENT : text.trim();
}

export interface PaymentTotals {
  subtotalCents: number;
  feeCents: number;
  totalCents: number;
}

/**
 * Subtotal, fee and total of a batch for the chosen method (null when none is chosen yet). The fee applies to credit
 * cards (card providers, funding credit or unknown) with a service fee only, at most `SERVICE_FEE_CAP_PERCENT`.
 */
export function computeTotals({ subtotalCents, method }: { subtotalCents: number; method: FeeMethod | null | undefined }): PaymentTotals {
  assertCents('subtotalCents', subtotalCents);
  const feeCents = serviceFeeCents(subtotalCents, effectiveServiceFeePercent(method));
  return { subtotalCents, feeCents, totalCents: subtotalCents + feeCents };
}

/**
 * True when the chosen method adds a service fee (a credit card with a fee above 0) — the page then shows the
 * breakdown. False for a malformed fee text (computeTotals throws on it).
 */
export function hasServiceFee(method: FeeMethod | null | undefined): boolean {
  try {
    return effectiveServiceFeePercent(method) !== null;
  } catch {
    return false;
  }
}

/**
 * The percent text to show for the method's fee ("A 3% service fee …"): the percent charged, or null when none —
 * like `hasServiceFee`, null for a malformed fee text.
 */
export function shownServiceFeePercent(method: FeeMethod | null | undefined): string | null {
  try {
    return effectiveServiceFeePercent(method);
  } catch {
    return null;
  }
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
