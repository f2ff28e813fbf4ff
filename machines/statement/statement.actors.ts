/**
 * Statement page calls (recurring §2.4–2.5, §4, §7): the statement and its PDF, the request-marking call, the vendor's
 * ads with their impressions and clicks, and the statement delivery settings. The only callers of the API client for
 * the statement machines.
 */
import { fromPromise } from 'xstate';
import { api, unwrap } from '../../core/api/client';
import type { components } from '../../core/api/schema';
import { safeUrl } from '../../core/rules/safe-url';
import { pdfUrlFactory } from '../pdf-loader/pdf-loader.actors';

export type Statement = components['schemas']['Statement'];
export type StatementLine = components['schemas']['StatementLine'];
export type Advertisement = components['schemas']['Advertisement'];
export type StatementDelivery = components['schemas']['StatementDelivery'];
export type StatementDeliveryList = components['schemas']['StatementDeliveryList'];
export type ScheduleUnit = components['schemas']['StatementScheduleUnit'];
export type SaveStatementDeliveryRequest = components['schemas']['SaveStatementDeliveryRequest'];

export interface LocationScope {
  vendorId: string;
  locationId: string;
}

const STATEMENT_PATH = '/vendors/{vendorId}/locations/{locationId}/statement';
const STATEMENT_PDF_PATH = '/vendors/{vendorId}/locations/{locationId}/statement.pdf';
const REQUEST_PATH = '/vendors/{vendorId}/locations/{locationId}/statementrequest';
const ADS_PATH = '/vendors/{vendorId}/advertisements';
const IMPRESSIONS_PATH = '/vendors/{vendorId}/advertisements/{fileId}/impressions';
const CLICKS_PATH = '/vendors/{vendorId}/advertisements/{fileId}/clicks';
const DELIVERY_PATH = '/vendors/{vendorId}/locations/{locationId}/statementdelivery';
const DELIVERY_ITEM_PATH = '/vendors/{vendorId}/locations/{locationId}/statementdelivery/{deliveryId}';

/** The statement of the location (its rows, totals and aging as the server computed them). */
export const loadStatement = fromPromise<Statement, LocationScope>(async ({ input, signal }) =>
  unwrap(STATEMENT_PATH, await api.GET(STATEMENT_PATH, { params: { path: input }, signal })));

/** `PATCH .../statementrequest` (spec §2.4, §7): sent when the flag is unset; errors are ignored (never thrown). */
export const markStatementRequest = fromPromise<boolean, LocationScope>(async ({ input }) => {
  try {
    const result = await api.PATCH(REQUEST_PATH, { params: { path: input } });
    return result.response.ok;
  } catch {
    return false;
  }
});

/** The statement PDF as a `blob:` URL (the PDF loader pattern); "Unable to fetch PDF" when it is not a PDF. */
export const fetchStatementPdf = fromPromise<string, LocationScope>(async ({ input, signal }) => {
  const result = await api.GET(STATEMENT_PDF_PATH, { params: { path: input }, parseAs: 'blob', signal });
  const data = result.data as Blob | undefined;
  const type = result.response.headers.get('Content-Type') ?? data?.type ?? '';
  if (!result.response.ok || !data || typeof data.arrayBuffer !== 'function' || !/^application\/pdf\b/i.test(type)) throw new Error('Unable to fetch PDF');
  return pdfUrlFactory.create(new Blob([await data.arrayBuffer()], { type: 'application/pdf' }));
});

/**
 * The vendor's ads in display order (`order`, then fileId), under the one URL rule (`core/rules/safe-url.ts`): an ad
 * whose image URL fails it is left out, a click URL that fails it becomes null (not clickable).
 */
export const loadAds = fromPromise<Advertisement[], { vendorId: string }>(async ({ input, signal }) => {
  const data = unwrap(ADS_PATH, await api.GET(ADS_PATH, { params: { path: { vendorId: input.vendorId } }, signal }));
  return Object.values(data.advertisements)
    .flatMap((ad) => {
      const fileUrl = safeUrl(ad.fileUrl);
      return fileUrl === null ? [] : [{ ...ad, fileUrl, clickUrl: safeUrl(ad.clickUrl) }];
    })
    .sort((a, b) => a.order - b.order || a.fileId.localeCompare(b.fileId));
});

export interface AdEventInput {
  vendorId: string;
  locationId: string;
  fileId: string;
  /** the browser's IANA time zone; absent: read now (see `AdBannerInput.userTimezone`) */
  userTimezone?: string;
}

/** The browser's IANA time zone ('UTC' when it names none). */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function adBody(input: AdEventInput) {
  return { locationId: input.locationId, displayPage: 'Statement' as const, userTimezone: input.userTimezone ?? browserTimeZone() };
}

/** Impression of one ad; the answer is unused and a failure is ignored (spec §7). */
export const recordImpression = fromPromise<void, AdEventInput>(async ({ input }) => {
  await api.POST(IMPRESSIONS_PATH, { params: { path: { vendorId: input.vendorId, fileId: input.fileId } }, body: adBody(input) }).catch(() => undefined);
});

/** A click on one ad; the answer is unused and a failure is ignored (spec §7). */
export const recordClick = fromPromise<void, AdEventInput>(async ({ input }) => {
  await api.POST(CLICKS_PATH, { params: { path: { vendorId: input.vendorId, fileId: input.fileId } }, body: adBody(input) }).catch(() => undefined);
});

/** The contact's delivery settings at the location (the first is the current one). */
export const loadDeliveries = fromPromise<StatementDeliveryList, LocationScope>(async ({ input, signal }) =>
  unwrap(DELIVERY_PATH, await api.GET(DELIVERY_PATH, { params: { path: input }, signal })));

/** Turn On / Update: one call (see the contract's `saveStatementDelivery`). */
export const saveDelivery = fromPromise<StatementDeliveryList, LocationScope & { body: SaveStatementDeliveryRequest }>(async ({ input, signal }) => {
  const { body, ...path } = input;
  return unwrap(DELIVERY_PATH, await api.POST(DELIVERY_PATH, { params: { path }, body, signal }));
});

/** Turn Off Statements. */
export const deleteDelivery = fromPromise<void, LocationScope & { deliveryId: string }>(async ({ input, signal }) => {
  unwrap(DELIVERY_ITEM_PATH, await api.DELETE(DELIVERY_ITEM_PATH, { params: { path: input }, signal }));
});
