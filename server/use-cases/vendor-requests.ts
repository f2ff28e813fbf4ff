/**
 * A vendor brings a customer in: a request (click-to-pay for chosen invoices, AutoPay, a payment plan, a statement)
 * or a plain login link, each with its token, and the link either written to the outbox for the portal to send
 * (e-mail or SMS) or only returned. Everything in one transaction: no link without its request and message.
 */
import { requestAmountToCents } from '../../core/rules/money.js';
import type { Db } from '../db/connect.js';
import type { RequestPlan, TokenType } from '../db/schema.js';
import { issueToken } from '../db/tokens.js';
import { loginLinkUrl } from '../domain/login-link.js';
import { LINK_TTL_DAYS, loginMessage, requestMessage, type LinkMessage, type VendorRequestType } from '../domain/request-links.js';
import { insertOutboxMessages } from '../repos/outbox.js';
import { contactAtLocation, contactOfVendor, insertRequest, locationInvoicesByExternalId, locationOfVendor, locationsByExternalId } from '../repos/vendor-records.js';
import { vendorSettings } from '../repos/vendor-settings.js';
import { attempt, refuse, type Outcome } from './outcome.js';

export type Delivery = 'email' | 'sms' | 'none';

export interface IssuedLink {
  requestId: string | null;
  type: TokenType;
  url: string;
  expiresAt: Date;
  sentTo: { channel: 'email' | 'sms'; recipient: string } | null;
}

export interface RequestInput {
  type: VendorRequestType;
  contactId: string;
  /** the location by the vendor's own id, or by its portal id (`locationId`): one of the two */
  locationExternalId?: string;
  locationId?: string;
  invoiceExternalIds?: string[];
  autopay?: { startDate?: string | null; excludedInvoiceExternalIds?: string[]; customerManage?: boolean };
  plan?: { name: string; startDate: string; frequency: 'weekly' | 'biweekly' | 'monthly'; totalAmount: number; eachAmount: number };
  deliver: Delivery;
}

type Contact = { id: string; firstName: string; email: string | null; phone: string | null };

/** The recipient of a delivery, or the refusal when the contact has no address of that kind. */
function recipientOf(contact: Contact, deliver: Delivery): { channel: 'email' | 'sms'; recipient: string } | null {
  if (deliver === 'none') return null;
  const recipient = deliver === 'email' ? contact.email : contact.phone;
  if (!recipient) throw refuse('unprocessable', 'no_address', `deliver: the contact has no ${deliver === 'email' ? 'e-mail address' : 'mobile number'}; send it another way or with deliver "none"`, 'deliver');
  return { channel: deliver, recipient };
}

async function send(trx: Db, sentTo: IssuedLink['sentTo'], message: (channel: 'email' | 'sms') => LinkMessage) {
  if (!sentTo) return;
  const { subject, body } = message(sentTo.channel);
  await insertOutboxMessages(trx, [{ channel: sentTo.channel, recipient: sentTo.recipient, subject, body }]);
}

function cents(amount: number, field: string): number {
  const value = requestAmountToCents(amount);
  if (typeof value !== 'number') throw refuse('invalid', 'validation_failed', `${field}: must be dollars with at most two decimals`, field);
  return value;
}

/** The request's location: by its portal id or by the vendor's own id (exactly one of them), the vendor's only. */
export async function requestLocation(trx: Db, vendorId: string, input: { locationId?: string; locationExternalId?: string }): Promise<string> {
  if (input.locationId !== undefined && input.locationExternalId !== undefined) {
    throw refuse('invalid', 'validation_failed', 'locationId: send locationId or locationExternalId, not both', 'locationId');
  }
  if (input.locationId !== undefined) {
    if (!(await locationOfVendor(trx, vendorId, input.locationId))) throw refuse('not_found', 'not_found', 'The location was not found.', 'locationId');
    return input.locationId;
  }
  if (input.locationExternalId === undefined) throw refuse('invalid', 'validation_failed', 'locationExternalId: is required (or send locationId)', 'locationExternalId');
  const locationId = (await locationsByExternalId(trx, vendorId, [input.locationExternalId])).get(input.locationExternalId);
  if (!locationId) throw refuse('not_found', 'not_found', 'The location was not found.', 'locationExternalId');
  return locationId;
}

