/**
 * Amounts typed by the user and amounts shown to the user — portal-core.md §5 Validation rules ("Partial payment new
 * amount: must look like a dollar amount, otherwise 'New amount must be formatted in dollars and cents.'; zero or
 * negative gives 'New amount cannot be $0 or negative.'; greater than or equal to the open amount gives 'New amount
 * cannot be greater than or equal to than the original amount.' Valid only if greater than 0 and less than the open
 * amount.") and §9 ("Amounts shown as currency with 2 decimals").
 *
 * This is the business reading of what a person types; the contract's numbers are converted at the API edge by
 * `core/rules/money.ts`, not here.
 *
 * Decisions: "looks like a dollar amount" = optional `$`, digits with optional correctly grouped thousands commas,
 * and at most two decimals (`12`, `12.5`, `12.50`, `$1,234.56`, `.99`); surrounding blanks are ignored. A minus sign
 * before or after the `$` is understood (so `-5` gets the "$0 or negative" message rather than the format one).
 * Anything else — letters, three decimals, `1,23`, `5.`, empty text — is a format error. Amounts beyond the safe
 * integer range of cents are "too large".
 */

/** The verbatim partial-payment messages of §5, keyed by error. */
export const PARTIAL_AMOUNT_MESSAGES = {
  format: 'New amount must be formatted in dollars and cents.',
  nonPositive: 'New amount cannot be $0 or negative.',
  tooLarge: 'New amount cannot be greater than or equal to than the original amount.',
} as const;

export type DollarInputError = keyof typeof PARTIAL_AMOUNT_MESSAGES;

export type DollarInputResult =
  | { ok: true; cents: number }
  | { ok: false; error: DollarInputError; message: string };

const DOLLAR_INPUT = /^(-)?\$?(-)?(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d{1,2}))?$/;

function failure(error: DollarInputError): DollarInputResult {
  return { ok: false, error, message: PARTIAL_AMOUNT_MESSAGES[error] };
}

/** Parses a typed dollar amount into cents; only amounts above $0 are accepted. */
export function parseDollarInput(text: string): DollarInputResult {
  const match = typeof text === 'string' ? DOLLAR_INPUT.exec(text.trim()) : null;
  if (!match) return failure('format');
  const [, minusBefore, minusAfter, wholeText, fractionText] = match;
  if ((minusBefore && minusAfter) || (wholeText === '' && fractionText === undefined)) return failure('format');
  const whole = BigInt(wholeText.replace(/,/g, '') || '0');
  const cents = whole * 100n + BigInt((fractionText ?? '').padEnd(2, '0') || '0');
  if (minusBefore || minusAfter || cents === 0n) return failure('nonPositive');
  if (cents > BigInt(Number.MAX_SAFE_INTEGER)) return failure('tooLarge');
  return { ok: true, cents: Number(cents) };
}

/**
 * The partial-payment new amount: a dollar amount above $0 and below the invoice's open amount (in cents). The first
 * failing rule gives the message, in the order of §5.
 */
export function validatePartialAmount(text: string, openAmountCents: number): DollarInputResult {
  const parsed = parseDollarInput(text);
  if (!parsed.ok) return parsed;
  if (parsed.cents >= openAmountCents) return failure('tooLarge');
  return parsed;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function splitCents(cents: number | bigint): { negative: boolean; whole: string; fraction: string } {
  if (typeof cents === 'number' && !Number.isSafeInteger(cents)) throw new RangeError(`cents must be an integer, got ${cents}`);
  const value = BigInt(cents);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  return { negative, whole: (abs / 100n).toString(), fraction: (abs % 100n).toString().padStart(2, '0') };
}

/** Cents as US currency with two decimals: 123456 → "$1,234.56", -1200 → "-$12.00", 0 → "$0.00". */
export function formatCurrency(cents: number | bigint): string {
  const { negative, whole, fraction } = splitCents(cents);
  return `${negative ? '-' : ''}$${groupThousands(whole)}.${fraction}`;
}

/** Cents as the text a dollar input is pre-filled with: 123456 → "1234.56" (parses back with {@link parseDollarInput}). */
export function formatDollarInput(cents: number | bigint): string {
  const { negative, whole, fraction } = splitCents(cents);
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}
