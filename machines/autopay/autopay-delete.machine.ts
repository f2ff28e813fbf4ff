import { assign, setup } from 'xstate';
import { deleteAutopay, type DeleteAutopayResponse } from './autopay.actors';

export interface AutopayDeleteInput {
  vendorId: string;
  locationId: string;
  autopayId: string;
}

export interface AutopayDeleteContext extends AutopayDeleteInput {
  result: DeleteAutopayResponse | null;
}

export type AutopayDeleteEvent = { type: 'delete.open' } | { type: 'delete.confirm' } | { type: 'delete.cancel' };

/**
 * Turning AutoPay off (§2.2, §4 "Deletion: deleting, then deleted (active AutoPay cleared) or failed"): a
 * confirmation modal first; "Could not turn off AutoPay Plus." shows in the modal on failure (try again or keep it).
 * On success the provided `goToDeleteConfirmation` action goes to `.../autopaydelete/confirmation`.
 */
export const autopayDeleteMachine = setup({
  types: {} as { context: AutopayDeleteContext; events: AutopayDeleteEvent; input: AutopayDeleteInput },
  actors: { deleteAutopay },
  actions: {
    goToDeleteConfirmation: (_, _params: { result: DeleteAutopayResponse }) => {},
  },
}).createMachine({
  id: 'autopayDelete',
  context: ({ input }) => ({ ...input, result: null }),
  initial: 'idle',
  states: {
    idle: { on: { 'delete.open': 'confirming' } },
    confirming: { on: { 'delete.confirm': 'deleting', 'delete.cancel': 'idle' } },
    deleting: {
      invoke: {
        id: 'deleteAutopay',
        src: 'deleteAutopay',
        input: ({ context }) => ({ vendorId: context.vendorId, locationId: context.locationId, autopayId: context.autopayId }),
        onDone: { target: 'deleted', actions: [assign({ result: ({ event }) => event.output }), { type: 'goToDeleteConfirmation', params: ({ event }) => ({ result: event.output }) }] },
        onError: 'failed',
      },
    },
    deleted: { type: 'final' },
    failed: { on: { 'delete.confirm': 'deleting', 'delete.cancel': 'idle' } },
  },
});
