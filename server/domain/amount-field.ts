/**
 * Money from a request body → integer cents, or what is wrong with it, naming the field. Whatever the contract lets
 * through that cents cannot hold (more than two decimals, beyond the `Amount` bound) is the caller's error, never a
 * RangeError from deeper down (a 500). The route's helper (server/http/money-field.ts) and the use cases word it alike.
 */
import { MAX_AMOUNT_CENTS, requestAmountToCents } from '../../core/rules/money.js';

const MAX_DOLLARS = (MAX_AMOUNT_CENTS / 100).toFixed(2);

export function centsOrProblem(amount: number, field: string): { cents: number } | { problem: string } {
  const cents = requestAmountToCents(amount);
  if (cents === 'too_many_decimals') return { problem: `${field}: must have at most two decimals` };
  if (cents === 'out_of_range') return { problem: `${field}: must be between -${MAX_DOLLARS} and ${MAX_DOLLARS}` };
  return { cents };
}
