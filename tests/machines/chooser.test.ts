import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { chooserMachine, type ChooserOptions } from '../../machines/selection/chooser.machine';
import { chooserModelOptions } from '../../machines/selection/chooser.model';
import type { Location, Vendor } from '../../machines/load/load.actors';
import { changeLocationPath, formatAddress, sortLocations, sortVendors } from '../../machines/selection/selection.selectors';

function start(load: (refresh: boolean) => Promise<ChooserOptions>) {
  const forwardToOnlyOption = vi.fn();
  const goToChosenOption = vi.fn();
  const loadSpy = vi.fn(load);
  const actor = createActor(
    chooserMachine.provide({
      actors: { loadOptions: fromPromise(({ input }: { input: { refresh: boolean } }) => loadSpy(input.refresh)) },
      actions: { forwardToOnlyOption: (_, p: { id: string }) => forwardToOnlyOption(p.id), goToChosenOption: (_, p: { id: string }) => goToChosenOption(p.id) },
    }),
  ).start();
  return { actor, forwardToOnlyOption, goToChosenOption, loadSpy };
}

describe('chooser machine', () => {
  it('forwards straight to the only option', async () => {
    const { actor, forwardToOnlyOption, goToChosenOption } = start(async () => chooserModelOptions.one);
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('forwarding');
    expect(forwardToOnlyOption).toHaveBeenCalledExactlyOnceWith(chooserModelOptions.one.options[0].id);
    expect(goToChosenOption).not.toHaveBeenCalled();
  });

  it('lets the user choose among several options', async () => {
    const { actor, forwardToOnlyOption, goToChosenOption } = start(async () => chooserModelOptions.many);
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'chooser.choose', id: 'not-an-option' });
    expect(actor.getSnapshot().value).toBe('choosing');
    const id = chooserModelOptions.many.options[1].id;
    actor.send({ type: 'chooser.choose', id });
    expect(actor.getSnapshot().value).toBe('chosen');
    expect(goToChosenOption).toHaveBeenCalledExactlyOnceWith(id);
    expect(forwardToOnlyOption).not.toHaveBeenCalled();
  });

  it('fails, and a retry loads again asking for a refresh', async () => {
    let calls = 0;
    const { actor, loadSpy } = start(async () => {
      calls += 1;
      if (calls === 1) throw new Error('failed calling api on path /vendors');
      return chooserModelOptions.many;
    });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'chooser.retry' });
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(loadSpy.mock.calls).toEqual([[false], [true]]);
  });
});

const address = { addressLine1: '1 Main St', addressLine2: '', city: 'Austin', state: 'TX', postalCode: '78701' };

describe('chooser sort rules', () => {
  it('sorts vendors by name ignoring case', () => {
    const vendors = ['zeta Foods', 'Acme', 'beta Supply', 'Alpha'].map((name, i) => ({ id: String(i), name, displayName: name }) as Vendor);
    expect(sortVendors(vendors).map((v) => v.name)).toEqual(['Acme', 'Alpha', 'beta Supply', 'zeta Foods']);
  });

  it('sorts locations by display name ascending', () => {
    const locations = Object.fromEntries(['Uptown', 'Airport', 'Midtown'].map((displayName, i) => [String(i), { id: String(i), displayName, address } as Location]));
    expect(sortLocations(locations).map((l) => l.displayName)).toEqual(['Airport', 'Midtown', 'Uptown']);
  });

  it('formats an address on one line', () => {
    expect(formatAddress({ ...address, addressLine2: 'Suite 4' })).toBe('1 Main St, Suite 4, Austin, TX 78701');
  });

  it('the change-location bar leads to the location chooser, else the vendor chooser, else it is not shown', () => {
    expect(changeLocationPath('T', 'v1', 2, 3)).toBe('/token/T/vendors/v1/locations');
    expect(changeLocationPath('T', 'v1', 2, 1)).toBe('/token/T/vendors');
    expect(changeLocationPath('T', 'v1', 1, 1)).toBeNull();
  });
});
