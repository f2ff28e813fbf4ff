/**
 * The vendor's content through the vendor API: announcements and statement-page ads written by the vendor's own id
 * (a write creates or replaces, the same call twice changes nothing; a record is removed by either id), and template messages sent to a contact at a
 * location with the invoices they are about (idempotent by externalId: the same message again is the one already
 * sent; different content under a used externalId is refused, never rewritten under the customer's eyes).
 *
 * Writes of one vendor's announcements, ads and images queue on the vendor's row (`for no key update`): the count
 * limits hold under concurrent calls, and an image is never deleted as unused while another call starts using it.
 */
import { isDeepStrictEqual } from 'node:util';
import { parseRichContent } from '../../core/rules/rich-content-format.js';
import type { AnnouncementType, VendorImageType } from '../db/schema.js';
import type { Db } from '../db/connect.js';
import { decodeImageUpload, vendorImagePath } from '../domain/vendor-images.js';
import {
  adByExternalId,
  announcementByExternalId,
  countAds,
  countAnnouncements,
  deleteAdRow,
  deleteAnnouncementRow,
  deleteTemplateMessageRow,
  deleteUnusedVendorImages,
  insertTemplateMessage,
  insertVendorImage,
  templateMessageByExternalId,
  upsertAdRow,
  upsertAnnouncementRow,
  type AdRow,
  type AnnouncementRow,
  type RecordKey,
  type TemplateMessageRow,
  type TemplateMessageValues,
  type WriteOutcome,
} from '../repos/vendor-content.js';
import { contactAtLocation, locationInvoicesByExternalId, locationsByExternalId } from '../repos/vendor-records.js';
import { lockVendorSettingsRow } from '../repos/vendor-settings.js';
import { requestLocation } from './vendor-requests.js';
import { attempt, refuse, type Outcome } from './outcome.js';

/** What one vendor may keep: the portal loads every announcement on every page, and rotates every ad. */
export const MAX_ANNOUNCEMENTS = 100;
export const MAX_ADS = 20;

const invalid = (field: string, message: string) => refuse('invalid', 'validation_failed', `${field}: ${message}`, field);
const notFound = (what: string, field?: string) => refuse('not_found', 'not_found', `The ${what} was not found.`, field);

async function lockVendor(trx: Db, vendorId: string) {
  if (!(await lockVendorSettingsRow(trx, vendorId))) throw notFound('vendor');
}

// ───────────────────────────── announcements ─────────────────────────────

export interface AnnouncementInput {
  externalId: string;
  type: AnnouncementType;
  message: string;
  expirationDate?: string | null;
}

export async function upsertAnnouncement(db: Db, vendorId: string, input: AnnouncementInput): Promise<Outcome<{ outcome: WriteOutcome; row: AnnouncementRow }>> {
  const { externalId } = input;
  return attempt(() =>
    db.transaction().execute(async (trx) => {
      await lockVendor(trx, vendorId);
      if (!(await announcementByExternalId(trx, vendorId, externalId)) && (await countAnnouncements(trx, vendorId)) >= MAX_ANNOUNCEMENTS) {
        throw refuse('unprocessable', 'limit_reached', `A vendor has at most ${MAX_ANNOUNCEMENTS} announcements; delete one first.`);
      }
      return upsertAnnouncementRow(trx, vendorId, externalId, { type: input.type, message: input.message, expirationDate: input.expirationDate ?? null });
    }),
  );
}

export async function deleteAnnouncement(db: Db, vendorId: string, key: RecordKey): Promise<Outcome<void>> {
  return attempt(async () => {
    if (!(await deleteAnnouncementRow(db, vendorId, key))) throw notFound('announcement');
  });
}

// ───────────────────────────── ads ─────────────────────────────

export interface AdInput {
  externalId: string;
  image?: { contentType: VendorImageType; data: string };
  clickUrl: string | null;
  order: number;
  duration: number;
}

/** An https address with a host, as the browser will open it; else why not. */
function clickUrlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'is not a URL';
  }
  if (parsed.protocol !== 'https:' || !parsed.hostname) return 'must be an https address';
  if (parsed.username || parsed.password) return 'must not carry a user name or password';
  return null;
}

export async function upsertAd(db: Db, vendorId: string, input: AdInput): Promise<Outcome<{ outcome: WriteOutcome; row: AdRow }>> {
  const { externalId } = input;
  return attempt(() =>
    db.transaction().execute(async (trx) => {
      if (input.clickUrl !== null) {
        const problem = clickUrlProblem(input.clickUrl);
        if (problem) throw invalid('clickUrl', problem);
      }
      await lockVendor(trx, vendorId);
      const existing = await adByExternalId(trx, vendorId, externalId);
      if (!existing) {
        if (!input.image) throw invalid('image', 'is required for a new ad');
        if ((await countAds(trx, vendorId)) >= MAX_ADS) throw refuse('unprocessable', 'limit_reached', `A vendor has at most ${MAX_ADS} ads; delete one first.`);
      }
      let fileUrl = existing?.fileUrl ?? '';
      if (input.image) {
        const decoded = decodeImageUpload(input.image);
        if (!decoded.ok) throw invalid('image.data', `the image ${decoded.problem}`);
        fileUrl = vendorImagePath(vendorId, decoded.image);
        await insertVendorImage(trx, { vendorId, sha256: decoded.image.sha256, contentType: decoded.image.contentType, content: decoded.image.bytes, path: fileUrl });
      }
      const written = await upsertAdRow(trx, vendorId, externalId, { fileUrl, clickUrl: input.clickUrl, sortOrder: input.order, duration: input.duration });
      if (existing && existing.fileUrl !== fileUrl) await deleteUnusedVendorImages(trx, vendorId);
      return written;
    }),
  );
}

