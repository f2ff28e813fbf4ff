/**
 * Card and bank-account checks shared by the add-payment-method forms and the sandbox tokenizer — portal-core.md §3
 * (new card payload: ccNumber, expDate, cvc, zipCode; new bank account: bankRoutingNumber, checkingAccountNumber;
 * payment method displayExtra keeps name and lastFour), §2 Add payment method, and the sandbox's decisions (it "checks card
 * numbers (Luhn, brand), expiry, CVC, ZIP, and bank routing numbers (ABA checksum)"; "Only brand, last four, expiry and
 * a provider token are kept").
 *
 * Decisions:
 * - Card and account numbers may be typed with spaces or hyphens; any other character is a format error.
 * - Brands and their number ranges/lengths: Visa 4… (13, 16, 19 digits); Mastercard 51–55 and 2221–2720 (16);
 *   American Express 34, 37 (15); Discover 6011, 622126–622925, 644–649, 65 (16–19). Other brands are not accepted.
 * - Expiry `MM/YY` (blanks around the slash allowed) means the end of that month in 20YY; a card expiring this month
 *   is still valid.
 * - CVC: exactly 4 digits for American Express, exactly 3 for every other brand.
 * - ZIP: 5 digits, or 9 as `12345-6789` / `123456789`.
 * - ABA routing number: 9 digits with 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10), and not all zeros.
 * - Account number: 4–17 digits.
 */
import type { Temporal } from 'temporal-polyfill';

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover';

/** Human names of the brands, as stored with a method (`brand`) and shown in labels. */
export const CARD_BRAND_NAMES: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/** The typed number without blanks and hyphens; null when anything else than digits remains. */
export function normaliseDigits(text: string): string | null {
  if (typeof text !== 'string') return null;
  const digits = text.replace(/[\s-]/g, '');
  return /^\d+$/.test(digits) ? digits : null;
}

