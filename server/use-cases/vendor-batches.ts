/**
 * The vendor API's batches (openapi/vendor.yaml): locations, contacts, invoices and credits, matched by the vendor's
 * own ids. Each batch is one transaction: every item is checked before anything is written, and one refusal rolls the
 * whole batch back. Each answers, per item in the order sent, its id and whether it was created, updated or left
 * unchanged — so the same batch sent twice answers `unchanged` everywhere and writes nothing.
 */
import { exceedsServiceFeeCap } from '../../core/rules/fees.js';
import { feeAboveCap } from './vendor-settings.js';
import { randomUUID } from 'node:crypto';
import { Temporal } from 'temporal-polyfill';
import { requestAmountToCents } from '../../core/rules/money.js';
import { vendorTimeZone, vendorToday } from '../../core/rules/payment-dates.js';
import type { Db } from '../db/connect.js';
import type { Address, InvoiceExtra, PaymentConfig } from '../db/schema.js';
import { parseContactAddress } from '../domain/contact-address.js';
import { toDateString } from '../domain/dates.js';
import {
  contactsByExternalId,
  insertVendorContacts,
  invoiceIdsByExternalId,
  locationsByExternalId,
  lockInvoicesByExternalId,
  lockVendorForContacts,
  scheduledGroupsPaying,
  setContactLocations,
  updateContact,
  upsertInvoiceRows,
  upsertLocationRows,
  type InvoiceRow,
  type InvoiceValues,
} from '../repos/vendor-records.js';
import { vendorSettings } from '../repos/vendor-settings.js';
import { cancelScheduledGroups } from './cancel-scheduled-groups.js';
import { attempt, refuse, type Outcome } from './outcome.js';

export type BatchOutcome = 'created' | 'updated' | 'unchanged';

export interface BatchItemResult {
  externalId: string;
  id: string;
  outcome: BatchOutcome;
  canceledPayments?: string[];
}

/** An externalId twice in one batch is the caller's mistake (which of the two would win?): refused with its place. */
function refuseDuplicates(list: string, externalIds: readonly string[]) {
  const seen = new Set<string>();
  for (const [index, externalId] of externalIds.entries()) {
    if (seen.has(externalId)) throw refuse('invalid', 'validation_failed', `${list}[${index}].externalId: ${externalId} appears more than once in the batch`, `${list}[${index}].externalId`);
    seen.add(externalId);
  }
}

function unknownLocation(field: string, externalId: string): never {
  throw refuse('unprocessable', 'unprocessable', `${field}: no location with externalId ${externalId}; send it in a location batch first`, field);
}

// ───────────────────────────── locations ─────────────────────────────

export interface LocationInput {
  externalId: string;
  displayName: string;
  address?: { addressLine1: string; addressLine2?: string; city: string; state: string; postalCode: string } | null;
  paymentConfigs?: PaymentConfig[];
}

/**
 * The id a batch item was written under, or a throw INSIDE the batch's transaction: an answer that cannot name an item
 * it wrote (the id read back under another text than was sent) rolls the whole batch back instead of failing after
 * the commit — a refused batch writes nothing, whatever the failure.
 */
function writtenId(id: string | undefined, externalId: string): string {
  if (id === undefined) throw new Error(`batch item ${JSON.stringify(externalId.slice(0, 100))} was not found after its write`);
  return id;
}

