/** Model data and events of the AutoPay machines (walks, registry, view tests). */
import type { AnyEventObject as EventObject } from 'xstate';
import { Temporal } from 'temporal-polyfill';
import { modelIds as c2pIds, modelInvoice, modelMethod } from '../click2pay/click2pay.model';
import { modelLocationId, modelVendorId } from '../dashboard/dashboard.model';
import type { Autopay, AutopayPageData, Request } from './autopay.actors';
import type { AutopayPageInput } from './autopay-page.machine';

export const modelAutopayIds = {
  autopay: 'cccccccc-3333-4333-8333-333333333333',
  request: 'dddddddd-4444-4444-8444-444444444444',
  invoiceA: c2pIds.invoiceA,
  invoiceB: c2pIds.invoiceB,
  card: c2pIds.card,
  bank: c2pIds.bank,
};

/** Tuesday 2026-12-01 09:00 in Chicago. */
export const modelAutopayNow = Temporal.Instant.from('2026-12-01T15:00:00Z');

export const modelAutopayMethods = [
  modelMethod(c2pIds.bank, 'direct-ach', 'Operating Checking', '6789'),
  modelMethod(c2pIds.card, 'priority-cc', 'Visa Business', '4821', '2.9'),
];

export const modelAutopayInvoices = [
  modelInvoice(c2pIds.invoiceA, 'INV-1001', 100.5, '2026-12-05'),
  modelInvoice(c2pIds.invoiceB, 'INV-1002', 200, '2026-12-12'),
];

export const modelAutopay: Autopay = {
  id: modelAutopayIds.autopay, startDate: '2026-12-01', paymentMethodId: c2pIds.bank, paymentMethodName: 'Operating Checking',
  paymentMethodLastFour: '6789', paymentMethodType: 'ACH', contactId: '12121212-1212-4212-8212-121212121212', excludedInvoices: [c2pIds.invoiceB],
  paymentGroups: [], paymentMethod: { type: 'ACH', displayExtra: { name: 'Operating Checking', lastFour: '6789' } }, customerManage: true,
};

export const modelAutopayRequest: Request = {
  id: modelAutopayIds.request, type: 'autopay', status: 'active', vendorId: modelVendorId, locationId: modelLocationId, startDate: '2026-12-03',
  invoiceIds: [], excludedInvoiceIds: [c2pIds.invoiceA], customerManage: true, paymentPlan: null, createdAt: '2026-11-30T12:00:00Z',
};

export const modelEpa = { 'direct-ach': { version: '2024-01', filename: 'epa-ach.pdf' }, 'priority-cc': { version: '2024-03', filename: 'epa-card.pdf' } };

export function modelPageData(autopay: Autopay | null, request: Request | null = null): AutopayPageData {
  return { autopay, request, invoices: modelAutopayInvoices, configWindowDays: 0, epa: modelEpa };
}

export const modelAutopayVendor: AutopayPageInput['vendor'] = {
  config: { appName: 'PerformancePay', logoUrl: null, c2pPaymentDays: null, autoPayStartDateTimeFrame: 10, achProcessor: 'direct-ach' },
  eodCutoff: { hour: 17, timezone: 'America/Chicago' },
  featureFlags: {},
};

export const modelAutopayPageInput: AutopayPageInput = {
  vendorId: modelVendorId, locationId: modelLocationId, requestId: null, vendor: modelAutopayVendor, now: modelAutopayNow,
};

export const modelAutopayInput = { vendorId: modelVendorId, locationId: modelLocationId, autopayId: modelAutopayIds.autopay };

const fail = (path: string) => new Error(`failed calling api on path ${path}`);

