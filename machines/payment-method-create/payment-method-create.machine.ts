import { assign, setup } from 'xstate';
import { hasServiceFee, type CardFunding } from '../../core/rules/fees';
import {
  attachPaymentMethod, checkHostedFields, createFailureCode, tokenizePaymentMethod, type CheckAnswer, type CreateRequest, type PaymentMethod,
} from './payment-method-create.actors';

export interface PaymentMethodCreateInput {
  vendorId: string;
  locationId: string;
  /** Service fee (percent text) per provider, from `clientFlowInfo` (the add-card modal's fee). */
  serviceFees: Record<string, string | null | undefined>;
}

export interface PaymentMethodCreateContext extends PaymentMethodCreateInput {
  /** kind, provider, nickname/TIN and the frame's port (the numbers stay in the frame) */
  request: CreateRequest | null;
  /** The tokenizer's one-time key (or an existing token's key). */
  paymentMethodKey: string | null;
  /** Failure code of spec §4/§8: first processor error code, 'unknown' when blank, '' for generic failures. */
  code: string | null;
  paymentMethod: PaymentMethod | null;
  /** The card's funding by its BIN, as the frame's check answered (null: not asked yet, or not known = credit). */
  funding: CardFunding | null;
  /** The card's brand, as the frame's check answered. */
  brand: string | null;
}

export type PaymentMethodCreateEvent =
  | { type: 'create.submit'; request: CreateRequest }
  /** Creating from an existing token skips tokenizing (spec §4). */
  | { type: 'create.submitKey'; paymentMethodKey: string }
  | { type: 'create.confirm' }
  | { type: 'create.cancel' }
  | { type: 'create.retry' }
  | { type: 'create.dismiss' };

/**
 * A card whose provider adds a service fee needs the "Add … Card?" confirmation (spec §2): its funding is asked first
 * (the modal says the fee for a credit card, and that no fee is charged for a debit or prepaid card).
 */
export function needsFeeConfirmation(request: Pick<CreateRequest, 'kind' | 'provider'>, serviceFees: PaymentMethodCreateInput['serviceFees']): boolean {
  return request.kind === 'CC' && hasServiceFee({ provider: request.provider, serviceFee: serviceFees[request.provider] ?? null });
}

/**
 * Payment method creation (spec §2 Add payment method, §4; the hosted fields frame is the tokenizing actor):
 *
 * idle ──submit──▶ checking ──valid [card with fee]──▶ confirming ──confirm──▶ tokenizing ──key──▶ attaching ──done──▶ created
 *                           ──valid──────────────────────────────────────────▶ tokenizing        │
 *                           ──invalid──▶ idle (the frame shows and focuses its errors)           │
 *      ──submitKey (existing token)──────────────────────────────────────────────────────────────▶ attaching
 *      confirming ──cancel──▶ idle;  tokenizing / attaching ──error──▶ failed (code)
 *      checking: the frame's check — fields complete, and a card's brand and funding by its BIN (unknown = credit,
 *      so the modal says the fee); it never fails (a port that throws counts as invalid)
 * failed ──retry──▶ tokenizing (same frame, same details) | ──submit──▶ as from idle | ──dismiss──▶ idle
 *
 * Success hands the new method to `notifyCreated` (provided: add it to the session's list as the
 * selected method, then navigate back). Leaving a busy state aborts its call.
 */
export const paymentMethodCreateMachine = setup({
  types: {} as { context: PaymentMethodCreateContext; events: PaymentMethodCreateEvent; input: PaymentMethodCreateInput },
  actors: { tokenizePaymentMethod, attachPaymentMethod, checkHostedFields },
  guards: {
    checkedValid: (_, answer: CheckAnswer) => answer.valid,
    /** valid, and a card whose provider adds a fee: the modal asks first */
    checkedNeedsConfirmation: ({ context }, answer: CheckAnswer) => answer.valid && context.request !== null && needsFeeConfirmation(context.request, context.serviceFees),
    hasRequest: ({ context }) => context.request !== null,
  },
  actions: {
    storeRequest: assign({
      request: ({ event, context }) => (event.type === 'create.submit' ? event.request : context.request),
      code: null, paymentMethodKey: null, funding: null, brand: null,
    }),
    storeCheck: assign((_, answer: CheckAnswer) => (answer.valid ? { funding: answer.funding, brand: answer.brand } : {})),
    storeKey: assign({ paymentMethodKey: (_, key: string) => key, code: null }),
    storeCode: assign({ code: (_, error: unknown) => createFailureCode(error) }),
    storeMethod: assign({ paymentMethod: (_, method: PaymentMethod) => method }),
    /** Provided by the page: add to the session's list (selected) and navigate back. */
    notifyCreated: (_, _method: PaymentMethod) => {},
  },
}).createMachine({
  id: 'paymentMethodCreate',
  context: ({ input }) => ({ ...input, request: null, paymentMethodKey: null, code: null, paymentMethod: null, funding: null, brand: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'create.submit': { target: 'checking', actions: 'storeRequest' },
        'create.submitKey': { target: 'attaching', actions: { type: 'storeKey', params: ({ event }) => event.paymentMethodKey } },
      },
    },
    // The frame checks its fields (nothing is tokenized); for a card it answers brand and funding by the BIN.
    checking: {
      invoke: {
        id: 'checkHostedFields',
        src: 'checkHostedFields',
        input: ({ context }) => ({ port: context.request!.port }),
        onDone: [
          { guard: { type: 'checkedNeedsConfirmation', params: ({ event }) => event.output }, actions: { type: 'storeCheck', params: ({ event }) => event.output }, target: 'confirming' },
          { guard: { type: 'checkedValid', params: ({ event }) => event.output }, actions: { type: 'storeCheck', params: ({ event }) => event.output }, target: 'tokenizing' },
          // invalid: the frame shows and focuses its errors; the customer corrects them and submits again
          { target: 'idle' },
        ],
      },
    },
    // The service-fee modal: nothing is sent before the customer confirms the fee.
    confirming: { on: { 'create.confirm': 'tokenizing', 'create.cancel': 'idle' } },
    tokenizing: {
      invoke: {
        id: 'tokenizePaymentMethod',
        src: 'tokenizePaymentMethod',
        input: ({ context }) => ({ vendorId: context.vendorId, locationId: context.locationId, port: context.request!.port, extra: context.request!.extra }),
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
        'create.submit': { target: 'checking', actions: 'storeRequest' },
        'create.dismiss': 'idle',
      },
    },
    created: { type: 'final' },
  },
});
