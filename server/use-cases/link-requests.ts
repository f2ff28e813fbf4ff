/**
 * Admitting a request for a link by e-mail (the customer's `POST /letmein`, the console's sign-in link): counted,
 * checked and recorded in one transaction, serialised per address and client, so several requests at once (or several
 * server processes) cannot slip past the limits together. A refused request writes nothing. Over the client's limit →
 * `client_limited` (429); over the address's sending cap → `skip` (answered like any other, nothing sent). The rule of
 * the two limits is in repos/letmein-attempts.ts.
 */
import type { Db } from '../db/connect.js';
import { checkAttempt, lockAttemptKeys, NOT_SENT, recordAttempt, type AttemptKeys, type AttemptLimits } from '../repos/letmein-attempts.js';

export type LinkRequestDecision = 'send' | 'skip' | 'client_limited';

export async function admitLinkRequest(db: Db, keys: AttemptKeys, limits: AttemptLimits): Promise<LinkRequestDecision> {
  return db.transaction().execute(async (trx) => {
    await lockAttemptKeys(trx, keys);
    const decision = await checkAttempt(trx, keys, limits);
    if (decision === 'send') await recordAttempt(trx, keys);
    if (decision === 'skip') await recordAttempt(trx, { ...keys, addressHash: NOT_SENT });
    return decision;
  });
}