export async function upsertLocations(db: Db, vendorId: string, items: LocationInput[]): Promise<Outcome<BatchItemResult[]>> {
  return attempt(() =>
    db.transaction().execute(async (trx) => {
      refuseDuplicates('locations', items.map((i) => i.externalId));
      for (const [index, item] of items.entries()) {
        for (const [j, config] of (item.paymentConfigs ?? []).entries()) {
          const card = config.provider.endsWith('-cc');
          if ((config.type === 'CC') !== card) {
            throw refuse('invalid', 'validation_failed', `locations[${index}].paymentConfigs[${j}].type: ${config.provider} is ${card ? 'a card (CC)' : 'a bank account (ACH)'} provider`, `locations[${index}].paymentConfigs[${j}].type`);
          }
          if (!card && config.serviceFee !== null) {
            throw refuse('invalid', 'validation_failed', `locations[${index}].paymentConfigs[${j}].serviceFee: only card providers have a service fee`, `locations[${index}].paymentConfigs[${j}].serviceFee`);
          }
          if (config.serviceFee !== null && exceedsServiceFeeCap(config.serviceFee)) {
            throw feeAboveCap(`locations[${index}].paymentConfigs[${j}].serviceFee`, config.serviceFee);
          }
        }
      }
      const written = await upsertLocationRows(
        trx,
        vendorId,
        items.map((item) => ({
          externalId: item.externalId,
          displayName: item.displayName,
          address: item.address ? ({ ...item.address, addressLine2: item.address.addressLine2 ?? '' } as Address) : null,
          paymentConfigs: item.paymentConfigs ?? [],
        })),
      );
      const how = new Map(written.map((w) => [w.externalId, w.inserted ? 'created' : 'updated'] as const));
      const ids = await locationsByExternalId(trx, vendorId, items.map((i) => i.externalId));
      return items.map((item) => ({ externalId: item.externalId, id: writtenId(ids.get(item.externalId), item.externalId), outcome: how.get(item.externalId) ?? 'unchanged' }));
    }),
  );
}

// ───────────────────────────── contacts ─────────────────────────────

export interface ContactInput {
  externalId: string;
  firstName: string;
  lastName: string;
  email?: string | null;
  mobile?: string | null;
  locationExternalIds: string[];
}

export async function upsertContacts(db: Db, vendorId: string, items: ContactInput[]): Promise<Outcome<BatchItemResult[]>> {
  return attempt(() =>
    db.transaction().execute(async (trx) => {
      refuseDuplicates('contacts', items.map((i) => i.externalId));
      await lockVendorForContacts(trx, vendorId);
      const locations = await locationsByExternalId(trx, vendorId, items.flatMap((i) => i.locationExternalIds));
      const values = items.map((item, index) => {
        const locationIds = item.locationExternalIds.map((externalId, j) => locations.get(externalId) ?? unknownLocation(`contacts[${index}].locationExternalIds[${j}]`, externalId));
        let phone: string | null = null;
        if (item.mobile) {
          const address = parseContactAddress(item.mobile);
          if (address.kind !== 'phone') throw refuse('invalid', 'validation_failed', `contacts[${index}].mobile: must be a phone number of at least 10 digits`, `contacts[${index}].mobile`);
          phone = address.value;
        }
        return { externalId: item.externalId, firstName: item.firstName, lastName: item.lastName, email: item.email ? item.email.toLowerCase() : null, phone, locationIds: [...new Set(locationIds)].sort() };
      });
      const existing = await contactsByExternalId(trx, vendorId, items.map((i) => i.externalId));
      const created = values.filter((v) => !existing.has(v.externalId)).map((v) => ({ ...v, id: randomUUID() }));
      await insertVendorContacts(trx, vendorId, created);
      const results: BatchItemResult[] = [];
      const createdIds = new Map(created.map((c) => [c.externalId, c.id]));
      for (const value of values) {
        const createdId = createdIds.get(value.externalId);
        if (createdId) {
          await setContactLocations(trx, vendorId, createdId, value.locationIds);
          results.push({ externalId: value.externalId, id: createdId, outcome: 'created' });
          continue;
        }
        const before = existing.get(value.externalId)!;
        const fieldsChanged = before.firstName !== value.firstName || before.lastName !== value.lastName || before.email !== value.email || before.phone !== value.phone;
        const locationsChanged = before.locationIds.join() !== value.locationIds.join();
        if (fieldsChanged) await updateContact(trx, { id: before.id, firstName: value.firstName, lastName: value.lastName, email: value.email, phone: value.phone });
        if (locationsChanged) await setContactLocations(trx, vendorId, before.id, value.locationIds);
        results.push({ externalId: value.externalId, id: before.id, outcome: fieldsChanged || locationsChanged ? 'updated' : 'unchanged' });
      }
      return results;
    }),
  );
}

// ───────────────────────────── invoices ─────────────────────────────

