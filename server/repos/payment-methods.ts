/** Saved payment methods, shaped as the contract's PaymentMethod / PaymentMethodSummary. Never a full number. */
import type { PaymentMethod } from '../db/schema.js';
import { toIsoString } from '../domain/dates.js';
import { normaliseProvider, paymentMethodTypeOf } from '../domain/payments.js';

export function toApiPaymentMethod(
  method: Pick<PaymentMethod, 'id' | 'provider' | 'deletedAt' | 'name' | 'lastFour' | 'serviceFee' | 'verificationRequired'>,
  contact: { firstName: string; lastName: string }) {
  return {
    id: method.id,
    type: paymentMethodTypeOf(method.provider),
    provider: normaliseProvider(method.provider),
    deletedAt: toIsoString(method.deletedAt),
    displayExtra: {
      name: method.name,
      lastFour: method.lastFour,
      serviceFee: method.serviceFee ?? null,
      verificationRequired: method.verificationRequired,
    },
    contactFirstName: contact.firstName,
    contactLastName: contact.lastName,
  };
}

export function toApiPaymentMethodSummary(method: Pick<PaymentMethod, 'provider' | 'name' | 'lastFour'>) {
  return {
    type: paymentMethodTypeOf(method.provider),
    displayExtra: { name: method.name, lastFour: method.lastFour },
  };
}
