/**
 * Money from a request body → integer cents, or a 400 naming the field. The one place a route turns a contract
 * amount into cents: whatever the contract lets through that cents cannot hold (more than two decimals, beyond the
 * `Amount` bound) is the caller's error, never a RangeError from deeper down (a 500).
 */
import { MAX_AMOUNT_CENTS, requestAmountToCents } from '../../core/rules/money.js';
import { ApiError } from './errors.js';

const MAX_DOLLARS = (MAX_AMOUNT_CENTS / 100).toFixed(2);

export function centsOfField(amount: number, field: string): number {
  const cents = requestAmountToCents(amount);
  if (cents === 'too_many_decimals') throw new ApiError(400, 'validation_failed', `${field}: must have at most two decimals`, field);
  if (cents === 'out_of_range') {
    throw new ApiError(400, 'validation_failed', `${field}: must be between -${MAX_DOLLARS} and ${MAX_DOLLARS}`, field);
  }
  return cents;
}