export interface InvoiceInput {
  externalId: string;
  locationExternalId: string;
  displayInvNum: string;
  originalAmount: number;
  openAmount: number;
  dueDate?: string | null;
  invoiceDate?: string | null;
  externalInvoiceDate?: string | null;
  poRefId?: string | null;
  shipTo?: { id: string; name: string } | null;
  status: 'open' | 'closed' | 'void';
}

function cents(amount: number, field: string): number {
  const value = requestAmountToCents(amount);
  if (value === 'too_many_decimals') throw refuse('invalid', 'validation_failed', `${field}: must have at most two decimals`, field);
  if (value === 'out_of_range') throw refuse('invalid', 'validation_failed', `${field}: is out of range`, field);
  return value;
}

/** The row an item asks for, given what is stored (a scheduled invoice the vendor leaves open stays scheduled). */
function invoiceValues(item: InvoiceInput, index: number, locationId: string, before: InvoiceRow | undefined, today: string, now: Date): InvoiceValues {
  const field = (name: string) => `invoices[${index}].${name}`;
  const extra: InvoiceExtra = { ...(before?.extra ?? {}) };
  if (item.shipTo) extra.eodPassthrough = { stId: item.shipTo.id, stName: item.shipTo.name };
  else delete extra.eodPassthrough;
  const scheduled = before?.status === 'scheduled' && before.deletedAt === null;
  const open = item.status === 'open';
  return {
    externalId: item.externalId,
    locationId,
    displayInvNum: item.displayInvNum,
    originalAmountCents: cents(item.originalAmount, field('originalAmount')),
    openAmountCents: cents(item.openAmount, field('openAmount')),
    dueDate: item.dueDate ?? null,
    invoiceDate: item.invoiceDate ?? (before ? toDateString(before.invoiceDate) : null) ?? today,
    externalInvoiceDate: item.externalInvoiceDate ?? null,
    poRefId: item.poRefId ?? null,
    extra,
    payable: open && !scheduled,
    deletedAt: open ? null : (before?.deletedAt ?? now),
    status: open ? (scheduled ? 'scheduled' : 'open') : item.status,
  };
}

/**
 * How many invoices one statement writes at most: a chunk of 1,000 rows is about 17,000 bind parameters, well inside
 * PostgreSQL's 65,535 per statement, and the same size as the API's batch.
 */
export const INVOICE_CHUNK = 1000;

/** The vendor's location ids by external id, read a chunk of ids at a time (any number of rows, one file's worth). */
export async function vendorLocationIds(db: Db, vendorId: string, externalIds: readonly string[]): Promise<Map<string, string>> {
  const distinct = [...new Set(externalIds)];
  const ids = new Map<string, string>();
  for (let start = 0; start < distinct.length; start += 10 * INVOICE_CHUNK) {
    for (const [externalId, id] of await locationsByExternalId(db, vendorId, distinct.slice(start, start + 10 * INVOICE_CHUNK))) ids.set(externalId, id);
  }
  return ids;
}

export async function upsertInvoices(db: Db, vendorId: string, items: InvoiceInput[], now = new Date()): Promise<Outcome<BatchItemResult[]>> {
  return attempt(() => db.transaction().execute((trx) => upsertInvoicesIn(trx, vendorId, items, now)));
}

/**
 * The invoice batch in the caller's transaction `trx` (the file import writes any number of them in one), in chunks
 * of {@link INVOICE_CHUNK}; throws `Refused` — the caller's transaction must roll back — with the field named by the
 * item's place in the whole list (`invoices[2345].openAmount`).
 */
export async function upsertInvoicesIn(trx: Db, vendorId: string, items: InvoiceInput[], now = new Date()): Promise<BatchItemResult[]> {
  refuseDuplicates('invoices', items.map((i) => i.externalId));
  const locations = await vendorLocationIds(trx, vendorId, items.map((i) => i.locationExternalId));
  const locationIds = items.map((item, index) => locations.get(item.locationExternalId) ?? unknownLocation(`invoices[${index}].locationExternalId`, item.locationExternalId));
  const settings = await vendorSettings(trx, vendorId);
  const today = vendorToday(Temporal.Now.instant(), vendorTimeZone(settings?.eodCutoff)).toString();
  const results: BatchItemResult[] = [];
  for (let start = 0; start < items.length; start += INVOICE_CHUNK) {
    const chunk = items.slice(start, start + INVOICE_CHUNK);
    results.push(...(await upsertInvoiceChunk(trx, vendorId, chunk, { start, locationIds: locationIds.slice(start, start + INVOICE_CHUNK), today, now })));
  }
  return results;
}

