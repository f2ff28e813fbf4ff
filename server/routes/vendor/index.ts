/**
 * The vendor API's handlers by operationId (openapi/vendor.yaml, served under `/vendor-api`). Every handler reads the
 * key's vendor (`vendorOf`, set by server/http/vendor-auth.ts) and passes it to every read and write: another vendor's
 * ids are not found.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { centsToAmount } from '../../../core/rules/money.js';
import type { Handlers } from '../../http/api.js';
import { notFound } from '../../http/errors.js';
import { answerOf } from '../../http/refusal.js';
import { vendorOf } from '../../http/vendor-auth.js';
import { pageOf, pageStart, type PagedList } from '../../http/page-cursor.js';
import { toDateString, toIsoString } from '../../domain/dates.js';
import { listApiKeys, revokeApiKey, type ApiKeyRow } from '../../repos/vendor-keys.js';
import {
  contactOfVendor,
  contactPage,
  invoiceOfVendor,
  invoiceOfVendorByExternalId,
  invoicePage,
  type InvoiceFilter,
  locationNames,
  locationOfVendor,
  locationPage,
  type ContactRow,
  type InvoiceRow,
  type LocationRow,
} from '../../repos/vendor-records.js';
import { vendorSettings } from '../../repos/vendor-settings.js';
import { vendorJourney } from '../../repos/journeys.js';
import { vendorOverview } from '../../use-cases/vendor-overview.js';
import { locationAccount } from '../../use-cases/vendor-location-account.js';
import { upsertContacts, upsertInvoices, upsertLocations, type ContactInput, type InvoiceInput, type LocationInput } from '../../use-cases/vendor-batches.js';
import { createApiKey } from '../../use-cases/vendor-keys.js';
import { createLoginLink, createRequest, type Delivery, type IssuedLink, type RequestInput } from '../../use-cases/vendor-requests.js';
import type { RouteDeps } from '../deps.js';
import { webhookHandlers } from './webhooks.js';
import { importHandlers } from './imports.js';
import { reconciliationHandlers } from './reconciliation.js';
import { settingsAndContentHandlers } from './settings-and-content.js';
import { teamHandlers } from './team.js';
import { auditHandlers } from './audit.js';
import { disputeHandlers } from './disputes.js';

const apiKey = (row: ApiKeyRow) => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  access: row.access,
  expiresAt: toIsoString(row.expiresAt),
  createdAt: toIsoString(row.createdAt),
  lastUsedAt: toIsoString(row.lastUsedAt),
  revokedAt: toIsoString(row.revokedAt),
});

const location = (row: LocationRow) => ({
  id: row.id,
  externalId: row.externalId,
  displayName: row.displayName,
  address: row.address
    ? { addressLine1: row.address.addressLine1, addressLine2: row.address.addressLine2 ?? '', city: row.address.city, state: row.address.state, postalCode: row.address.postalCode }
    : null,
  paymentConfigs: row.paymentConfigs,
  createdAt: toIsoString(row.createdAt),
});

const contact = (row: ContactRow) => ({
  id: row.id,
  externalId: row.externalId,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  mobile: row.phone,
  locationIds: row.locationIds,
  createdAt: toIsoString(row.createdAt),
});

function invoice(row: InvoiceRow, of: { externalId: string | null; displayName: string } | undefined) {
  const shipTo = row.extra?.eodPassthrough;
  const closed = row.deletedAt !== null;
  return {
    id: row.id,
    externalId: row.externalId,
    locationId: row.locationId,
    locationExternalId: of?.externalId ?? null,
    locationName: of?.displayName ?? '',
    displayInvNum: row.displayInvNum,
    originalAmount: centsToAmount(row.originalAmountCents),
    openAmount: centsToAmount(row.openAmountCents),
    dueDate: toDateString(row.dueDate),
    invoiceDate: toDateString(row.invoiceDate),
    externalInvoiceDate: toDateString(row.externalInvoiceDate),
    poRefId: row.poRefId,
    shipTo: shipTo?.stId && shipTo.stName ? { id: shipTo.stId, name: shipTo.stName } : null,
    status: row.status === 'void' ? 'void' : closed ? 'closed' : 'open',
    portalStatus: closed ? 'closed' : row.status === 'scheduled' ? 'scheduled' : 'open',
    createdAt: toIsoString(row.createdAt),
    updatedAt: toIsoString(row.updatedAt),
  };
}

interface PageQuery {
  cursor?: string;
  after?: string;
  limit?: number;
}

/** Where the page starts and how many to read: one more than asked, to know whether more come (`hasMore`). */
const pageQuery = (list: PagedList, query: PageQuery) => {
  const limit = query.limit ?? 100;
  return { after: pageStart(list, query), limit, read: limit + 1 };
};

