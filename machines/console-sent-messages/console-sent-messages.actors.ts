/** Actors of the console's sent template messages: the vendor's messages a page at a time, and one withdrawn. */
import { fromPromise } from 'xstate';
import { networkError, unwrapConsole, vendorApi } from '../../core/api/vendor-client';
import type { components } from '../../core/api/vendor-schema';

export type SentMessage = components['schemas']['VendorTemplateMessage'];
export interface SentMessagePage {
  items: SentMessage[];
  nextCursor: string | null;
}

/** A page of the vendor's template messages (`cursor` null: the first). */
export const loadSentMessages = fromPromise<SentMessagePage, { cursor: string | null }>(async ({ input }) => {
  try {
    const page = unwrapConsole(await vendorApi.GET('/template-messages', { params: { query: input.cursor ? { cursor: input.cursor, limit: 100 } : { limit: 100 } } }));
    return { items: page.templateMessages, nextCursor: page.hasMore ? page.nextCursor : null };
  } catch (error) {
    throw networkError(error);
  }
});

/** Withdraws one by its portal id: it leaves the contact's message center (DELETE /template-messages?id=…). */
export const withdrawSentMessage = fromPromise<void, { id: string }>(async ({ input }) => {
  try {
    const result = await vendorApi.DELETE('/template-messages', { params: { query: { id: input.id } } });
    if (!result.response.ok) unwrapConsole(result);
  } catch (error) {
    throw networkError(error);
  }
});