export async function deleteAd(db: Db, vendorId: string, key: RecordKey): Promise<Outcome<void>> {
  return attempt(() =>
    db.transaction().execute(async (trx) => {
      await lockVendor(trx, vendorId);
      if (!(await deleteAdRow(trx, vendorId, key))) throw notFound('ad');
      await deleteUnusedVendorImages(trx, vendorId);
    }),
  );
}

// ───────────────────────────── template messages ─────────────────────────────

export interface TemplateMessageInput {
  externalId: string;
  contactId: string;
  /** the location by the vendor's own id, or by the portal's (`locationId`): exactly one */
  locationExternalId?: string;
  locationId?: string;
  subject: string;
  from: { firstName: string; lastName: string };
  content: unknown[];
  invoiceExternalIds?: string[];
}

/** Whether a stored message is the one described (what the customer sees: to whom, where, what, about which invoices). */
function sameMessage(row: TemplateMessageRow, values: TemplateMessageValues): boolean {
  return (
    row.contactId === values.contactId &&
    row.locationId === values.locationId &&
    row.subject === values.subject &&
    row.fromPerson?.firstName === values.fromPerson.firstName &&
    row.fromPerson?.lastName === values.fromPerson.lastName &&
    isDeepStrictEqual(row.invoiceIds, values.invoiceIds) &&
    isDeepStrictEqual(row.richContent, values.richContent)
  );
}

const conflict = () =>
  refuse('conflict', 'conflict', 'externalId: a different message was already sent under this externalId; delete it first or use another externalId', 'externalId');

export async function createTemplateMessage(db: Db, vendorId: string, input: TemplateMessageInput): Promise<Outcome<{ created: boolean; row: TemplateMessageRow }>> {
  return attempt(async () => {
    // the contract checks the shape; the rules of rich content (link schemes, size) are the portal's own, the same
    // parser the message page renders with
    const parsed = parseRichContent(JSON.stringify(input.content));
    if (!parsed.ok) throw invalid('content', `is not rich content the portal can show (${parsed.reason})`);
    return db.transaction().execute(async (trx) => {
      const locationId = await requestLocation(trx, vendorId, input);
      const externalIds = input.invoiceExternalIds ?? [];
      const invoices = await locationInvoicesByExternalId(trx, vendorId, locationId, externalIds);
      const invoiceIds = externalIds.map((externalId, i) => {
        const invoice = invoices.get(externalId);
        if (!invoice) throw refuse('unprocessable', 'unprocessable', `invoiceExternalIds[${i}]: no invoice ${externalId} at this location`, `invoiceExternalIds[${i}]`);
        return invoice.id;
      });
      const values = (to: { firstName: string; lastName: string }): TemplateMessageValues => ({
        externalId: input.externalId,
        contactId: input.contactId,
        locationId,
        subject: input.subject,
        richContent: parsed.document,
        fromPerson: { firstName: input.from.firstName, lastName: input.from.lastName },
        // nothing is e-mailed: the message is in the portal, not sent to an address
        toPerson: { firstName: to.firstName, lastName: to.lastName, deliverTo: null },
        invoiceIds,
      });

      // a retry of a message already sent answers it, even if the contact has left the location since
      const sent = await templateMessageByExternalId(trx, vendorId, input.externalId);
      if (sent) {
        if (!sameMessage(sent, values({ firstName: '', lastName: '' }))) throw conflict();
        return { created: false, row: sent };
      }
      const contact = await contactAtLocation(trx, vendorId, locationId, input.contactId);
      if (!contact) throw notFound('contact at this location', 'contactId');
      const message = values(contact);
      const inserted = await insertTemplateMessage(trx, vendorId, message);
      if (inserted) return { created: true, row: inserted };
      // another call with this externalId committed first
      const other = (await templateMessageByExternalId(trx, vendorId, input.externalId))!;
      if (!sameMessage(other, message)) throw conflict();
      return { created: false, row: other };
    });
  });
}

export async function deleteTemplateMessage(db: Db, vendorId: string, key: RecordKey): Promise<Outcome<void>> {
  return attempt(async () => {
    if (!(await deleteTemplateMessageRow(db, vendorId, key))) throw notFound('template message');
  });
}
