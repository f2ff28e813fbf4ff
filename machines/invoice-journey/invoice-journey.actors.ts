/** Invoice journey calls: the invoice with its history, marking its messages read, adding a comment. */
import { fromPromise } from 'xstate';
import { api, unwrap } from '../../core/api/client';
import type { components } from '../../core/api/schema';

export type InvoiceJourney = components['schemas']['InvoiceJourney'];
export type JourneyEntry = components['schemas']['JourneyEntry'];

export interface JourneyInput {
  vendorId: string;
  locationId: string;
  invoiceId: string;
}

const JOURNEY_PATH = '/vendors/{vendorId}/locations/{locationId}/invoices/{invoiceId}/journey';
const MESSAGES_PATH = '/vendors/{vendorId}/locations/{locationId}/messages';
const READ_PATH = '/vendors/{vendorId}/messages';

/** The invoice and its journey entries (`getInvoiceJourney`). */
export const loadJourney = fromPromise<InvoiceJourney, JourneyInput>(async ({ input, signal }) => {
  const result = await api.GET(JOURNEY_PATH, { params: { path: input }, signal });
  return unwrap(JOURNEY_PATH, result);
});

/** `markMessagesRead` for the invoice; the journey ignores its outcome (spec §2). */
export const markRead = fromPromise<void, JourneyInput>(async ({ input, signal }) => {
  const result = await api.PATCH(READ_PATH, { params: { path: { vendorId: input.vendorId } }, body: { invoiceId: input.invoiceId }, signal });
  unwrap(READ_PATH, result);
});

/** `addComment`: answers the journey entry written with the comment. */
export const submitComment = fromPromise<JourneyEntry, JourneyInput & { message: string }>(async ({ input, signal }) => {
  const result = await api.POST(MESSAGES_PATH, {
    params: { path: { vendorId: input.vendorId, locationId: input.locationId } },
    body: { invoiceId: input.invoiceId, message: input.message },
    signal,
  });
  return unwrap(MESSAGES_PATH, result).journey;
});
