/**
 * What a use case answers: the value it made, or a refusal saying why not. A refusal is the customer's (or the
 * caller's) to fix — a wrong date, an unverified account, a missing row — never a fault of ours; faults stay
 * exceptions. The route turns a refusal into the API's error answer (server/http/refusal.ts): `kind` picks the
 * status, `code`, `message` and `field` are the body, word for word.
 */
export type RefusalKind = 'invalid' | 'unauthorized' | 'not_found' | 'conflict' | 'unprocessable' | 'rate_limited' | 'too_large';

export interface Refusal {
  kind: RefusalKind;
  /** the API's errorCode */
  code: string;
  message: string;
  /** the request field the refusal is about */
  field?: string;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

export const ok = <T>(value: T): Outcome<T> => ({ ok: true, value });

export function refusal(kind: RefusalKind, code: string, message: string, field?: string): Refusal {
  return field === undefined ? { kind, code, message } : { kind, code, message, field };
}

/** `The <what> was not found.` — the one wording of a row the caller may not see or that is not there. */
export const notFoundRefusal = (what: string, field?: string) => refusal('not_found', 'not_found', `The ${what} was not found.`, field);

/**
 * A refusal decided inside a transaction: thrown there so that the transaction rolls back and nothing is written,
 * and caught by `attempt` at the use case's edge, which answers it as a refusal. It never leaves a use case.
 */
export class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
    this.name = 'Refused';
  }
}

export const refuse = (kind: RefusalKind, code: string, message: string, field?: string) => new Refused(refusal(kind, code, message, field));

/** Runs `work`; a `Refused` it throws becomes the refusal answered, anything else stays an exception. */
export async function attempt<T>(work: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return ok(await work());
  } catch (error) {
    if (error instanceof Refused) return { ok: false, refusal: error.refusal };
    throw error;
  }
}
