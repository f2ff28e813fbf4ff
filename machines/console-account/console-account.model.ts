import type { AnyEventObject, EventObject, SnapshotFrom } from 'xstate';
import { ConsoleApiError } from '../../core/api/vendor-client';
import type { LocationAccount } from './console-account.actors';
import type { consoleAccountMachine } from './console-account.machine';

export const accountModelInput = { locationId: '5f236fa8-9794-4620-b407-32bfcd55dcf9' };

const dana = { id: '999328cd-a4e2-4663-9842-75c064f1fb21', name: 'Dana Whitfield' };
const checking = { id: '6c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', type: 'ACH' as const, name: 'Operating Checking', lastFour: '6703' };

export const accountSample: LocationAccount = {
  autopay: { id: '1f7c2a9e-3b4d-4c5e-8f60-7a8b9c0d1e2f', contact: dana, method: checking, startDate: '2026-11-30', excludedInvoiceCount: 1, status: 'active', pausedBecause: null },
  paymentPlans: [
    { id: 'b9a4b1c6-3722-44bd-8aac-4ad849bf7188', name: 'Spring Catch-Up Plan', status: 'paused', pausedBecause: 'Payments from Operating Checking (…6703) are paused: the bank returned a payment (Insufficient funds).', frequency: 'biweekly', startDate: '2026-11-01', totalAmount: 5600.75, eachAmount: 1120.15, method: checking, contact: dana },
    { id: 'c0b5c2d7-4833-45ce-9bbd-5be95a0e8299', name: 'Holiday Season Balance', status: 'complete', pausedBecause: null, frequency: 'monthly', startDate: '2026-07-01', totalAmount: 2250, eachAmount: 750, method: checking, contact: dana },
  ],
  paymentMethods: [
    { id: '2b3c4d5e-6f70-4812-9a3b-4c5d6e7f8091', type: 'CC', name: 'Visa Business', brand: 'Visa', lastFour: '4821', expires: '08/28', verified: true, usable: true, contact: dana },
    { ...checking, brand: null, expires: null, verified: true, usable: false, contact: dana },
    { id: '7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a', type: 'ACH', name: 'Payroll Savings', brand: null, lastFour: '3318', expires: null, verified: false, usable: true, contact: dana },
  ],
  statementDeliveries: [{ id: '3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b', scheduleUnit: 'monthly', scheduleValue: '0', sendEmptyStatements: false, activeFrom: '2026-11-01', contact: dana }],
};

export const emptyAccountSample: LocationAccount = { autopay: null, paymentPlans: [], paymentMethods: [], statementDeliveries: [] };

/** Model events: the account (everything set up), nothing set up after a refresh, offline, retry, not the vendor's. */
export function consoleAccountModelEvents(snapshot: SnapshotFrom<typeof consoleAccountMachine>): EventObject[] {
  const candidates: AnyEventObject[] = [
    { type: 'account.retry' },
    { type: 'account.refresh' },
    { type: 'xstate.done.actor.loadAccount', output: accountSample },
    { type: 'xstate.done.actor.loadAccount', output: null },
    { type: 'xstate.error.actor.loadAccount', error: new ConsoleApiError(0) },
    ...(snapshot.context.account?.autopay ? [{ type: 'xstate.done.actor.refreshAccount', output: emptyAccountSample }] : []),
    { type: 'xstate.done.actor.refreshAccount', output: null },
    { type: 'xstate.error.actor.refreshAccount', error: new ConsoleApiError(503, 'unavailable', 'PerformancePay is busy: try again in a moment.') },
  ];
  return candidates.filter((e) => snapshot.can(e as never));
}
