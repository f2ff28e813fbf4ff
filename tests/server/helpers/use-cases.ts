/**
 * Use cases as the tests that drive them directly call them: the value, or the refusal thrown as the API's error
 * (what the route would answer), so a test that expects success fails loudly on a refusal.
 */
import { testConfig } from '../../../server/config.js';
import type { Db } from '../../../server/db/connect.js';
import { answerOf } from '../../../server/http/refusal.js';
import type { AutopayScope } from '../../../server/repos/autopay.js';
import { schedulePaymentOnce, type CreatePaymentGroupInput } from '../../../server/use-cases/schedule-payment.js';
import { turnOffAutopay } from '../../../server/use-cases/turn-off-autopay.js';

export { cancelScheduledGroups } from '../../../server/use-cases/cancel-scheduled-groups.js';

/** Where a test's customer agrees to the terms from, unless the test says (the documents of the checkout). */
export const testAgreement = (): CreatePaymentGroupInput['agreement'] => ({ ipAddress: '203.0.113.10', userAgent: 'vitest', epaDir: testConfig().epaDir });

export async function createPaymentGroupOnce(db: Db, input: Omit<CreatePaymentGroupInput, 'agreement'> & Partial<Pick<CreatePaymentGroupInput, 'agreement'>>) {
  return answerOf(await schedulePaymentOnce(db, { agreement: testAgreement(), ...input }));
}

export async function deleteAutopay(db: Db, scope: AutopayScope, id: string, now?: Date) {
  return answerOf(await turnOffAutopay(db, scope, id, now));
}
