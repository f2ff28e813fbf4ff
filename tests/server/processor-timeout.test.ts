// @vitest-environment node
/**
 * A processor that answers late: one call of settlement may take at most its timeout. A debit the
 * processor answers only after it is left unanswered — the run does not wait: it finishes, the group stays
 * `processing` with its key, and the next run resolves it by looking the key up (as after a crash): it completes,
 * and the processor's ledger holds ONE charge for it.
 */
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_PROVIDERS } from '../../core/rules/providers.js';
import { createTestDb, type TestDb } from '../../server/db/testing.js';
import { settleDuePaymentGroups } from '../../server/jobs/settlement.js';
import type { ProcessorRegistry } from '../../server/payments-service/processor.js';
import { sandboxProcessor } from '../../server/payments-service/sandbox.js';
import { paymentsDb } from '../../server/payments-service/schema.js';

const WEDNESDAY = Temporal.PlainDate.from('2026-12-02');
const NOON = new Date('2026-12-02T17:00:00Z');

describe('a processor slower than its timeout', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb({ seed: true, today: WEDNESDAY });
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('the run finishes without its answer; the next run looks the key up and completes the group once', async () => {
    const slow = Object.fromEntries(PAYMENT_PROVIDERS.map((p) => [p, sandboxProcessor(p, t.db, { answerDelayMs: 3_000 })])) as ProcessorRegistry;
    const first = await settleDuePaymentGroups(t.db, { now: NOON, processors: slow, processorTimeoutMs: 200 });
    expect(first.settledGroupIds).toEqual([]);
    expect(first.failedGroupIds.length).toBeGreaterThan(0);
    const stuck = first.failedGroupIds[0]!;
    const statusOf = async () => (await t.db.selectFrom('paymentGroups').select('status').where('id', '=', stuck).executeTakeFirstOrThrow()).status;
    expect(await statusOf()).toBe('processing');

    // the next run (the processor answering at once now) resolves it by its key: complete, charged once
    const prompt = Object.fromEntries(PAYMENT_PROVIDERS.map((p) => [p, sandboxProcessor(p, t.db, { answerDelayMs: 0 })])) as ProcessorRegistry;
    const second = await settleDuePaymentGroups(t.db, { now: NOON, processors: prompt, processorTimeoutMs: 5_000 });
    expect(second.settledGroupIds).toContain(stuck);
    expect(await statusOf()).toBe('complete');
    const keys = await t.db.selectFrom('paymentGroupCharges').select('idempotencyKey').where('paymentGroupId', '=', stuck).execute();
    expect(keys).toHaveLength(1);
    const ledger = await paymentsDb(t.db).selectFrom('sandboxCharges').select('id').where('idempotencyKey', '=', keys[0]!.idempotencyKey).execute();
    expect(ledger).toHaveLength(1);
  }, 60_000);
});
