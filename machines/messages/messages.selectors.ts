import type { SnapshotFrom } from 'xstate';
import { parseRichContent, type RichContentResult } from '../../core/rules/rich-content-format';
import type { TemplateMessage } from './messages.actors';
import { payableInvoiceIds, type templateMessageMachine } from './template-message.machine';
import type { unreadMessagesMachine } from './unread-messages.machine';
import type { messageListMachine } from './message-list.machine';
import type { resolutionCenterMachine } from './resolution-center.machine';

type ListSnapshot = SnapshotFrom<typeof messageListMachine> | SnapshotFrom<typeof resolutionCenterMachine>;

/** Message list and resolution center: loading | loaded | empty | failed. */
export const selectListStatus = (s: ListSnapshot) => s.value as 'loading' | 'loaded' | 'empty' | 'failed';
export const selectListRows = <S extends ListSnapshot>(s: S) => s.context.rows as S['context']['rows'];

type TemplateSnapshot = Pick<SnapshotFrom<typeof templateMessageMachine>, 'context' | 'matches'>;
type UnreadSnapshot = Pick<SnapshotFrom<typeof unreadMessagesMachine>, 'context' | 'matches'>;

export type TemplateMessageStatus = 'loading' | 'loaded' | 'failed' | 'confirmed';
export function selectTemplateStatus(s: TemplateSnapshot): TemplateMessageStatus {
  if (s.matches('loaded')) return 'loaded';
  if (s.matches('failed')) return 'failed';
  if (s.matches('confirmed')) return 'confirmed';
  return 'loading';
}

export const selectTemplateMessage = (s: TemplateSnapshot): TemplateMessage | null => s.context.message;

/** The parsed rich content (null until loaded); `ok: false` shows "Error deserializing rich content". */
const parsed = new WeakMap<TemplateMessage, RichContentResult>();
export function selectRichContent(s: TemplateSnapshot): RichContentResult | null {
  const message = s.context.message;
  if (!message) return null;
  let result = parsed.get(message);
  if (!result) {
    result = parseRichContent(message.messageData.content);
    parsed.set(message, result);
  }
  return result;
}

/** Pay is offered while some of the message's invoices can be paid. */
export const selectCanPay = (s: TemplateSnapshot): boolean => s.matches('loaded') && payableInvoiceIds(s.context.message).length > 0;

/** The badge for a counted number of unread messages: the count, or none at 0. */
export function unreadBadgeOf(count: number): number | null {
  return count > 0 ? count : null;
}

/** The tile's badge: a count when known, `'new'` when only the flag is (count failed), null when nothing is unread. */
export function selectUnreadBadge(s: UnreadSnapshot): number | 'new' | null {
  if (s.matches('loaded')) return unreadBadgeOf(s.context.count);
  if (s.matches('failed')) return 'new';
  return null;
}
