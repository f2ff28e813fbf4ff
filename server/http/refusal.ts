/**
 * A use case's refusal as the API's error answer: the kind names the status, the code, message and field are the
 * body as the use case worded them. Routes call `answerOf`; the error handler sends what it throws.
 */
import type { Outcome, Refusal, RefusalKind } from '../use-cases/outcome.js';
import { ApiError } from './errors.js';

const STATUS: Record<RefusalKind, number> = {
  invalid: 400,
  unauthorized: 401,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  rate_limited: 429,
  too_large: 413,
};

export function refusalError(refusal: Refusal): ApiError {
  return new ApiError(STATUS[refusal.kind], refusal.code, refusal.message, refusal.field);
}

/** The value of a use case that went through, or its refusal thrown as the API's error. */
export function answerOf<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  throw refusalError(outcome.refusal);
}
