import type { AnyEventObject as EventObject } from 'xstate';

export function persistedModelEvents(): EventObject[] {
  return [
    { type: 'persisted.lastPaymentMethod', paymentMethodId: '1f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a1b' },
    { type: 'persisted.replay', replay: { enabled: false, everDispatched: true, actions: [] } },
    { type: 'persisted.clear' },
  ];
}
