import { assign, setup } from 'xstate';
import { hasServiceFee } from '../../core/rules/fees';
import { attachPaymentMethod, createFailureCode, tokenizePaymentMethod, type PaymentMethod, type TokenizeRequest } from './payment-method-create.actors';

export interface PaymentMethodCreateInput {
  vendorId: string;
  locationId: string;
  paymentMethodsJwt: string | null;
  /** Service fee (percent text) per provider, from `clientFlowInfo` (the add-card modal's fee). */
  serviceFees: Record<string, string | null | undefined>;
}

export interface PaymentMethodCreateContext extends PaymentMethodCreateInput {
  request: TokenizeRequest | null;
  /** The tokenizer's one-time key (or an existing token's key). */
  paymentMethodKey: string | null;
  /** Failure code of spec §4/§8: first processor error code, 'unknown' when blank, '' for generic failures. */
  code: string | null;
  paymentMethod: PaymentMethod | null;
}

export type PaymentMethodCreateEvent =
  | { type: 'create.submit'; request: TokenizeRequest }
  /** Creating from an existing token skips tokenizing (spec §4). */
  | { type: 'create.submitKey'; paymentMethodKey: string }
  | { type: 'create.confirm' }
  | { type: 'create.cancel' }
  | { type: 'create.retry' }
  | { type: 'create.dismiss' };

/** A card whose provider adds a service fee needs the "Add … Card?" confirmation (spec §2). */
export function needsFeeConfirmation(request: TokenizeRequest, serviceFees: PaymentMethodCreateInput['serviceFees']): boolean {
  return request.type === 'CC' && hasServiceFee({ provider: request.provider, serviceFee: serviceFees[request.provider] ?? null });
}

/**
 * Payment method creation (spec §2 Add payment method, §4):
 *
 * idle ──submit [card with fee]──▶ confirming ──confirm──▶ tokenizing ──key──▶ attaching ──done──▶ created
 *      ──submit──────────────────────────────────────────▶ tokenizing        │
 *      ──submitKey (existing token)──────────────────────────────────────────▶ attaching
 *      confirming ──cancel──▶ idle;  tokenizing / attaching ──error──▶ failed (code)
 * failed ──retry──▶ tokenizing (same details) | ──submit──▶ as from idle | ──dismiss──▶ idle
 *
 * Success hands the new method to `notifyCreated` (provided: add it to the session's list as the
 * selected method, then navigate back). Leaving a busy state aborts its call.
 */
export const paymentMethodCreateMachine = setup({
  types: {} as { context: PaymentMethodCreateContext; events: PaymentMethodCreateEvent; input: PaymentMethodCreateInput },
  actors: { tokenizePaymentMethod, attachPaymentMethod },
  guards: {
    needsConfirmation: ({ context, event }) => event.type === 'create.submit' && needsFeeConfirmation(event.request, context.serviceFees),
    hasRequest: ({ context }) => context.request !== null,
  },
  actions: {
    storeRequest: assign({ request: ({ event, context }) => (event.type === 'create.submit' ? event.request : context.request), code: null, paymentMethodKey: null }),
    storeKey: assign({ paymentMethodKey: (_, key: string) => key, code: null }),
    storeCode: assign({ code: (_, error: unknown) => createFailureCode(error) }),
    storeMethod: assign({ paymentMethod: (_, method: PaymentMethod) => method }),
    /** Provided by the page: add to the session's list (selected) and navigate back. */
    notifyCreated: (_, _method: PaymentMethod) => {},
  },
}).createMachine({
  id: 'paymentMethodCreate',
  context: ({ input }) => ({ ...input, request: null, paymentMethodKey: null, code: null, paymentMethod: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'create.submit': [
          { guard: 'needsConfirmation', target: 'confirming', actions: 'storeRequest' },
          { target: 'tokenizing', actions: 'storeRequest' },
        ],
        'create.submitKey': { target: 'attaching', actions: { type: 'storeKey', params: ({ event }) => event.paymentMethodKey } },
      },
    },
    // The service-fee modal: nothing is sent before the customer confirms the fee.
    confirming: { on: { 'create.confirm': 'tokenizing', 'create.cancel': 'idle' } },
    tokenizing: {
      invoke: {
        id: 'tokenizePaymentMethod',
        src: 'tokenizePaymentMethod',
        input: ({ context }) => ({ vendorId: context.vendorId, locationId: context.locationId, paymentMethodsJwt: context.paymentMethodsJwt, request: context.request! }),
        onDone: { target: 'attaching', actions: { type: 'storeKey', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'storeCode', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    attaching: {
      invoke: {
        id: 'attachPaymentMethod',
        src: 'attachPaymentMethod',
        input: ({ context }) => ({ vendorId: context.vendorId, locationId: context.locationId, paymentMethodKey: context.paymentMethodKey! }),
        onDone: {
          target: 'created',
          actions: [{ type: 'storeMethod', params: ({ event }) => event.output }, { type: 'notifyCreated', params: ({ event }) => event.output }],
        },
        onError: { target: 'failed', actions: { type: 'storeCode', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    failed: {
      on: {
        'create.retry': { guard: 'hasRequest', target: 'tokenizing' },
        'create.submit': [
          { guard: 'needsConfirmation', target: 'confirming', actions: 'storeRequest' },
          { target: 'tokenizing', actions: 'storeRequest' },
        ],
        'create.dismiss': 'idle',
      },
    },
    created: { type: 'final' },
  },
});
