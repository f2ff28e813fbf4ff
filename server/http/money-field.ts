/**
 * Money from a request body → integer cents, or a 400 naming the field. The one place a route turns a contract
 * amount into cents (the rule and its words: server/domain/amount-field.ts).
 */
import { centsOrProblem } from '../domain/amount-field.js';
import { ApiError } from './errors.js';

export function centsOfField(amount: number, field: string): number {
  const result = centsOrProblem(amount, field);
  if ('problem' in result) throw new ApiError(400, 'validation_failed', result.problem, field);
  return result.cents;
}
