/**
 * The message lists (contract `listMessages`, `listTemplateMessages`; portal-recurring.md §2.8, §2.9, §7).
 *
 * Every query is scoped to the token's contact AND the path's vendor and location: another contact's messages (even
 * at a shared location) are never listed, and another contact's template message id is "not found".
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { toIsoString } from '../domain/dates.js';
import { centsToAmount } from '../../core/rules/money.js';
import type { Person } from '../db/schema.js';
import { toApiInvoice } from './invoices.js';

export interface MessageScope {
  contactId: string;
  vendorId: string;
  locationId: string;
}

export interface MessageFilter {
  /** only the newest message per invoice */
  onlyMostRecent?: boolean;
  /** only messages the contact has not read */
  contactNotRead?: boolean;
}

/** The contact's messages at the location, newest first; see the contract for the filters. */
export async function listContactMessages(db: Db, scope: MessageScope, filter: MessageFilter = {}) {
  let query = db
    .selectFrom('messages as m')
    .innerJoin('invoices as i', (join) => join.onRef('i.id', '=', 'm.invoiceId').onRef('i.locationId', '=', 'm.locationId'))
    .select(['m.id', 'm.invoiceId', 'i.displayInvNum', 'm.createdAt', 'm.subject', 'm.body', 'm.paymentPaidAmountCents', 'm.readAt'])
    .where('m.contactId', '=', scope.contactId)
    .where('m.vendorId', '=', scope.vendorId)
    .where('m.locationId', '=', scope.locationId);
  if (filter.contactNotRead) query = query.where('m.readAt', 'is', null);
  if (filter.onlyMostRecent) {
    // The newest per invoice: no newer message of the same contact for that invoice (ties broken by id).
    query = query.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('messages as n')
            .select('n.id')
            .whereRef('n.invoiceId', '=', 'm.invoiceId')
            .whereRef('n.contactId', '=', 'm.contactId')
            .whereRef('n.locationId', '=', 'm.locationId')
            .where((eb) =>
              eb.or([
                eb('n.createdAt', '>', eb.ref('m.createdAt')),
                eb.and([eb('n.createdAt', '=', eb.ref('m.createdAt')), eb('n.id', '>', eb.ref('m.id'))]),
              ]),
            )
            .$if(Boolean(filter.contactNotRead), (q) => q.where('n.readAt', 'is', null)),
        ),
      ),
    );
  }
  const rows = await query.orderBy('m.createdAt', 'desc').orderBy('m.id', 'desc').execute();
  return rows.map((row) => ({
    id: row.id,
    invoiceId: row.invoiceId!,
    invoiceDisplayInvNum: row.displayInvNum,
    createdAt: toIsoString(row.createdAt)!,
    subject: row.subject,
    message: row.body,
    paymentPaidAmount: row.paymentPaidAmountCents === null ? null : centsToAmount(Number(row.paymentPaidAmountCents)),
    contactRead: row.readAt !== null,
  }));
}

const personOf = (p: Person | null | undefined) => ({ firstName: p?.firstName ?? '', lastName: p?.lastName ?? '' });

/**
 * The contact's template messages at the location (newest first), or only `messageId`. Returns null when `messageId`
 * is given and is not one of them.
 */
export async function listContactTemplateMessages(db: Db, scope: MessageScope, messageId?: string) {
  const rows = await db
    .selectFrom('templateMessages')
    .selectAll()
    .where('contactId', '=', scope.contactId)
    .where('vendorId', '=', scope.vendorId)
    .where('locationId', '=', scope.locationId)
    .$if(messageId !== undefined, (q) => q.where('id', '=', messageId!))
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  if (messageId !== undefined && rows.length === 0) return null;

  const invoiceIds = [...new Set(rows.flatMap((r) => (Array.isArray(r.invoiceIds) ? r.invoiceIds.filter((id): id is string => typeof id === 'string') : [])))];
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const invoices = invoiceIds.some((id) => uuid.test(id))
    ? await db
        .selectFrom('invoices')
        .selectAll()
        .where('id', 'in', invoiceIds.filter((id) => uuid.test(id)))
        .where('vendorId', '=', scope.vendorId)
        .where('locationId', '=', scope.locationId)
        .orderBy(sql`due_date asc nulls last`)
        .orderBy('displayInvNum')
        .execute()
    : [];
  const apiInvoices = invoices.map(toApiInvoice);

  const templateMessages: Record<string, unknown> = {};
  for (const row of rows) {
    const ids = new Set(row.invoiceIds ?? []);
    const to = row.toPerson;
    templateMessages[row.id] = {
      id: row.id,
      messageData: { subject: row.subject, content: JSON.stringify(row.richContent ?? []) },
      createdAt: toIsoString(row.createdAt)!,
      from: personOf(row.fromPerson),
      to: { ...personOf(to), deliverTo: to?.deliverTo ?? '' },
      invoices: apiInvoices.filter((i) => ids.has(i.id)),
    };
  }
  return templateMessages;
}

/** Whether the template message is the contact's at this location (Pay from a message). */
export async function contactHasTemplateMessage(db: Db, scope: MessageScope & { messageId: string }): Promise<boolean> {
  const row = await db
    .selectFrom('templateMessages')
    .select('id')
    .where('id', '=', scope.messageId)
    .where('contactId', '=', scope.contactId)
    .where('vendorId', '=', scope.vendorId)
    .where('locationId', '=', scope.locationId)
    .executeTakeFirst();
  return row !== undefined;
}