const issuedLink = (link: IssuedLink) => ({ ...link, expiresAt: toIsoString(link.expiresAt) });

export function vendorApiHandlers(deps: RouteDeps): Handlers {
  const { db, config } = deps;
  return {
    ...webhookHandlers(deps),
    ...reconciliationHandlers(deps),
    ...importHandlers(deps),
    ...teamHandlers(deps),
    ...auditHandlers(deps),
    ...disputeHandlers(deps),
    ...settingsAndContentHandlers({ db, config }),
    async getVendor(request) {
      const vendor = await vendorSettings(db, vendorOf(request));
      if (!vendor) throw notFound('vendor');
      return { id: vendor.id, name: vendor.name, displayName: vendor.displayName };
    },

    async listApiKeys(request) {
      return { keys: (await listApiKeys(db, vendorOf(request))).map(apiKey) };
    },
    async createApiKey(request: FastifyRequest, reply: FastifyReply) {
      const { name, access, expiresAt } = request.body as { name: string; access?: 'full' | 'read'; expiresAt?: string | null };
      const created = answerOf(await createApiKey(db, vendorOf(request), name, { access, expiresAt: expiresAt ? new Date(expiresAt) : null }));
      request.log.info({ keyId: created.key.id, prefix: created.key.prefix }, 'vendor API key created');
      return reply.code(201).send({ key: apiKey(created.key), secret: created.secret });
    },
    async revokeApiKey(request) {
      const { keyId } = request.params as { keyId: string };
      const row = await revokeApiKey(db, vendorOf(request), keyId, new Date());
      if (!row) throw notFound('key');
      request.log.info({ keyId: row.id, prefix: row.prefix }, 'vendor API key revoked');
      return apiKey(row);
    },

    async listLocations(request) {
      const query = request.query as PageQuery & { externalId?: string[]; name?: string };
      const page = pageQuery('locations', query);
      const rows = await locationPage(db, vendorOf(request), { after: page.after, limit: page.read, externalIds: query.externalId, name: query.name });
      const { items, ...position } = pageOf('locations', rows, page.limit, (r) => r.id, page.after);
      return { locations: items.map(location), ...position };
    },
    async getLocation(request) {
      const row = await locationOfVendor(db, vendorOf(request), (request.params as { locationId: string }).locationId);
      if (!row) throw notFound('location');
      return location(row);
    },
    async getLocationAccount(request) {
      return answerOf(await locationAccount(db, vendorOf(request), (request.params as { locationId: string }).locationId));
    },
    async upsertLocations(request) {
      const { locations } = request.body as { locations: LocationInput[] };
      return { results: answerOf(await upsertLocations(db, vendorOf(request), locations)) };
    },

    async listContacts(request) {
      const query = request.query as PageQuery & { externalId?: string[]; locationId?: string };
      const page = pageQuery('contacts', query);
      const rows = await contactPage(db, vendorOf(request), { after: page.after, limit: page.read, externalIds: query.externalId, locationId: query.locationId });
      const { items, ...position } = pageOf('contacts', rows, page.limit, (r) => r.id, page.after);
      return { contacts: items.map(contact), ...position };
    },
    async getContact(request) {
      const row = await contactOfVendor(db, vendorOf(request), (request.params as { contactId: string }).contactId);
      if (!row) throw notFound('contact');
      return contact(row);
    },
    async upsertContacts(request) {
      const { contacts } = request.body as { contacts: ContactInput[] };
      return { results: answerOf(await upsertContacts(db, vendorOf(request), contacts)) };
    },

    async listInvoices(request) {
      const vendorId = vendorOf(request);
      const query = request.query as PageQuery &
        Pick<InvoiceFilter, 'locationId' | 'status' | 'number' | 'customer' | 'dueFrom' | 'dueTo'> & { externalId?: string[]; updatedSince?: string };
      const page = pageQuery('invoices', query);
      const read = await invoicePage(db, vendorId, {
        after: page.after,
        limit: page.read,
        locationId: query.locationId,
        externalIds: query.externalId,
        status: query.status,
        updatedSince: query.updatedSince ? new Date(query.updatedSince) : undefined,
        number: query.number,
        customer: query.customer,
        dueFrom: query.dueFrom,
        dueTo: query.dueTo,
      });
      const { items: rows, ...position } = pageOf('invoices', read, page.limit, (r) => r.id, page.after);
      const locations = await locationNames(db, vendorId, rows.map((r) => r.locationId));
      return { invoices: rows.map((r) => invoice(r, locations.get(r.locationId))), ...position };
    },
    async getInvoiceByExternalId(request) {
      const vendorId = vendorOf(request);
      const row = await invoiceOfVendorByExternalId(db, vendorId, (request.params as { externalId: string }).externalId);
      if (!row) throw notFound('invoice');
      const locations = await locationNames(db, vendorId, [row.locationId]);
      return invoice(row, locations.get(row.locationId));
    },
    async getInvoice(request) {
      const vendorId = vendorOf(request);
      const row = await invoiceOfVendor(db, vendorId, (request.params as { invoiceId: string }).invoiceId);
      if (!row) throw notFound('invoice');
      const locations = await locationNames(db, vendorId, [row.locationId]);
      return invoice(row, locations.get(row.locationId));
    },
    async getOverview(request) {
      const o = answerOf(await vendorOverview(db, vendorOf(request)));
      const money = (t: { count: number; cents: number }) => ({ count: t.count, amount: centsToAmount(t.cents) });
      return {
        today: o.today,
        timeZone: o.timeZone,
        periods: o.periods,
        collectedToday: money(o.collectedToday),
        collectedThisWeek: money(o.collectedThisWeek),
        scheduled: money(o.scheduled),
        processing: money(o.processing),
        failed: money(o.failed),
        returned: money(o.returned),
        openDisputes: o.openDisputes,
        openShortPays: o.openShortPays,
        webhookEndpoints: o.webhookEndpoints,
      };
    },
    async getInvoiceJourney(request) {
      const vendorId = vendorOf(request);
      const { invoiceId } = request.params as { invoiceId: string };
      const { limit } = request.query as { limit?: number };
      if (!(await invoiceOfVendor(db, vendorId, invoiceId))) throw notFound('invoice');
      return vendorJourney(db, invoiceId, limit ?? 200);
    },
    async upsertInvoices(request) {
      const { invoices } = request.body as { invoices: InvoiceInput[] };
      return { results: answerOf(await upsertInvoices(db, vendorOf(request), invoices)) };
    },

    async createRequest(request: FastifyRequest, reply: FastifyReply) {
      const link = answerOf(await createRequest(db, vendorOf(request), request.body as RequestInput, config.publicUrl));
      return reply.code(201).send(issuedLink(link));
    },
    async createLoginLink(request: FastifyRequest, reply: FastifyReply) {
      const { contactId } = request.params as { contactId: string };
      const { deliver } = request.body as { deliver: Delivery };
      const link = answerOf(await createLoginLink(db, vendorOf(request), contactId, deliver, config.publicUrl));
      return reply.code(201).send(issuedLink(link));
    },
  };
}