/** The Luhn (mod 10) check over a digit string of at least two digits. */
export function isLuhnValid(number: string): boolean {
  const digits = normaliseDigits(number);
  if (!digits || digits.length < 2) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The digit that makes `partial` + digit pass the Luhn check (used to build test numbers). */
export function luhnCheckDigit(partial: string): string {
  const digits = normaliseDigits(partial);
  if (digits === null) throw new RangeError('partial number must be digits');
  for (let d = 0; d <= 9; d++) if (isLuhnValid(digits + d)) return String(d);
  /* c8 ignore next */
  throw new Error('unreachable: one of ten check digits always fits');
}

interface BrandRule {
  brand: CardBrand;
  lengths: readonly number[];
  matches: (digits: string) => boolean;
}

const prefixIn = (digits: string, length: number, low: number, high: number) => {
  if (digits.length < length) return false;
  const n = Number(digits.slice(0, length));
  return n >= low && n <= high;
};

const BRAND_RULES: readonly BrandRule[] = [
  { brand: 'amex', lengths: [15], matches: (d) => prefixIn(d, 2, 34, 34) || prefixIn(d, 2, 37, 37) },
  { brand: 'visa', lengths: [13, 16, 19], matches: (d) => d.startsWith('4') },
  { brand: 'mastercard', lengths: [16], matches: (d) => prefixIn(d, 2, 51, 55) || prefixIn(d, 4, 2221, 2720) },
  {
    brand: 'discover',
    lengths: [16, 17, 18, 19],
    matches: (d) => d.startsWith('6011') || prefixIn(d, 6, 622126, 622925) || prefixIn(d, 3, 644, 649) || d.startsWith('65'),
  },
];

/** The brand a card number (or its first digits, while typing) belongs to; null when none of the four matches. */
export function detectCardBrand(number: string): CardBrand | null {
  const digits = normaliseDigits(number);
  if (!digits) return null;
  return BRAND_RULES.find((rule) => rule.matches(digits))?.brand ?? null;
}

export type CardNumberError = 'format' | 'brand' | 'length' | 'luhn';

export type CardNumberResult = { ok: true; digits: string; brand: CardBrand; lastFour: string } | { ok: false; error: CardNumberError };

/** Checks a full card number: digits only, a known brand, a length that brand issues, and the Luhn check. */
export function validateCardNumber(number: string): CardNumberResult {
  const digits = normaliseDigits(number);
  if (!digits) return { ok: false, error: 'format' };
  const rule = BRAND_RULES.find((r) => r.matches(digits));
  if (!rule) return { ok: false, error: 'brand' };
  if (!rule.lengths.includes(digits.length)) return { ok: false, error: 'length' };
  if (!isLuhnValid(digits)) return { ok: false, error: 'luhn' };
  return { ok: true, digits, brand: rule.brand, lastFour: digits.slice(-4) };
}

/** The last four digits of a card or account number (blanks and hyphens ignored); fewer when the number is shorter. */
export function lastFour(number: string): string {
  return number.replace(/\D/g, '').slice(-4);
}

export interface CardExpiry {
  month: number;
  /** Four-digit year. */
  year: number;
}

/** `MM/YY` → month and four-digit year (20YY); null when malformed or the month is not 01–12. */
export function parseExpiry(text: string): CardExpiry | null {
  const match = typeof text === 'string' ? /^(\d{2})\s*\/\s*(\d{2})$/.exec(text.trim()) : null;
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

export type ExpiryResult = ({ ok: true } & CardExpiry) | { ok: false; error: 'format' | 'expired' };

/** A well-formed `MM/YY` whose month is this month or later, given `today`. */
export function validateExpiry(text: string, today: Temporal.PlainDate): ExpiryResult {
  const expiry = parseExpiry(text);
  if (!expiry) return { ok: false, error: 'format' };
  if (expiry.year * 12 + expiry.month < today.year * 12 + today.month) return { ok: false, error: 'expired' };
  return { ok: true, ...expiry };
}

/** CVC: 4 digits for American Express, 3 for the other brands. */
export function isValidCvc(cvc: string, brand: CardBrand | null): boolean {
  if (typeof cvc !== 'string') return false;
  return (brand === 'amex' ? /^\d{4}$/ : /^\d{3}$/).test(cvc.trim());
}

/** US ZIP code: 12345, 12345-6789 or 123456789. */
export function isValidZip(zip: string): boolean {
  return typeof zip === 'string' && /^\d{5}(?:-?\d{4})?$/.test(zip.trim());
}

/** Why a routing number is refused: 'format' (not nine digits), 'checksum' (ABA checksum fails, or all zeros), or null. */
export function routingNumberError(routing: string): 'format' | 'checksum' | null {
  const digits = normaliseDigits(routing);
  if (!digits || digits.length !== 9) return 'format';
  if (/^0+$/.test(digits)) return 'checksum';
  const d = [...digits].map(Number);
  const sum = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8]);
  return sum % 10 === 0 ? null : 'checksum';
}

/** ABA routing number: nine digits passing the weighted checksum 3-7-1 (not all zeros). */
export function isValidRoutingNumber(routing: string): boolean {
  return routingNumberError(routing) === null;
}

/** Bank account number: 4–17 digits (blanks and hyphens ignored). */
export function isValidAccountNumber(account: string): boolean {
  const digits = normaliseDigits(account);
  return digits !== null && digits.length >= 4 && digits.length <= 17;
}

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
  zip: string;
}

export type CardField = keyof CardInput;

/** The problems of a card form, by field (empty object when the card passes every check). */
export function cardProblems(card: CardInput, today: Temporal.PlainDate): Partial<Record<CardField, string>> {
  const problems: Partial<Record<CardField, string>> = {};
  const number = validateCardNumber(card.number);
  if (!number.ok) problems.number = number.error;
  const expiry = validateExpiry(card.expiry, today);
  if (!expiry.ok) problems.expiry = expiry.error;
  if (!isValidCvc(card.cvc, number.ok ? number.brand : detectCardBrand(card.number))) problems.cvc = 'format';
  if (!isValidZip(card.zip)) problems.zip = 'format';
  return problems;
}

export interface BankAccountInput {
  routingNumber: string;
  accountNumber: string;
}

/** The problems of a bank-account form, by field (empty object when it passes). */
export function bankAccountProblems(account: BankAccountInput): Partial<Record<keyof BankAccountInput, string>> {
  const problems: Partial<Record<keyof BankAccountInput, string>> = {};
  const routing = routingNumberError(account.routingNumber);
  if (routing) problems.routingNumber = routing;
  if (!isValidAccountNumber(account.accountNumber)) problems.accountNumber = 'format';
  return problems;
}