/** Page: the load settles three ways; once loaded the form is walked one step each (so the model stays small). */
export function autopayPageModelEvents(snapshot: { matches: (v: unknown) => boolean; context: { method: { id: string } | null; startDate: string | null; excluded: string[]; termsAccepted: boolean; data: AutopayPageData | null } }): EventObject[] {
  if (snapshot.matches('loading')) {
    return [
      { type: 'xstate.done.actor.loadAutopayPage', output: modelPageData(modelAutopay) },
      { type: 'xstate.done.actor.loadAutopayPage', output: modelPageData(null) },
      { type: 'xstate.error.actor.loadAutopayPage', error: fail('/vendors/{vendorId}/locations/{locationId}/autopay') },
    ];
  }
  if (snapshot.matches('failed')) return [{ type: 'page.retry' }];
  const { context } = snapshot;
  const events: EventObject[] = [];
  if (!context.method) events.push({ type: 'form.method', method: modelAutopayMethods[1] });
  if (context.startDate !== '2026-12-04') events.push({ type: 'form.startDate', date: '2026-12-04' });
  if (context.excluded.length < 2 && context.method) events.push({ type: 'form.exclusion', invoiceId: modelAutopayIds.invoiceA });
  if (!context.termsAccepted) events.push({ type: 'form.terms', accepted: true });
  if (!context.data?.autopay && context.termsAccepted) events.push({ type: 'autopay.changed', autopay: modelAutopay });
  return events;
}

const createBody = { paymentMethodId: c2pIds.card, startDate: '2026-12-01', excludedInvoices: [c2pIds.invoiceB], epaVersion: '2024-03' };

export function autopaySubmitModelEvents(): EventObject[] {
  return [
    { type: 'autopay.submit', body: createBody, fee: true },
    { type: 'autopay.submit', body: { ...createBody, paymentMethodId: c2pIds.bank, epaVersion: '2024-01' }, fee: false },
    { type: 'autopay.confirm' },
    { type: 'autopay.cancel' },
    { type: 'xstate.done.actor.createAutopay', output: modelAutopay },
    { type: 'xstate.error.actor.createAutopay', error: fail('/vendors/{vendorId}/locations/{locationId}/autopays') },
  ];
}

export const modelMethodChange = { paymentMethodId: c2pIds.card, epaVersion: '2024-03' };
export const modelExclusionChange = { excludeInvoiceIds: [c2pIds.invoiceA], reincludeInvoiceIds: [c2pIds.invoiceB] };

/** Update: both calls, each alone, with and without the fee modal; the actor reports each call's outcome. */
export function autopayUpdateModelEvents(): EventObject[] {
  const updated = { ...modelAutopay, paymentMethodId: c2pIds.card };
  return [
    { type: 'update.submit', method: modelMethodChange, exclusions: modelExclusionChange, fee: true },
    { type: 'update.submit', method: null, exclusions: modelExclusionChange, fee: false },
    { type: 'update.submit', method: null, exclusions: { excludeInvoiceIds: [], reincludeInvoiceIds: [] }, fee: false },
    { type: 'update.confirm' },
    { type: 'update.cancel' },
    { type: 'xstate.done.actor.updateAutopay', output: { autopay: updated, methodFailed: false, exclusionsFailed: false } },
    // Partial outcomes that leave the page consistent for the next step: the exclusions saved, the method refused; and
    // an exclusion-only refusal (nothing saved).
    { type: 'xstate.done.actor.updateAutopay', output: { autopay: { ...modelAutopay, excludedInvoices: [c2pIds.invoiceA] }, methodFailed: true, exclusionsFailed: false } },
    { type: 'xstate.done.actor.updateAutopay', output: { autopay: null, methodFailed: false, exclusionsFailed: true } },
    { type: 'xstate.done.actor.updateAutopay', output: { autopay: null, methodFailed: true, exclusionsFailed: true } },
    { type: 'xstate.error.actor.updateAutopay', error: new Error('aborted') },
  ];
}

export function autopayDeleteModelEvents(): EventObject[] {
  return [
    { type: 'delete.open' },
    { type: 'delete.confirm' },
    { type: 'delete.cancel' },
    { type: 'xstate.done.actor.deleteAutopay', output: { id: modelAutopayIds.autopay, deactivationDate: '2026-12-01' } },
    { type: 'xstate.error.actor.deleteAutopay', error: fail('/vendors/{vendorId}/locations/{locationId}/autopays/{autopayId}') },
  ];
}
