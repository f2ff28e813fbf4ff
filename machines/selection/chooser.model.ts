import type { AnyEventObject as EventObject, SnapshotFrom } from 'xstate';
import type { ChooserOptions, chooserMachine } from './chooser.machine';

export const chooserModelOptions: { one: ChooserOptions; many: ChooserOptions } = {
  one: { options: [{ id: '6f1c2b6e-1d7a-4c36-9a0e-2b7f1c9d0a11', label: 'Fresh Farms Produce' }], vendorCount: 1 },
  many: {
    options: [
      { id: '0b7a8c1e-5a4d-4a8e-8a59-3f0f4f1d2c01', label: 'Acme Foodservice' },
      { id: '9d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f60', label: 'Fresh Farms Produce' },
    ],
    vendorCount: 2,
  },
};

export function chooserModelEvents(snapshot: SnapshotFrom<typeof chooserMachine>): EventObject[] {
  const events: EventObject[] = [];
  if (snapshot.matches('loading')) {
    events.push({ type: 'xstate.done.actor.loadOptions', output: chooserModelOptions.one });
    events.push({ type: 'xstate.done.actor.loadOptions', output: chooserModelOptions.many });
    events.push({ type: 'xstate.error.actor.loadOptions', error: new Error('failed calling api on path /vendors') });
  }
  if (snapshot.matches('choosing')) for (const o of snapshot.context.options) events.push({ type: 'chooser.choose', id: o.id });
  if (snapshot.matches('failed')) events.push({ type: 'chooser.retry' });
  return events;
}
