/**
 * The fields of the hosted frame and their checks — the same rules and texts as the portal's add-method form
 * (`core/rules/card-validation.ts`, `src/features/payment-methods/form-rules.ts`, `src/ui/payment-methods/texts.ts`),
 * limited to what is secret or tied to the card: the frame holds the card number, expiry, CVC, name on card and
 * billing address; the routing and account number. The nickname and TIN stay on the portal's page and come with
 * `tokenize`.
 */
import type { Temporal } from 'temporal-polyfill';
import { bankFormProblems, cardFormProblems, emptyBank, emptyCard, toBankRequest, toCardRequest } from '../features/payment-methods/form-rules';
import type { BankAccountTokenizeRequest, CardTokenizeRequest } from '../../machines/payment-method-create/payment-method-create.actors';
import { paymentMethodTexts as t } from '../ui/payment-methods/texts';
import type { HostedKind } from '../../core/api/hosted-fields-protocol';

export interface FrameField {
  name: string;
  label: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'text';
  placeholder?: string;
  maxLength: number;
  /** shown beside the previous field on a wide frame */
  half?: boolean;
}

export const CARD_FIELDS: FrameField[] = [
  { name: 'nameOnCard', label: t.nameOnCard, autoComplete: 'cc-name', maxLength: 100 },
  { name: 'ccNumber', label: t.ccNumber, autoComplete: 'cc-number', inputMode: 'numeric', maxLength: 23 },
  { name: 'expDate', label: t.expDate, autoComplete: 'cc-exp', placeholder: 'MM/YY', maxLength: 7, half: true },
  { name: 'cvc', label: t.cvc, autoComplete: 'cc-csc', inputMode: 'numeric', maxLength: 4, half: true },
  { name: 'addressLine1', label: t.addressLine1, autoComplete: 'address-line1', maxLength: 200 },
  { name: 'addressLine2', label: t.addressLine2, autoComplete: 'address-line2', maxLength: 200 },
  { name: 'zipCode', label: t.zipCode, autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 10 },
];

export const BANK_FIELDS: FrameField[] = [
  { name: 'bankRoutingNumber', label: t.routingNumber, inputMode: 'numeric', maxLength: 11, half: true },
  { name: 'checkingAccountNumber', label: t.accountNumber, inputMode: 'numeric', maxLength: 20, half: true },
];

export const fieldsOf = (kind: HostedKind) => (kind === 'CC' ? CARD_FIELDS : BANK_FIELDS);

/** Field → message for the frame's own fields (the portal checks the nickname and TIN). */
export function frameProblems(kind: HostedKind, values: Record<string, string>, today: Temporal.PlainDate): Record<string, string> {
  if (kind === 'CC') {
    const all = cardFormProblems({ ...emptyCard, ...pick(values, CARD_FIELDS) }, today) as Record<string, string>;
    return Object.fromEntries(CARD_FIELDS.filter((f) => all[f.name]).map((f) => [f.name, all[f.name]]));
  }
  // the nickname is the portal's: a placeholder keeps the shared rule from asking for it here
  const all = bankFormProblems({ ...emptyBank, name: 'x', ...pick(values, BANK_FIELDS) }) as Record<string, string>;
  return Object.fromEntries(BANK_FIELDS.filter((f) => all[f.name]).map((f) => [f.name, all[f.name]]));
}

/** The tokenizer's request from valid fields and the portal's extras. */
export function frameRequest(
  kind: HostedKind,
  provider: string,
  values: Record<string, string>,
  extra: { name?: string; tin?: string },
): CardTokenizeRequest | BankAccountTokenizeRequest {
  if (kind === 'CC') {
    return toCardRequest({ ...emptyCard, ...pick(values, CARD_FIELDS), nickname: extra.name ?? '', tin: extra.tin ?? '' }, provider as CardTokenizeRequest['provider']);
  }
  return toBankRequest({ ...emptyBank, ...pick(values, BANK_FIELDS), name: extra.name ?? '' }, provider as BankAccountTokenizeRequest['provider']);
}

function pick(values: Record<string, string>, fields: FrameField[]): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f.name, values[f.name] ?? '']));
}
