/**
 * The sandbox's BIN table ("Card service fee rules"): a card's funding — `credit`, `debit` or `prepaid` — by
 * its BIN, the first 6 to 8 digits of the number. A real processor answers the funding from its own BIN data (its
 * adapter's `tokenizeCard` / `lookupCardFunding`); the sandbox adapter answers from this table.
 *
 * Decisions:
 * - Longest prefix wins: an entry of 8 digits is more specific than one of 6.
 * - A BIN that is not in the table is a CREDIT card (the fee rule then charges the fee: the customer is never told
 *   "no fee" for a card that might carry one).
 * - A lookup by BIN (`GET /payments-api/card-bins/{bin}`) gets 6 to 8 digits, never the full number: an entry of 8
 *   digits is only matched by 8 given digits (6 given digits that start an 8-digit entry are not enough to tell it
 *   apart from its neighbours, so they answer by the 6-digit entries, else credit). The add-card page sends the
 *   first 8 digits.
 *
 * Test numbers (each Luhn-valid; any future expiry, any CVC): see `SANDBOX_BIN_TEST_NUMBERS`, documented in
 * openapi/payments.yaml and docs/payments.md.
 */
import type { CardFunding } from '../../core/rules/fees.js';

export interface BinEntry {
  /** 6 to 8 digits */
  bin: string;
  funding: CardFunding;
  /** a Luhn-valid sandbox test number with this BIN */
  testNumber: string;
  label: string;
}

/** The sandbox's BIN table, with a test number for each entry. */
export const SANDBOX_BINS: readonly BinEntry[] = [
  { bin: '424242', funding: 'credit', testNumber: '4242424242424242', label: 'Visa credit' },
  { bin: '555555', funding: 'credit', testNumber: '5555555555554444', label: 'Mastercard credit' },
  { bin: '40000566', funding: 'debit', testNumber: '4000056655665556', label: 'Visa debit' },
  { bin: '52008282', funding: 'debit', testNumber: '5200828282828210', label: 'Mastercard debit' },
  { bin: '40000577', funding: 'prepaid', testNumber: '4000057700000005', label: 'Visa prepaid' },
  { bin: '51051051', funding: 'prepaid', testNumber: '5105105105105100', label: 'Mastercard prepaid' },
];

/** The test numbers by funding (for docs and tests). */
export const SANDBOX_BIN_TEST_NUMBERS: Readonly<Record<CardFunding, readonly string[]>> = {
  credit: SANDBOX_BINS.filter((b) => b.funding === 'credit').map((b) => b.testNumber),
  debit: SANDBOX_BINS.filter((b) => b.funding === 'debit').map((b) => b.testNumber),
  prepaid: SANDBOX_BINS.filter((b) => b.funding === 'prepaid').map((b) => b.testNumber),
};

const BIN_DIGITS = /^[0-9]{6,8}$/;

/** True for a BIN as a lookup takes it: 6 to 8 digits. */
export function isBin(text: string): boolean {
  return BIN_DIGITS.test(text);
}

/**
 * The funding of a card by its leading digits (a BIN of 6–8 digits, or the full number): the longest table entry that
 * starts the digits, else `credit`.
 */
export function cardFundingOf(digits: string): CardFunding {
  let best: BinEntry | null = null;
  for (const entry of SANDBOX_BINS) {
    if (digits.startsWith(entry.bin) && (best === null || entry.bin.length > best.bin.length)) best = entry;
  }
  return best?.funding ?? 'credit';
}
