/** Payment rules shared by repositories: method type from provider, source-type names on the API. */
import type { PaymentSourceType } from '../db/schema.js';
import { paymentTypeForProvider, type PaymentType } from '../../core/rules/providers.js';

export type PaymentMethodType = PaymentType;

/** A provider id ending in `-cc` (any case, also the alias PLASTIQ_CC) is a card; everything else is ACH.
 *  The one rule lives in `core/rules/providers.ts`, shared with the SPA. */
export const paymentMethodTypeOf: (provider: string) => PaymentMethodType = paymentTypeForProvider;

/** The contract spells providers in lower-case kebab (`plastiq-cc`); the spec's alias PLASTIQ_CC maps onto it. */
export function normaliseProvider(provider: string): string {
  return provider.toLowerCase().replace(/_/g, '-');
}

const sourceTypes: Record<PaymentSourceType, 'portal' | 'click2pay' | 'paymentplan' | 'autopay' | 'message'> = {
  Portal: 'portal',
  Click2Pay: 'click2pay',
  'Payment Plan': 'paymentplan',
  'Autopay Plus': 'autopay',
  Message: 'message',
};

/** Database source type ('Autopay Plus') → contract enum ('autopay'). */
export function apiSourceType(source: string): (typeof sourceTypes)[PaymentSourceType] {
  const mapped = sourceTypes[source as PaymentSourceType];
  if (!mapped) throw new Error(`unknown payment source type ${source}`);
  return mapped;
}
