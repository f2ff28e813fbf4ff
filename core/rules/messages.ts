/**
 * Message rules (portal-recurring.md §2.8, §2.9, §9), pure: the resolution-center category of a message and the one
 * message list (template messages and resolution-center messages together, newest first).
 */
import type { components } from '../api/schema';

export type ResolutionCategory = 'Payment Failed' | 'Comment' | 'Disputed' | 'Partially Paid';
/** The order the resolution center lists its groups in. */
export const RESOLUTION_CATEGORIES: readonly ResolutionCategory[] = ['Payment Failed', 'Disputed', 'Partially Paid', 'Comment'];

/** §2.9: subject "Payment Failed" → Payment Failed; "Comment" → Comment; a zero paid amount → Disputed; else Partially Paid. */
export function resolutionCategory(message: Pick<ResolutionMessage, 'subject' | 'paymentPaidAmount'>): ResolutionCategory {
  if (message.subject === 'Payment Failed') return 'Payment Failed';
  if (message.subject === 'Comment') return 'Comment';
  if (message.paymentPaidAmount === 0) return 'Disputed';
  return 'Partially Paid';
}

/** A resolution-center message (contract `Message`). */
export type ResolutionMessage = components['schemas']['Message'];

type TemplateMessage = components['schemas']['TemplateMessage'];

/** Fields of a template message the list needs (contract `TemplateMessage`). */
export type TemplateMessageSummary = Pick<TemplateMessage, 'id' | 'createdAt' | 'from'> & { messageData: Pick<TemplateMessage['messageData'], 'subject'> };

/** One row of the message list. */
export type MessageEntry =
  | { kind: 'template'; id: string; createdAt: string; subject: string; from: string; unread: false }
  | { kind: 'invoice'; id: string; createdAt: string; subject: string; invoiceId: string; invoiceDisplayInvNum: string; text: string; category: ResolutionCategory; unread: boolean };

/** Both kinds in one list, newest `createdAt` first (§9 "messages by createdAt descending"), ties by id. */
export function messageEntries(templates: readonly TemplateMessageSummary[], messages: readonly ResolutionMessage[]): MessageEntry[] {
  const entries: MessageEntry[] = [
    ...templates.map((t): MessageEntry => ({
      kind: 'template', id: t.id, createdAt: t.createdAt, subject: t.messageData.subject,
      from: `${t.from.firstName} ${t.from.lastName}`.trim(), unread: false,
    })),
    ...messages.map((m): MessageEntry => ({
      kind: 'invoice', id: m.id, createdAt: m.createdAt, subject: m.subject, invoiceId: m.invoiceId, invoiceDisplayInvNum: m.invoiceDisplayInvNum,
      text: m.message, category: resolutionCategory(m), unread: !m.contactRead,
    })),
  ];
  return entries.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

/** The resolution center's rows: one per invoice (its newest message), grouped by category in `RESOLUTION_CATEGORIES` order. */
export function groupByCategory<T extends Pick<ResolutionMessage, 'subject' | 'paymentPaidAmount'>>(rows: readonly T[]) {
  return RESOLUTION_CATEGORIES.map((category) => ({ category, rows: rows.filter((r) => resolutionCategory(r) === category) })).filter((g) => g.rows.length > 0);
}

/** Past due: a due date (yyyy-MM-dd) before today (yyyy-MM-dd, the vendor's today). Shown red in a message table. */
export function isPastDue(dueDate: string | null | undefined, today: string): boolean {
  return Boolean(dueDate) && dueDate!.slice(0, 10) < today;
}
