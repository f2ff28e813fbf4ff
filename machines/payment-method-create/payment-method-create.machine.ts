import { assign, setup } from 'xstate';
import { hasServiceFee, type CardFunding } from '../../core/rules/fees';
import {
  attachPaymentMethod, binOf, createFailureCode, lookupCardFunding, tokenizePaymentMethod, type PaymentMethod, type TokenizeRequest,
} from './payment-method-create.actors';

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
  /** The card's funding by its BIN, asked before the fee modal (null: not asked yet, or not known = credit). */
  funding: CardFunding | null;
}

export type PaymentMethodCreateEvent =
  | { type: 'create.submit'; request: TokenizeRequest }
  /** Creating from an existing token skips tokenizing (spec §4). */
  | { type: 'create.submitKey'; paymentMethodKey: string }
  | { type: 'create.confirm' }
  | { type: 'create.cancel' }
  | { type: 'create.retry' }
  | { type: 'create.dismiss' };

/**
 * A card whose provider adds a service fee needs the "Add … Card?" confirmation (spec §2): its funding is asked first
 * (issue 20: the modal says the fee for a credit card, and that no fee is charged for a debit or prepaid card).
 */
export function needsFeeConfirmation(request: TokenizeRequest, serviceFees: PaymentMethodCreateInput['serviceFees']): boolean {
  return request.type === 'CC' && hasServiceFee({ provider: request.provider, serviceFee: serviceFees[request.provider] ?? null });
}

/**
 * Payment method creation (spec §2 Add payment method, §4):
 *
 * idle ──submit [card with fee]──▶ checkingCard ──funding──▶ confirming ──confirm──▶ tokenizing ──key──▶ attaching ──done──▶ created
 *      ──submit──────────────────────────────────────────▶ tokenizing        │
 *      ──submitKey (existing token)──────────────────────────────────────────▶ attaching
 *      confirming ──cancel──▶ idle;  tokenizing / attaching ──error──▶ failed (code)
 *      checkingCard: the BIN lookup (the number's first 8 digits); it never fails — an unanswered lookup leaves the
 *      funding unknown (credit), so the modal says the fee
 * failed ──retry──▶ tokenizing (same details) | ──submit──▶ as from idle | ──dismiss──▶ idle
 *
 * Success hands the new method to `notifyCreated` (provided: add it to the session's list as the
 * selected method, then navigate back). Leaving a busy state aborts its call.
 */
export const paymentMethodCreateMachine = setup({
  types: {} as { context: PaymentMethodCreateContext; events: PaymentMethodCreateEvent; input: PaymentMethodCreateInput },
  actors: { tokenizePaymentMethod, attachPaymentMethod, lookupCardFunding },
  guards: {
    needsConfirmation: ({ context, event }) => event.type === 'create.submit' && needsFeeConfirmation(event.request, context.serviceFees),
    hasRequest: ({ context }) => context.request !== null,
  },
  actions: {
    storeRequest: assign({ request: ({ event, context }) => (event.type === 'create.submit' ? event.request : context.request), code: null, paymentMethodKey: null, funding: null }),
    storeFunding: assign({ funding: (_, funding: CardFunding | null) => funding }),
    storeKey: assign({ paymentMethodKey: (_, key: string) => key, code: null }),
    storeCode: assign({ code: (_, error: unknown) => createFailureCode(error) }),
    storeMethod: assign({ paymentMethod: (_, method: PaymentMethod) => method }),
    /** Provided by the page: add to the session's list (selected) and navigate back. */
    notifyCreated: (_, _method: PaymentMethod) => {},
  },
}).createMachine({
  id: 'paymentMethodCreate',
  context: ({ input }) => ({ ...input, request: null, paymentMethodKey: null, code: null, paymentMethod: null, funding: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'create.submit': [
          { guard: 'needsConfirmation', target: 'checkingCard', actions: 'storeRequest' },
          { target: 'tokenizing', actions: 'storeRequest' },
        ],
        'create.submitKey': { target: 'attaching', actions: { type: 'storeKey', params: ({ event }) => event.paymentMethodKey } },
      },
    },
    // The card's funding by its BIN, so the modal can say whether the fee applies. Only the BIN is sent.
    checkingCard: {
      invoke: {
        id: 'lookupCardFunding',
        src: 'lookupCardFunding',
        input: ({ context }) => {
          const request = context.request as Extract<TokenizeRequest, { type: 'CC' }>;
          return { vendorId: context.vendorId, locationId: context.locationId, paymentMethodsJwt: context.paymentMethodsJwt, provider: request.provider, bin: binOf(request.ccNumber) };
        },
        onDone: { target: 'confirming', actions: { type: 'storeFunding', params: ({ event }) => event.output } },
        // the actor answers null for any failure; an unexpected throw is the same: funding unknown (credit)
        onError: { target: 'confirming', actions: { type: 'storeFunding', params: () => null } },
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
          { guard: 'needsConfirmation', target: 'checkingCard', actions: 'storeRequest' },
          { target: 'tokenizing', actions: 'storeRequest' },
        ],
        'create.dismiss': 'idle',
      },
    },
    created: { type: 'final' },
  },
});
