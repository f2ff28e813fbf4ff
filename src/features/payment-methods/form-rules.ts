/**
 * The add-method forms' inline checks (spec §2 Add payment method, §3 tokenizer payloads), built on
 * the shared rules of `core/rules/card-validation.ts`, and the payloads they produce.
 */
import type { CardFunding } from '../../../core/rules/fees';
import type { Temporal } from 'temporal-polyfill';
import type { BankAccountTokenizeRequest, CardTokenizeRequest } from '../../../machines/payment-method-create/payment-method-create.actors';
import { isValidAccountNumber, isValidCvc, isValidZip, normaliseDigits, routingNumberError, validateCardNumber, validateExpiry, detectCardBrand } from '../../../core/rules/card-validation';
import { paymentMethodTexts as t } from '../../ui/payment-methods/texts';

export interface CardFormValues {
  nameOnCard: string;
  ccNumber: string;
  expDate: string;
  cvc: string;
  addressLine1: string;
  addressLine2: string;
  zipCode: string;
  nickname: string;
  tin: string;
}

export interface BankFormValues {
  name: string;
  bankRoutingNumber: string;
  checkingAccountNumber: string;
}

export const emptyCard: CardFormValues = { nameOnCard: '', ccNumber: '', expDate: '', cvc: '', addressLine1: '', addressLine2: '', zipCode: '', nickname: '', tin: '' };
export const emptyBank: BankFormValues = { name: '', bankRoutingNumber: '', checkingAccountNumber: '' };

export type Problems<T> = Partial<Record<keyof T, string>>;

const blank = (s: string) => s.trim() === '';

/** Field → message for every problem of the card form (empty when it may be sent). */
export function cardFormProblems(v: CardFormValues, today: Temporal.PlainDate): Problems<CardFormValues> {
  const p: Problems<CardFormValues> = {};
  if (blank(v.nameOnCard)) p.nameOnCard = t.required;
  if (blank(v.ccNumber)) p.ccNumber = t.required;
  else if (!validateCardNumber(v.ccNumber).ok) p.ccNumber = t.errCardNumber;
  if (blank(v.expDate)) p.expDate = t.required;
  else {
    const exp = validateExpiry(v.expDate, today);
    if (!exp.ok) p.expDate = exp.error === 'expired' ? t.errExpired : t.errExpFormat;
  }
  if (blank(v.cvc)) p.cvc = t.required;
  else if (!isValidCvc(v.cvc, detectCardBrand(v.ccNumber))) p.cvc = t.errCvc;
  if (blank(v.addressLine1)) p.addressLine1 = t.required;
  if (blank(v.zipCode)) p.zipCode = t.required;
  else if (!isValidZip(v.zipCode)) p.zipCode = t.errZip;
  if (!blank(v.tin) && !/^\d{9}$/.test(v.tin.replace(/[\s-]/g, ''))) p.tin = t.errTin;
  return p;
}

/** Field → message for every problem of the bank-account form. */
export function bankFormProblems(v: BankFormValues): Problems<BankFormValues> {
  const p: Problems<BankFormValues> = {};
  if (blank(v.name)) p.name = t.required;
  if (blank(v.bankRoutingNumber)) p.bankRoutingNumber = t.required;
  else if (routingNumberError(v.bankRoutingNumber)) p.bankRoutingNumber = t.errRouting;
  if (blank(v.checkingAccountNumber)) p.checkingAccountNumber = t.required;
  else if (!isValidAccountNumber(v.checkingAccountNumber)) p.checkingAccountNumber = t.errAccount;
  return p;
}

/** The card tab's own (non-secret) fields on the portal page: the numbers are in the hosted fields frame. */
export interface CardExtraValues {
  nickname: string;
  tin: string;
}
export const emptyCardExtra: CardExtraValues = { nickname: '', tin: '' };

/** The bank tab's own field on the portal page (routing and account numbers are in the frame). */
export interface BankExtraValues {
  name: string;
}
export const emptyBankExtra: BankExtraValues = { name: '' };

/** The card tab's portal fields: the same checks as the whole form's (the TIN, when given, is nine digits). */
export function cardExtraProblems(v: CardExtraValues): Problems<CardExtraValues> {
  const p: Problems<CardExtraValues> = {};
  if (!blank(v.tin) && !/^\d{9}$/.test(v.tin.replace(/[\s-]/g, ''))) p.tin = t.errTin;
  return p;
}

/** The bank tab's portal field: the account nickname is required. */
export function bankExtraProblems(v: BankExtraValues): Problems<BankExtraValues> {
  return blank(v.name) ? { name: t.required } : {};
}

