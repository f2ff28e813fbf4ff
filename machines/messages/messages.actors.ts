/**
 * Message calls (portal-recurring.md §7): the location's messages (`GET .../messages`), its template messages
 * (`GET .../templatemessages`, optionally `?messageId=`), and the unread count for the dashboard tile.
 */
import { fromPromise } from 'xstate';
import { api, unwrap } from '../../core/api/client';
import type { components } from '../../core/api/schema';
import { messageEntries, type MessageEntry } from '../../core/rules/messages';

export type Message = components['schemas']['Message'];
export type TemplateMessage = components['schemas']['TemplateMessage'];

export interface LocationInput {
  vendorId: string;
  locationId: string;
}
export type TemplateMessageInput = LocationInput & { templateMessageId: string };

const MESSAGES_PATH = '/vendors/{vendorId}/locations/{locationId}/messages';
const TEMPLATES_PATH = '/vendors/{vendorId}/locations/{locationId}/templatemessages';

async function getMessages(input: LocationInput, query: { onlyMostRecent?: boolean; contactNotRead?: boolean }, signal: AbortSignal): Promise<Message[]> {
  const result = await api.GET(MESSAGES_PATH, { params: { path: input, query }, signal });
  return unwrap(MESSAGES_PATH, result).messages;
}

/** The message list: template messages and resolution-center messages together, newest first. */
export async function fetchMessageList(input: LocationInput, signal: AbortSignal): Promise<MessageEntry[]> {
  const [templates, messages] = await Promise.all([
    api.GET(TEMPLATES_PATH, { params: { path: input }, signal }).then((r) => unwrap(TEMPLATES_PATH, r).templateMessages),
    getMessages(input, {}, signal),
  ]);
  return messageEntries(Object.values(templates), messages);
}

/** The resolution center: the newest message of each invoice that has messages. */
export function fetchResolutionMessages(input: LocationInput, signal: AbortSignal): Promise<Message[]> {
  return getMessages(input, { onlyMostRecent: true }, signal);
}

/** One template message; a message that is not there (404) or an empty answer is a failure. */
export const loadTemplateMessage = fromPromise<TemplateMessage, TemplateMessageInput>(async ({ input, signal }) => {
  const { templateMessageId, ...path } = input;
  const result = await api.GET(TEMPLATES_PATH, { params: { path, query: { messageId: templateMessageId } }, signal });
  const message = unwrap(TEMPLATES_PATH, result).templateMessages[templateMessageId];
  if (!message) throw new Error(`failed calling api on path ${TEMPLATES_PATH}`);
  return message;
});

/** How many messages the contact has not read at the location (the MESSAGES tile). */
export const loadUnreadCount = fromPromise<number, LocationInput>(async ({ input, signal }) => (await getMessages(input, { contactNotRead: true }, signal)).length);
