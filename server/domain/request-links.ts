/**
 * How long each kind of link lives, and the texts of the messages that carry a vendor's request to its contact
 * (the vendor API's `POST /requests` and `POST /contacts/{id}/login-link`; `npm run link` uses the same lifetimes).
 */
import type { TokenType } from '../db/schema.js';
import { LOGIN_EMAIL_SUBJECT, LOGIN_LINK_TTL_DAYS, loginEmailBody, loginSmsBody } from './login-link.js';

export const LINK_TTL_DAYS: Record<TokenType, number> = {
  login: LOGIN_LINK_TTL_DAYS,
  click2pay: 14,
  autopay: 14,
  paymentplan: 14,
  statement: 30,
  reminder: 14,
  message: 14,
};

export type VendorRequestType = 'click2pay' | 'autopay' | 'paymentplan' | 'statement';

const WHAT: Record<VendorRequestType, (invoiceCount: number) => { subject: string; ask: string }> = {
  click2pay: (n) => ({ subject: `invoice${n === 1 ? '' : 's'} to pay`, ask: `asks you to pay ${n === 1 ? 'an invoice' : `${n} invoices`}` }),
  autopay: () => ({ subject: 'set up AutoPay', ask: 'invites you to set up AutoPay for your invoices' }),
  paymentplan: () => ({ subject: 'your payment plan', ask: 'offers you a payment plan' }),
  statement: () => ({ subject: 'your statement', ask: 'sent you your statement' }),
};

export interface LinkMessage {
  subject: string | null;
  body: string;
}

/** The e-mail or SMS carrying a request's link. */
export function requestMessage(channel: 'email' | 'sms', input: { type: VendorRequestType; vendor: string; firstName: string; url: string; invoiceCount: number }): LinkMessage {
  const { subject, ask } = WHAT[input.type](input.invoiceCount);
  const days = LINK_TTL_DAYS[input.type];
  if (channel === 'sms') return { subject: null, body: `${input.vendor} ${ask}: ${input.url} (valid for ${days} days)` };
  return {
    subject: `${input.vendor}: ${subject}`,
    body: [`Hello ${input.firstName},`, '', `${input.vendor} ${ask} in PerformancePay:`, input.url, '', `The link is valid for ${days} days.`].join('\n'),
  };
}

/** The e-mail or SMS carrying a plain login link. */
export function loginMessage(channel: 'email' | 'sms', input: { firstName: string; url: string }): LinkMessage {
  return channel === 'sms' ? { subject: null, body: loginSmsBody(input.url) } : { subject: LOGIN_EMAIL_SUBJECT, body: loginEmailBody(input.firstName, input.url) };
}
