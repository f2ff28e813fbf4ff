/**
 * Money at the edge: integer cents inside (database, arithmetic), numbers in dollars with at most two
 * decimals in the contract. Never parseFloat a money string; never add dollars.
 */

/** Cents (number, bigint or the decimal string node-postgres gives for bigint) → dollars, e.g. 123456 → 1234.56. */
export function centsToAmount(cents: number | bigint | string): number {
  const value = typeof cents === 'string' ? BigInt(cents) : cents;
  if (typeof value === 'bigint') {
    const negative = value < 0n;
    const abs = negative ? -value : value;
    const amount = Number(`${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`);
    return negative ? -amount : amount;
  }
  if (!Number.isSafeInteger(value)) throw new RangeError(`cents must be an integer, got ${value}`);
  // Via the decimal text: 1999 → "19.99" → 19.99 exactly as JSON will print it.
  const negative = value < 0;
  const abs = Math.abs(value);
  const amount = Number(`${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`);
  return negative && amount !== 0 ? -amount : amount;
}

/** Dollars with at most two decimals → cents, e.g. 19.99 → 1999. Rounds half away from zero at the cent. */
export function amountToCents(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError(`amount must be a finite number, got ${amount}`);
  // toFixed(2) works on the decimal expansion (19.99 → "19.99"), avoiding 19.99 * 100 = 1998.9999999999998.
  const [whole, fraction = '00'] = Math.abs(amount).toFixed(2).split('.');
  const cents = Number(whole) * 100 + Number(fraction);
  return amount < 0 ? -cents : cents;
}

/**
 * The contract's bound on every money field (`Amount` in openapi/portal.yaml): 999,999,999.99 dollars either way.
 * Far inside exact integer cents (Number.MAX_SAFE_INTEGER is about 9e15) and PostgreSQL's bigint columns, so sums
 * of thousands of such amounts stay exact too.
 */
export const MAX_AMOUNT_CENTS = 99_999_999_999;

/**
 * Dollars from a request → integer cents, or why they cannot be: `'too_many_decimals'` (19.999, 0.001) or
 * `'out_of_range'` (not finite, or beyond {@link MAX_AMOUNT_CENTS}). Exact: `cents / 100` must give back the very
 * number sent (19.99 → 1999 → 19.99), which also refuses numbers too large to have a cents digit at all.
 */
export function requestAmountToCents(amount: number): number | 'too_many_decimals' | 'out_of_range' {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || Math.abs(amount) > MAX_AMOUNT_CENTS / 100) return 'out_of_range';
  const cents = amountToCents(amount);
  if (!Number.isSafeInteger(cents) || Math.abs(cents) > MAX_AMOUNT_CENTS) return 'out_of_range';
  return cents / 100 === amount || (cents === 0 && amount === 0) ? cents : 'too_many_decimals';
}

/** Adds a list of cents exactly. */
export function sumCents(values: Array<number | bigint | string>): number {
  return values.reduce<number>((total, v) => total + Number(v), 0);
}