async function upsertInvoiceChunk(
  trx: Db,
  vendorId: string,
  items: InvoiceInput[],
  { start, locationIds, today, now }: { start: number; locationIds: string[]; today: string; now: Date },
): Promise<BatchItemResult[]> {
  const stored = await lockInvoicesByExternalId(trx, vendorId, items.map((i) => i.externalId));

  // A scheduled invoice may not move to another location: its payment belongs to the one it was scheduled at.
  for (const [index, item] of items.entries()) {
    const before = stored.get(item.externalId);
    if (before?.status === 'scheduled' && before.locationId !== locationIds[index]) {
      const field = `invoices[${start + index}].locationExternalId`;
      throw refuse('unprocessable', 'unprocessable', `${field}: invoice ${before.displayInvNum} has a scheduled payment and cannot move to another location`, field);
    }
  }

  // Closing or voiding an invoice the customer scheduled cancels that payment first, in this transaction.
  const closing = items
    .map((item) => ({ item, before: stored.get(item.externalId) }))
    .filter(({ item, before }) => item.status !== 'open' && before?.status === 'scheduled');
  const canceledBy = new Map<string, string[]>();
  if (closing.length > 0) {
    const byInvoice = new Map(closing.map(({ item, before }) => [before!.id, item]));
    const groups = await scheduledGroupsPaying(trx, vendorId, [...byInvoice.keys()]);
    const scopes = new Map<string, { contactId: string; locationId: string; ids: Set<string>; invoice: string }>();
    for (const g of groups) {
      const key = `${g.contactId}/${g.locationId}`;
      const scope = scopes.get(key) ?? { contactId: g.contactId, locationId: g.locationId, ids: new Set(), invoice: stored.get(byInvoice.get(g.invoiceId)!.externalId)!.displayInvNum };
      scope.ids.add(g.id);
      scopes.set(key, scope);
      const list = canceledBy.get(g.invoiceId) ?? [];
      if (!list.includes(g.confirmationNumber)) list.push(g.confirmationNumber);
      canceledBy.set(g.invoiceId, list);
    }
    for (const scope of scopes.values()) {
      await cancelScheduledGroups(trx, { contactId: scope.contactId, vendorId, locationId: scope.locationId }, [...scope.ids], { kind: 'vendor-closed', invoiceNumber: scope.invoice }, now);
    }
    // canceling reopened the invoices: read them again so the rows below start from what is stored now
    for (const [externalId, row] of await lockInvoicesByExternalId(trx, vendorId, closing.map(({ item }) => item.externalId))) stored.set(externalId, row);
  }

  const rows = items.map((item, index) => invoiceValues(item, start + index, locationIds[index]!, stored.get(item.externalId), today, now));
  const written = await upsertInvoiceRows(trx, vendorId, rows, now);
  const how = new Map(written.map((w) => [w.externalId, { id: w.id, outcome: w.inserted ? 'created' : 'updated' }] as const));
  // An unchanged invoice is one that was stored (and locked) before; only one another batch inserted meanwhile is not.
  const unseen = items.filter((i) => !how.has(i.externalId) && !stored.has(i.externalId)).map((i) => i.externalId);
  const lateIds = await invoiceIdsByExternalId(trx, vendorId, unseen);
  return items.map((item) => {
    const done = how.get(item.externalId);
    const id = writtenId(done?.id ?? stored.get(item.externalId)?.id ?? lateIds.get(item.externalId), item.externalId);
    const canceledPayments = canceledBy.get(id);
    const result: BatchItemResult = { externalId: item.externalId, id, outcome: done?.outcome ?? 'unchanged' };
    return canceledPayments ? { ...result, canceledPayments } : result;
  });
}
