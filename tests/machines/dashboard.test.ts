import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Autopay, PaymentPlan } from '../../machines/dashboard/dashboard.actors';
import { dashboardMachine } from '../../machines/dashboard/dashboard.machine';
import { modelAutopay, modelLocationId, modelPlan, modelVendorId } from '../../machines/dashboard/dashboard.model';
import { selectAutopayOn, selectHasPaymentPlans, selectIsLoading } from '../../machines/dashboard/dashboard.selectors';

const input = { vendorId: modelVendorId, locationId: modelLocationId };

function start(stubs: { visit?: () => Promise<void>; autopay?: () => Promise<unknown>; plans?: () => Promise<unknown>; shown?: boolean }) {
  const recordVisit = vi.fn((_input: typeof input) => (stubs.visit ? stubs.visit() : Promise.resolve()));
  const actor = createActor(
    dashboardMachine.provide({
      actors: {
        recordVisit: fromPromise<void, typeof input>(({ input: i }) => recordVisit(i)),
        loadAutopay: fromPromise<Autopay | null, typeof input>(async () => (stubs.autopay ? ((await stubs.autopay()) as Autopay | null) : null)),
        loadPaymentPlans: fromPromise<PaymentPlan[], typeof input>(async () => (stubs.plans ? ((await stubs.plans()) as PaymentPlan[]) : [])),
      },
    }),
    { input },
  ).start();
  if (stubs.shown !== false) actor.send({ type: 'page.shown' });
  return { actor, recordVisit };
}

describe('dashboard machine', () => {
  it('loads AutoPay and plans at once, and records the visit only once the page is shown (never while the server renders it)', async () => {
    const { actor, recordVisit } = start({ shown: false });
    await waitFor(actor, (s) => s.matches({ autopay: 'loaded', plans: 'loaded' }));
    expect(recordVisit).not.toHaveBeenCalled();
    expect(actor.getSnapshot().status).toBe('active');
    actor.send({ type: 'page.shown' });
    actor.send({ type: 'page.shown' }); // a second effect run (StrictMode) records nothing more
    await waitFor(actor, (s) => s.status === 'done');
    expect(recordVisit).toHaveBeenCalledExactlyOnceWith(input);
  });

  it('records a visit for the location when shown and shows loading until AutoPay and plans are in', async () => {
    const { actor, recordVisit } = start({});
    expect(recordVisit).toHaveBeenCalledExactlyOnceWith(input);
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.status === 'done');
    expect(selectIsLoading(actor.getSnapshot())).toBe(false);
  });

  it('reads AUTOPAY ON with an active AutoPay and offers PAYMENT PLANS with plans', async () => {
    const { actor } = start({ autopay: async () => modelAutopay, plans: async () => [modelPlan] });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(selectAutopayOn(done)).toBe(true);
    expect(selectHasPaymentPlans(done)).toBe(true);
  });

  it('without AutoPay or plans: no AUTOPAY ON, no PAYMENT PLANS', async () => {
    const { actor } = start({ autopay: async () => null, plans: async () => [] });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(selectAutopayOn(done)).toBe(false);
    expect(selectHasPaymentPlans(done)).toBe(false);
  });

  it('treats failed loads as none and ignores a failed visit', async () => {
    const fail = async () => { throw new Error('failed calling api on path /x'); };
    const { actor } = start({ visit: fail, autopay: fail, plans: fail });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.value).toEqual({ visit: 'failed', autopay: 'failed', plans: 'failed' });
    expect(selectAutopayOn(done)).toBe(false);
    expect(selectHasPaymentPlans(done)).toBe(false);
    expect(selectIsLoading(done)).toBe(false);
  });
});
