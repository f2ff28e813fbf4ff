/**
 * The message list at .../messages (portal-recurring.md §2.8, §4): loading → loaded | empty | failed. One load reads
 * the template messages and the resolution-center messages together; the rows are newest first (§9), fixed order.
 */
import { createReportMachine } from '../reports/report.machine';
import type { MessageEntry } from '../../core/rules/messages';
import { fetchMessageList, type LocationInput } from './messages.actors';

export const messageListMachine = createReportMachine<MessageEntry, LocationInput>('messageList', fetchMessageList, null);
