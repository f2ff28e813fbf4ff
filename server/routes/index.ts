/**
 * Every implemented operation, by operationId. An operation of the contract that is not listed here answers
 * 501 `not_implemented` (see `server/http/api.ts`).
 */
import type { Handlers } from '../http/api.js';
import { accessHandlers } from './access.js';
import { announcementHandlers } from './announcements.js';
import { autopayHandlers } from './autopay.js';
import { configHandlers } from './config.js';
import { documentHandlers } from './documents.js';
import { invoiceHandlers } from './invoices.js';
import type { RouteDeps } from './deps.js';
import { locationHandlers } from './locations.js';
import { messageHandlers } from './messages.js';
import { paymentMethodHandlers } from './paymentmethods.js';
import { paymentGroupHandlers } from './paymentgroups.js';
import { paymentPlanHandlers } from './paymentplans.js';
import { paymentHandlers } from './payments.js';
import { requestHandlers } from './requests.js';
// ── remit + replay ──
import { remitHandlers } from './remit.js';
import { vendorHandlers } from './vendors.js';
import { visitHandlers } from './visits.js';
// ── statements, ads, reminders ──
import { advertisementHandlers } from './advertisements.js';
import { campaignHandlers } from './campaigns.js';
import { statementHandlers } from './statements.js';

export function portalHandlers(deps: RouteDeps): Handlers {
  const modules = [
    accessHandlers,
    vendorHandlers,
    locationHandlers,
    requestHandlers,
    visitHandlers,
    configHandlers,
    announcementHandlers,
    autopayHandlers,
    paymentPlanHandlers,
    paymentMethodHandlers,
    paymentHandlers,
    invoiceHandlers,
    paymentGroupHandlers,
    documentHandlers,
    messageHandlers,
    // ── statements, ads, reminders ──
    statementHandlers,
    advertisementHandlers,
    campaignHandlers,
    // ── remit + replay ──
    remitHandlers,
  ];
  // Documents (PDFs, statements, the remit form) may read a whole account: they use the pool with the longer
  // statement timeout (DB_LONG_STATEMENT_TIMEOUT_MS), the rest the request pool's.
  const longRunning = new Set<(deps: RouteDeps) => Handlers>([documentHandlers, statementHandlers, remitHandlers]);
  const longDeps: RouteDeps = { ...deps, db: deps.longDb ?? deps.db };
  const handlers: Handlers = {};
  for (const module of modules) {
    for (const [operationId, handler] of Object.entries(module(longRunning.has(module) ? longDeps : deps))) {
      if (operationId in handlers) throw new Error(`Two handlers for ${operationId}`);
      handlers[operationId] = handler;
    }
  }
  return handlers;
}
