// @vitest-environment node
/**
 * Exactly-once charging with real processes: three `npm run jobs -- run settlement` processes on one PostgreSQL at
 * once, against a slow sandbox processor (it takes each charge at once and answers 1.5 s later), and one of them
 * killed with SIGKILL while its charges are in flight. Then one more run. Every due group ends complete with exactly
 * one charge at the sandbox processor (its ledger, not our rows). Runs in the PostgreSQL half of the suite.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../server/db/testing.js';
import { settleDuePaymentGroups } from '../../server/jobs/settlement.js';
import { paymentsDb } from '../../server/payments-service/schema.js';
import { createPaymentGroupOnce } from './helpers/use-cases.js';

const root = path.resolve(import.meta.dirname, '../..');
const TODAY = Temporal.PlainDate.from('2026-12-02');
const NOON = new Date('2026-12-02T17:00:00Z');
const DUE = '2026-12-03';
const AT = '2026-12-03T15:00:00Z';
const enabled = Boolean(process.env.DATABASE_URL);

describe.skipIf(!enabled)('three settlement processes and a SIGKILL mid-charge', () => {
  let t: TestDb;
  const children = new Set<ChildProcess>();
  beforeAll(async () => {
    t = await createTestDb({ seed: true, today: TODAY });
    await settleDuePaymentGroups(t.db, { now: NOON }); // the demo's groups due today, out of the way
  }, 60_000);
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await t?.drop();
  });

  function settlementProcess(): { child: ChildProcess; exited: Promise<number | null> } {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/cli/jobs.ts'), 'run', 'settlement', '--at', AT], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: t.databaseUrl, SANDBOX_CHARGE_DELAY_MS: '1500' },
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    children.add(child);
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => (children.delete(child), resolve(code))));
    return { child, exited };
  }

  const ledger = () => paymentsDb(t.db).selectFrom('sandboxCharges').select(['idempotencyKey']).execute();

  it('each due group is charged once at the processor and ends complete', async () => {
    const d = t.demo!;
    const invoices = await t.db
      .selectFrom('invoices')
      .select('id')
      .where('locationId', '=', d.locations.coastalBlueHeron)
      .where('payable', '=', true)
      .where('deletedAt', 'is', null)
      .where('openAmountCents', '>', 0)
      .orderBy('id')
      .limit(9)
      .execute();
    expect(invoices.length).toBeGreaterThanOrEqual(6);
    const groupIds: string[] = [];
    for (const [i, invoice] of invoices.entries()) {
      const method = await t.db
        .insertInto('paymentMethods')
        .values({
          contactId: d.contactId, vendorId: d.vendors.coastal, locationId: d.locations.coastalBlueHeron, provider: 'priority-cc',
          name: 'Visa', lastFour: '4242', providerToken: `sbx_priority-cc_card_${randomBytes(8).toString('hex')}`, serviceFee: '3.5',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const result = await createPaymentGroupOnce(t.db, {
        contactId: d.contactId, vendorId: d.vendors.coastal, locationId: d.locations.coastalBlueHeron, idempotencyKey: `restart-${i}`,
        body: { paymentMethodId: method.id, paymentDate: DUE, partialPayments: [], invoices: [invoice.id], epaVersion: '2' },
        click2payRequestId: null, now: NOON,
      });
      expect(result.status).toBe(201);
      groupIds.push((result.body as { paymentGroupId: string }).paymentGroupId);
    }

    const processes = [settlementProcess(), settlementProcess(), settlementProcess()];
    // kill the first once the processor has taken a charge from each process (all three are waiting for answers)
    const until = Date.now() + 60_000;
    while ((await ledger()).length < 3) {
      if (Date.now() > until) throw new Error('the processes took no charges');
      await new Promise((r) => setTimeout(r, 50));
    }
    processes[0].child.kill('SIGKILL');
    // killed mid-charge: charges were in flight (taken by the processor, their answers not recorded yet)
    const inFlight = await t.db.selectFrom('paymentGroups').select('id').where('id', 'in', groupIds).where('status', '=', 'processing').execute();
    expect(inFlight.length).toBeGreaterThanOrEqual(1);
    const codes = await Promise.all(processes.map((p) => p.exited));
    expect(processes[0].child.signalCode).toBe('SIGKILL');
    expect(codes.slice(1)).toEqual([0, 0]);

    // whatever the killed process left in processing (unless a survivor, starting later, already resolved it by its
    // key) is resolved by the next run: looked up, not charged again
    await settleDuePaymentGroups(t.db, { now: new Date(AT) });

    const statuses = await t.db.selectFrom('paymentGroups').select('status').where('id', 'in', groupIds).execute();
    expect(statuses.map((s) => s.status)).toEqual(groupIds.map(() => 'complete'));
    const keys = (await ledger()).map((r) => r.idempotencyKey);
    for (const id of groupIds) expect(keys.filter((k) => k.startsWith(`pg_${id}_`)), id).toEqual([`pg_${id}_1`]);
  }, 120_000);
});