export async function createRequest(db: Db, vendorId: string, input: RequestInput, publicUrl: string, now = new Date()): Promise<Outcome<IssuedLink>> {
  return attempt(() =>
    db.transaction().execute(async (trx) => {
      if (input.type !== 'click2pay' && input.invoiceExternalIds) throw refuse('invalid', 'validation_failed', 'invoiceExternalIds: only a click2pay request names invoices', 'invoiceExternalIds');
      if (input.type !== 'autopay' && input.autopay) throw refuse('invalid', 'validation_failed', 'autopay: only an autopay request has AutoPay terms', 'autopay');
      if (input.type !== 'paymentplan' && input.plan) throw refuse('invalid', 'validation_failed', 'plan: only a paymentplan request has a plan', 'plan');
      if (input.type === 'click2pay' && !input.invoiceExternalIds) throw refuse('invalid', 'validation_failed', 'invoiceExternalIds: is required for a click2pay request', 'invoiceExternalIds');
      if (input.type === 'paymentplan' && !input.plan) throw refuse('invalid', 'validation_failed', 'plan: is required for a paymentplan request', 'plan');

      const locationId = await requestLocation(trx, vendorId, input);
      const contact = await contactAtLocation(trx, vendorId, locationId, input.contactId);
      if (!contact) throw refuse('not_found', 'not_found', 'The contact was not found at this location.', 'contactId');
      const sentTo = recipientOf(contact, input.deliver);

      const invoiceIds = async (externalIds: readonly string[], list: string, mustBePayable: boolean) => {
        const found = await locationInvoicesByExternalId(trx, vendorId, locationId, externalIds);
        return externalIds.map((externalId, i) => {
          const invoice = found.get(externalId);
          if (!invoice) throw refuse('unprocessable', 'unprocessable', `${list}[${i}]: no invoice ${externalId} at this location`, `${list}[${i}]`);
          if (mustBePayable && (!invoice.payable || invoice.deletedAt !== null)) {
            throw refuse('unprocessable', 'not_payable', `${list}[${i}]: invoice ${externalId} is closed or already scheduled`, `${list}[${i}]`);
          }
          return invoice.id;
        });
      };

      let plan: RequestPlan | null = null;
      if (input.plan) {
        plan = {
          paymentPlanName: input.plan.name,
          startDate: input.plan.startDate,
          frequency: input.plan.frequency,
          totalAmount: cents(input.plan.totalAmount, 'plan.totalAmount'),
          eachAmount: cents(input.plan.eachAmount, 'plan.eachAmount'),
        };
      }
      const requestInvoiceIds = input.type === 'click2pay' ? await invoiceIds(input.invoiceExternalIds!, 'invoiceExternalIds', true) : [];
      const requestId = await insertRequest(trx, {
        vendorId,
        locationId,
        contactId: contact.id,
        type: input.type,
        startDate: input.autopay?.startDate ?? null,
        invoiceIds: requestInvoiceIds,
        excludedInvoiceIds: input.autopay?.excludedInvoiceExternalIds ? await invoiceIds(input.autopay.excludedInvoiceExternalIds, 'autopay.excludedInvoiceExternalIds', false) : [],
        plan,
        customerManage: input.autopay?.customerManage ?? true,
      });
      const ttlDays = LINK_TTL_DAYS[input.type];
      const token = await issueToken(trx, { contactId: contact.id, vendorId, locationId, type: input.type, requestId, ttlDays, now });
      const url = loginLinkUrl(publicUrl, token);
      const vendor = (await vendorSettings(trx, vendorId))!;
      await send(trx, sentTo, (channel) => requestMessage(channel, { type: input.type, vendor: vendor.displayName, firstName: contact.firstName, url, invoiceCount: requestInvoiceIds.length }));
      return { requestId, type: input.type, url, expiresAt: new Date(now.getTime() + ttlDays * 86_400_000), sentTo };
    }),
  );
}

export async function createLoginLink(db: Db, vendorId: string, contactId: string, deliver: Delivery, publicUrl: string, now = new Date()): Promise<Outcome<IssuedLink>> {
  return attempt(() =>
    db.transaction().execute(async (trx) => {
      const contact = await contactOfVendor(trx, vendorId, contactId);
      if (!contact) throw refuse('not_found', 'not_found', 'The contact was not found.');
      const sentTo = recipientOf(contact, deliver);
      const ttlDays = LINK_TTL_DAYS.login;
      const token = await issueToken(trx, { contactId: contact.id, vendorId, type: 'login', ttlDays, now });
      const url = loginLinkUrl(publicUrl, token);
      await send(trx, sentTo, (channel) => loginMessage(channel, { firstName: contact.firstName, url }));
      return { requestId: null, type: 'login', url, expiresAt: new Date(now.getTime() + ttlDays * 86_400_000), sentTo };
    }),
  );
}
