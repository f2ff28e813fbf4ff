import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { isLocationBase, navigationMachine } from '../../machines/navigation/navigation.machine';
import { parsePersisted, persistedMachine, PERSISTED_STORE_VERSION } from '../../machines/persisted/persisted.machine';
import { emptyReplayState } from '../../machines/replay/replay.types';
import { selectionMachine } from '../../machines/selection/selection.machine';

const base = '/token/t/vendors/0b7a8c1e-5a4d-4a8e-8a59-3f0f4f1d2c01/locations/5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

describe('navigation history', () => {
  function start() {
    const save = vi.fn();
    const actor = createActor(navigationMachine.provide({ actions: { save: (_, h: unknown) => save(h) } }), { input: undefined }).start();
    return { actor, save };
  }

  it('records to, from and the visited paths, and saves them', () => {
    const { actor, save } = start();
    actor.send({ type: 'navigation.visit', path: '/token/t/vendors' });
    actor.send({ type: 'navigation.visit', path: `${base}/invoices` });
    expect(actor.getSnapshot().context).toEqual({ to: `${base}/invoices`, from: '/token/t/vendors', visited: ['/token/t/vendors', `${base}/invoices`] });
    expect(save).toHaveBeenLastCalledWith(actor.getSnapshot().context);
  });

  it('clears the history on the location base exactly', () => {
    const { actor } = start();
    actor.send({ type: 'navigation.visit', path: '/token/t/vendors' });
    actor.send({ type: 'navigation.visit', path: `${base}/invoices` });
    actor.send({ type: 'navigation.visit', path: base });
    expect(actor.getSnapshot().context).toEqual({ to: base, from: null, visited: [base] });
    expect(isLocationBase(`${base}/`)).toBe(true);
    expect(isLocationBase(`${base}/profile`)).toBe(false);
  });

  it('ignores a repeated visit of the same path', () => {
    const { actor, save } = start();
    actor.send({ type: 'navigation.visit', path: '/token/t/vendors' });
    actor.send({ type: 'navigation.visit', path: '/token/t/vendors' });
    expect(actor.getSnapshot().context.visited).toEqual(['/token/t/vendors']);
    expect(save).toHaveBeenCalledTimes(1);
  });
});

describe('persisted store (version 1)', () => {
  it('stores the last payment method and clears it', () => {
    const save = vi.fn();
    const actor = createActor(persistedMachine.provide({ actions: { save: (_, s: unknown) => save(s) } }), { input: undefined }).start();
    actor.send({ type: 'persisted.lastPaymentMethod', paymentMethodId: 'pm-1' });
    expect(save).toHaveBeenLastCalledWith({ version: 1, lastPaymentMethodId: 'pm-1', replay: emptyReplayState });
    actor.send({ type: 'persisted.clear' });
    expect(save).toHaveBeenLastCalledWith({ version: 1, lastPaymentMethodId: null, replay: emptyReplayState });
  });

  it('restores only a version 1 value', () => {
    expect(parsePersisted(JSON.stringify({ version: PERSISTED_STORE_VERSION, lastPaymentMethodId: 'pm-2' })).lastPaymentMethodId).toBe('pm-2');
    expect(parsePersisted(JSON.stringify({ version: 0, lastPaymentMethodId: 'pm-2' })).lastPaymentMethodId).toBeNull();
    expect(parsePersisted('{not json').lastPaymentMethodId).toBeNull();
  });
});

describe('selection follows the path', () => {
  it('takes the vendor and location ids of the path when they differ', () => {
    const actor = createActor(selectionMachine).start();
    actor.send({ type: 'selection.path', vendorId: 'v1', locationId: 'l1' });
    expect(actor.getSnapshot().context).toEqual({ selectedVendorId: 'v1', selectedLocationId: 'l1' });
    actor.send({ type: 'selection.path', vendorId: 'v2', locationId: null });
    expect(actor.getSnapshot().context).toEqual({ selectedVendorId: 'v2', selectedLocationId: null });
    actor.send({ type: 'selection.path', vendorId: null, locationId: null });
    expect(actor.getSnapshot().context).toEqual({ selectedVendorId: 'v2', selectedLocationId: null });
  });
});
