import { assign, setup } from 'xstate';
import { createAutopay, type Autopay, type CreateAutopayRequest } from './autopay.actors';

export interface AutopaySubmitInput {
  vendorId: string;
  locationId: string;
}

export interface AutopaySubmitContext extends AutopaySubmitInput {
  body: CreateAutopayRequest | null;
  result: Autopay | null;
  error: unknown;
}

export type AutopaySubmitEvent =
  /** `fee`: the chosen card adds a service fee — the "Set up AutoPay Plus?" modal asks first. */
  | { type: 'autopay.submit'; body: CreateAutopayRequest; fee: boolean }
  | { type: 'autopay.confirm' }
  | { type: 'autopay.cancel' };

/**
 * AutoPay submit (§4 "Autopay submit: idle, submitting, confirmed or failed"; §2.1 fee modal): a card with a service
 * fee goes through `confirming` ("Set up AutoPay Plus?") first. While submitting further submits are ignored. A
 * failure shows "Could not set up AutoPay Plus." and the form stays as typed; submitting again is a new attempt (the
 * server refuses a second AutoPay with 409, so a retry after a lost answer cannot create two).
 * On success the provided `goToSetupConfirmation` action navigates to `.../autopayconfirmation`.
 */
export const autopaySubmitMachine = setup({
  types: {} as { context: AutopaySubmitContext; events: AutopaySubmitEvent; input: AutopaySubmitInput },
  actors: { createAutopay },
  guards: {
    withFee: ({ event }) => event.type === 'autopay.submit' && event.fee,
  },
  actions: {
    store: assign(({ event }) => (event.type === 'autopay.submit' ? { body: event.body, error: undefined } : {})),
    /** Provided: stores the last used method and goes to the setup confirmation. */
    goToSetupConfirmation: (_, _params: { autopay: Autopay }) => {},
  },
}).createMachine({
  id: 'autopaySubmit',
  context: ({ input }) => ({ ...input, body: null, result: null, error: undefined }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'autopay.submit': [
          { guard: 'withFee', target: 'confirming', actions: 'store' },
          { target: 'submitting', actions: 'store' },
        ],
      },
    },
    // The "Set up AutoPay Plus?" fee modal.
    confirming: { on: { 'autopay.confirm': 'submitting', 'autopay.cancel': 'idle' } },
    submitting: {
      invoke: {
        id: 'createAutopay',
        src: 'createAutopay',
        input: ({ context }) => ({ vendorId: context.vendorId, locationId: context.locationId, body: context.body! }),
        onDone: { target: 'confirmed', actions: [assign({ result: ({ event }) => event.output }), { type: 'goToSetupConfirmation', params: ({ event }) => ({ autopay: event.output }) }] },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    confirmed: { type: 'final' },
    failed: {
      on: {
        'autopay.submit': [
          { guard: 'withFee', target: 'confirming', actions: 'store' },
          { target: 'submitting', actions: 'store' },
        ],
      },
    },
  },
});