/** What the frame adds to the card it tokenizes (the nickname as `name`, the TIN as digits). */
export function toCardExtra(v: CardExtraValues): { name?: string; tin?: string } {
  return { ...(blank(v.nickname) ? {} : { name: v.nickname.trim() }), ...(blank(v.tin) ? {} : { tin: v.tin.replace(/[\s-]/g, '') }) };
}

/** What the frame adds to the bank account it tokenizes. */
export function toBankExtra(v: BankExtraValues): { name: string } {
  return { name: v.name.trim() };
}

/** ZIP as the contract wants it: 12345 or 12345-6789. */
function contractZip(zip: string): string {
  const digits = zip.replace(/\D/g, '');
  return digits.length === 9 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}

/** The tokenizer's card payload (spec §3) from a valid form. */
export function toCardRequest(v: CardFormValues, provider: CardTokenizeRequest['provider']): CardTokenizeRequest {
  const exp = /^(\d{2})\s*\/\s*(\d{2})$/.exec(v.expDate.trim());
  const request: CardTokenizeRequest = {
    type: 'CC',
    provider,
    nameOnCard: v.nameOnCard.trim(),
    ccNumber: normaliseDigits(v.ccNumber) ?? v.ccNumber,
    expDate: exp ? `${exp[1]}/${exp[2]}` : v.expDate.trim(),
    cvc: v.cvc.trim(),
    addressLine1: v.addressLine1.trim(),
    addressLine2: v.addressLine2.trim(),
    zipCode: contractZip(v.zipCode),
  };
  if (!blank(v.nickname)) request.name = v.nickname.trim();
  if (!blank(v.tin)) request.tin = v.tin.replace(/[\s-]/g, '');
  return request;
}

/** The tokenizer's bank-account payload (spec §3) from a valid form. */
export function toBankRequest(v: BankFormValues, provider: BankAccountTokenizeRequest['provider']): BankAccountTokenizeRequest {
  return {
    type: 'ACH',
    provider,
    name: v.name.trim(),
    bankRoutingNumber: normaliseDigits(v.bankRoutingNumber) ?? v.bankRoutingNumber,
    checkingAccountNumber: normaliseDigits(v.checkingAccountNumber) ?? v.checkingAccountNumber,
  };
}

export type CardKind = 'credit' | 'debit' | null;

/**
 * Whether the card is credit or debit (decision, documented): the vendor's
 * `paymentMethodConfig.options` may name exactly one of 'credit' / 'debit' (then it is that one and
 * no choice is shown); otherwise the customer may say in the form's optional "Card type" choice.
 * Nothing known → the modal reads "Add Card?".
 */
export function fixedCardKind(options: readonly string[]): CardKind | 'choice' {
  const lower = options.map((o) => o.toLowerCase());
  const credit = lower.includes('credit');
  const debit = lower.includes('debit');
  if (credit && !debit) return 'credit';
  if (debit && !credit) return 'debit';
  return 'choice';
}

/**
 * Title of the service-fee modal (spec §2, verbatim). The card's BIN decides when it says debit ("Add Debit Card?") or
 * prepaid ("Add Card?": the spec has no prepaid title); a BIN answered credit is also what the BIN table answers for a
 * BIN it does not know, so then the title follows the vendor's options or the customer's choice as before.
 */
export function feeModalTitle(kind: CardKind, funding: CardFunding | null = null): string {
  if (funding === 'debit') return t.feeTitleDebit;
  if (funding === 'prepaid') return t.feeTitleCard;
  return kind === 'credit' ? t.feeTitleCredit : kind === 'debit' ? t.feeTitleDebit : t.feeTitleCard;
}

/**
 * The fee modal's text: the percent charged for a credit card (or one whose funding is not known), "no
 * service fee" for a debit or prepaid card.
 */
export function feeModalBody(feePercent: string | null, funding: CardFunding | null): string {
  if (funding === 'debit' || funding === 'prepaid') return t.feeNoneBody(funding);
  return t.feeBody(feePercent ?? '');
}

/** Failure text (spec §8 "Could not add card."; bank accounts get their own words — decision). */
export function failureText(kind: 'CC' | 'ACH' | null): string {
  return kind === 'ACH' ? t.addBankFailed : t.addCardFailed;
}

/** The hint under the failure for a processor code; the generic hint for '' (not a processor refusal). */
export function failureHint(code: string | null): string {
  if (!code) return t.genericHint;
  return t.codeHints[code] ?? t.codeHints.unknown;
}
