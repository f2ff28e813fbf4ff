/**
 * "Resolution Center for" (portal-recurring.md §2.9): loading → loaded | empty | failed. The rows are the newest message
 * of each invoice with messages (`onlyMostRecent=true`); the view groups them by category (Payment Failed, Disputed,
 * Partially Paid, Comment — `core/rules/messages.ts`), each group newest first as loaded.
 */
import { createReportMachine } from '../reports/report.machine';
import { fetchResolutionMessages, type LocationInput, type Message } from './messages.actors';

export const resolutionCenterMachine = createReportMachine<Message, LocationInput>('resolutionCenter', fetchResolutionMessages, null);
