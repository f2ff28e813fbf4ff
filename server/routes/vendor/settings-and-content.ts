/**
 * The vendor API's settings and content (openapi/vendor.yaml, tags `settings`, `announcements`, `ads`,
 * `template-messages`). Every read and write passes the key's vendor (`vendorOf`): another vendor's records are not
 * found. Rules: server/use-cases/vendor-settings.ts and vendor-content.ts.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Handlers } from '../../http/api.js';
import { ApiError, notFound } from '../../http/errors.js';
import { answerOf } from '../../http/refusal.js';
import { vendorOf } from '../../http/vendor-auth.js';
import { pageOf, pageStart } from '../../http/page-cursor.js';
import { toDateString, toIsoString } from '../../domain/dates.js';
import { INVOICE_FILTER_COLUMNS, isFeatureFlagName } from '../../domain/vendor-settings.js';
import {
  invoiceExternalIds,
  templateMessagePage,
  vendorAds,
  vendorAnnouncements,
  type AdRow,
  type AnnouncementRow,
  type RecordKey,
  type TemplateMessageRow,
} from '../../repos/vendor-content.js';
import { locationExternalIds } from '../../repos/vendor-records.js';
import { vendorSettingsRow, type VendorSettingsRow } from '../../repos/vendor-settings.js';
import { toApiVendor } from '../../repos/vendors.js';
import {
  createTemplateMessage,
  deleteAd,
  deleteAnnouncement,
  deleteTemplateMessage,
  upsertAd,
  upsertAnnouncement,
  type AdInput,
  type AnnouncementInput,
  type TemplateMessageInput,
} from '../../use-cases/vendor-content.js';
import { updateVendorSettings, type SettingsPatch } from '../../use-cases/vendor-settings.js';
import type { RouteDeps } from '../deps.js';

/** The settings as the portal's own view of the vendor has them (`GET /vendors` of the portal), known values only. */
function settings(row: VendorSettingsRow) {
  const vendor = toApiVendor(row);
  return {
    displayName: vendor.displayName,
    appName: vendor.config.appName,
    logoUrl: vendor.config.logoUrl,
    c2pPaymentDays: vendor.config.c2pPaymentDays,
    autoPayStartDateTimeFrame: vendor.config.autoPayStartDateTimeFrame,
    paymentConfigs: vendor.paymentConfigs,
    eodCutoff: vendor.eodCutoff,
    featureFlags: Object.fromEntries(Object.entries(vendor.featureFlags).filter(([name]) => isFeatureFlagName(name))),
    invoiceFilterColumns: vendor.invoiceFilterColumns.filter((c) => (INVOICE_FILTER_COLUMNS as readonly string[]).includes(c)),
  };
}

const announcement = (row: AnnouncementRow) => ({
  id: row.id,
  externalId: row.externalId,
  type: row.type,
  message: row.message,
  expirationDate: toDateString(row.expirationDate),
  createdAt: toIsoString(row.createdAt),
});

const ad = (row: AdRow) => ({
  id: row.fileId,
  externalId: row.externalId,
  imageUrl: row.fileUrl,
  clickUrl: row.clickUrl,
  order: row.sortOrder,
  duration: row.duration,
});

async function templateMessages(deps: RouteDeps, vendorId: string, rows: TemplateMessageRow[]) {
  const [invoices, locations] = await Promise.all([
    invoiceExternalIds(deps.db, vendorId, rows.flatMap((r) => (Array.isArray(r.invoiceIds) ? r.invoiceIds : []))),
    locationExternalIds(deps.db, vendorId, rows.map((r) => r.locationId)),
  ]);
  return rows.map((row) => ({
    id: row.id,
    externalId: row.externalId,
    contactId: row.contactId,
    locationId: row.locationId,
    locationExternalId: locations.get(row.locationId) ?? null,
    subject: row.subject,
    from: { firstName: row.fromPerson?.firstName ?? '', lastName: row.fromPerson?.lastName ?? '' },
    content: row.richContent,
    invoiceExternalIds: (Array.isArray(row.invoiceIds) ? row.invoiceIds : []).flatMap((id) => invoices.get(id) ?? []),
    createdAt: toIsoString(row.createdAt),
  }));
}

/** The record a delete names: by the vendor's id or the portal's, exactly one of them. */
function recordKeyOf(request: FastifyRequest): RecordKey {
  const { externalId, id } = request.query as { externalId?: string; id?: string };
  if (externalId !== undefined && id === undefined) return { externalId };
  if (id !== undefined && externalId === undefined) return { id };
  throw new ApiError(400, 'validation_failed', 'externalId: name the record by externalId or by id (exactly one of them)', 'externalId');
}

export function settingsAndContentHandlers(deps: RouteDeps): Handlers {
  const { db } = deps;
  return {
    async getSettings(request) {
      const row = await vendorSettingsRow(db, vendorOf(request));
      if (!row) throw notFound('vendor');
      return settings(row);
    },
    async updateSettings(request) {
      return settings(answerOf(await updateVendorSettings(db, vendorOf(request), request.body as SettingsPatch)));
    },

    async listAnnouncements(request) {
      return { announcements: (await vendorAnnouncements(db, vendorOf(request))).map(announcement) };
    },
    async upsertAnnouncement(request: FastifyRequest, reply: FastifyReply) {
      const { outcome, row } = answerOf(await upsertAnnouncement(db, vendorOf(request), request.body as AnnouncementInput));
      return reply.code(outcome === 'created' ? 201 : 200).send({ outcome, announcement: announcement(row) });
    },
    async deleteAnnouncement(request: FastifyRequest, reply: FastifyReply) {
      answerOf(await deleteAnnouncement(db, vendorOf(request), recordKeyOf(request)));
      return reply.code(204).send();
    },

    async listAds(request) {
      return { ads: (await vendorAds(db, vendorOf(request))).map(ad) };
    },
    async upsertAd(request: FastifyRequest, reply: FastifyReply) {
      const { outcome, row } = answerOf(await upsertAd(db, vendorOf(request), request.body as AdInput));
      return reply.code(outcome === 'created' ? 201 : 200).send({ outcome, ad: ad(row) });
    },
    async deleteAd(request: FastifyRequest, reply: FastifyReply) {
      answerOf(await deleteAd(db, vendorOf(request), recordKeyOf(request)));
      return reply.code(204).send();
    },

    async listTemplateMessages(request) {
      const vendorId = vendorOf(request);
      const query = request.query as { cursor?: string; after?: string; limit?: number; contactId?: string };
      const limit = query.limit ?? 100;
      const after = pageStart('template-messages', query);
      const read = await templateMessagePage(db, vendorId, { after, limit: limit + 1, contactId: query.contactId });
      const { items, ...position } = pageOf('template-messages', read, limit, (r) => r.id, after);
      return { templateMessages: await templateMessages(deps, vendorId, items), ...position };
    },
    async createTemplateMessage(request: FastifyRequest, reply: FastifyReply) {
      const vendorId = vendorOf(request);
      const { created, row } = answerOf(await createTemplateMessage(db, vendorId, request.body as TemplateMessageInput));
      const [message] = await templateMessages(deps, vendorId, [row]);
      return reply.code(created ? 201 : 200).send(message);
    },
    async deleteTemplateMessage(request: FastifyRequest, reply: FastifyReply) {
      answerOf(await deleteTemplateMessage(db, vendorOf(request), recordKeyOf(request)));
      return reply.code(204).send();
    },
  };
}
