import { assign, setup } from 'xstate';
import { updateAutopay, type Autopay, type AutopayUpdateOutcome } from './autopay.actors';

export interface AutopayUpdateInput {
  vendorId: string;
  locationId: string;
  autopayId: string;
}

export interface MethodChange {
  paymentMethodId: string;
  epaVersion: string;
}

export interface ExclusionChange {
  excludeInvoiceIds: string[];
  reincludeInvoiceIds: string[];
}

export interface AutopayUpdateContext extends AutopayUpdateInput {
  method: MethodChange | null;
  exclusions: ExclusionChange | null;
  methodFailed: boolean;
  exclusionsFailed: boolean;
  /** The newest AutoPay an update answered. */
  autopay: Autopay | null;
}

export type AutopayUpdateEvent =
  /** `fee`: the new method adds a service fee — the "Update AutoPay Plus?" modal asks first. */
  | { type: 'update.submit'; method: MethodChange | null; exclusions: ExclusionChange | null; fee: boolean }
  | { type: 'update.confirm' }
  | { type: 'update.cancel' };

export type AutopayUpdateFailure = 'method' | 'exclusions' | 'both';

/** Which calls an update makes: from the submit event, or (after the fee modal) from the stored change. */
function change(context: AutopayUpdateContext, event: AutopayUpdateEvent) {
  const c = event.type === 'update.submit' ? event : context;
  return { method: c.method !== null, exclusions: c.exclusions !== null && c.exclusions.excludeInvoiceIds.length + c.exclusions.reincludeInvoiceIds.length > 0 };
}

const hasChange = (e: { method: MethodChange | null; exclusions: ExclusionChange | null }) =>
  e.method !== null || (e.exclusions !== null && e.exclusions.excludeInvoiceIds.length + e.exclusions.reincludeInvoiceIds.length > 0);

/**
 * AutoPay update (§2.2, §7 "two separate calls", §8): the method change (`PATCH .../autopay/{id}`) and the exclusion
 * change (`POST .../autopay/{id}`) run one after the other in one actor, each only when it changed; each has its failure text, and
 * "Could not update AutoPay Plus." when both fail. A call that succeeded reports the new AutoPay through the provided
 * `changed` action even when the other failed, so the page shows what is saved and a second Update sends only what
 * is still different. With a fee the "Update AutoPay Plus?" modal asks first. Success → the provided
 * `goToUpdateConfirmation`.
 */
export const autopayUpdateMachine = setup({
  types: {} as { context: AutopayUpdateContext; events: AutopayUpdateEvent; input: AutopayUpdateInput },
  actors: { updateAutopay },
  guards: {
    withFee: ({ event }) => event.type === 'update.submit' && hasChange(event) && event.fee,
    hasChange: ({ context, event }) => { const c = change(context, event); return c.method || c.exclusions; },
    noneFailed: (_, { methodFailed, exclusionsFailed }: AutopayUpdateOutcome) => !methodFailed && !exclusionsFailed,
  },
  actions: {
    store: assign(({ event }) => (event.type === 'update.submit' ? { method: event.method, exclusions: event.exclusions, methodFailed: false, exclusionsFailed: false } : {})),
    storeOutcome: assign((_, { autopay, methodFailed, exclusionsFailed }: AutopayUpdateOutcome) => ({ autopay, methodFailed, exclusionsFailed })),
    /** Provided: a partial success still changed the AutoPay (null when nothing was saved). */
    changed: (_, _params: { autopay: Autopay | null }) => {},
    /** Provided: shows the saved AutoPay, stores the last used method and goes to the update confirmation. */
    goToUpdateConfirmation: (_, _params: { autopay: Autopay | null }) => {},
  },
}).createMachine({
  id: 'autopayUpdate',
  context: ({ input }) => ({ ...input, method: null, exclusions: null, methodFailed: false, exclusionsFailed: false, autopay: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'update.submit': [
          { guard: 'withFee', target: 'confirming', actions: 'store' },
          { guard: 'hasChange', target: 'updating', actions: 'store' },
        ],
      },
    },
    // The "Update AutoPay Plus?" fee modal.
    confirming: {
      on: {
        'update.confirm': 'updating',
        'update.cancel': 'idle',
      },
    },
    // Both calls in one actor, method first, then exclusions whatever the first did: each failure is reported on its own,
    // and the last successful answer holds both changes.
    updating: {
      invoke: {
        id: 'updateAutopay',
        src: 'updateAutopay',
        input: ({ context }) => ({ vendorId: context.vendorId, locationId: context.locationId, autopayId: context.autopayId, method: context.method, exclusions: context.exclusions }),
        onDone: [
          {
            guard: { type: 'noneFailed', params: ({ event }) => event.output },
            target: 'updated',
            actions: [{ type: 'storeOutcome', params: ({ event }) => event.output }, { type: 'goToUpdateConfirmation', params: ({ event }) => ({ autopay: event.output.autopay }) }],
          },
          {
            target: 'failed',
            actions: [{ type: 'storeOutcome', params: ({ event }) => event.output }, { type: 'changed', params: ({ event }) => ({ autopay: event.output.autopay }) }],
          },
        ],
        // Not expected (the actor settles both calls), but a crash must not leave the page spinning.
        onError: { target: 'failed', actions: assign(({ context }) => ({ methodFailed: context.method !== null, exclusionsFailed: context.exclusions !== null })) },
      },
    },
    updated: { type: 'final' },
    failed: {
      on: {
        'update.submit': [
          { guard: 'withFee', target: 'confirming', actions: 'store' },
          { guard: 'hasChange', target: 'updating', actions: 'store' },
        ],
      },
    },
  },
});
