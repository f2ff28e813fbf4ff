import type { AnyEventObject as EventObject } from 'xstate';
import { Temporal } from 'temporal-polyfill';
import { modelLocationId, modelVendorId } from '../dashboard/dashboard.model';
import type { CalendarConfig, Invoice, InvoicesResult, PaymentGroupDetail, PaymentMethod } from './click2pay.actors';
import type { Click2payInput } from './click2pay.machine';

export const modelIds = {
  invoiceA: '11111111-1111-4111-8111-111111111111',
  invoiceB: '22222222-2222-4222-8222-222222222222',
  credit: '33333333-3333-4333-8333-333333333333',
  card: 'aaaaaaaa-1111-4111-8111-111111111111',
  bank: 'bbbbbbbb-2222-4222-8222-222222222222',
  group: '44444444-4444-4444-8444-444444444444',
};

/** Monday 2026-11-23 09:00 in Chicago: before the 17:00 cut-off. */
export const modelNow = Temporal.Instant.from('2026-11-23T15:00:00Z');

export function modelInvoice(id: string, displayInvNum: string, openAmount: number, dueDate: string | null, extra: Partial<Invoice> = {}): Invoice {
  return {
    id, externalId: `EXT-${displayInvNum}`, displayInvNum, openAmount, dueDate, externalInvoiceDate: '2026-11-01', invoiceDate: '2026-11-01',
    poRefId: `PO-${displayInvNum}`, shipTo: '12 - Main Kitchen', filterName: 'Main Kitchen', payable: true, deletedAt: null,
    createdAt: '2026-11-01T10:00:00Z', updatedAt: '2026-11-01T10:00:00Z', locationId: modelLocationId, createType: 'manual', externalUrl: null,
    status: 'open', ...extra,
  };
}

export function modelMethod(id: string, provider: PaymentMethod['provider'], name: string, lastFour: string, serviceFee: string | null = null, verificationRequired = false): PaymentMethod {
  return {
    id, type: /-cc$/.test(provider) ? 'CC' : 'ACH', provider, deletedAt: null,
    displayExtra: { name, lastFour, serviceFee, verificationRequired }, contactFirstName: 'Dana', contactLastName: 'Reyes',
  };
}

export const modelInvoices: InvoicesResult = {
  invoices: [
    modelInvoice(modelIds.invoiceA, 'INV-1001', 100.5, '2026-12-05'),
    modelInvoice(modelIds.invoiceB, 'INV-1002', 200, '2026-12-01'),
    modelInvoice(modelIds.credit, 'CR-77', -25, '2026-12-20'),
  ],
  requestInvoiceIds: [],
};

export const modelMethods: PaymentMethod[] = [
  modelMethod(modelIds.bank, 'direct-ach', 'Operating Checking', '6789'),
  modelMethod(modelIds.card, 'priority-cc', 'Visa Business', '4821', '2.9'),
];

export const modelCalendar: CalendarConfig = {
  c2pPaymentDays: 30,
  holidays: ['2026-11-26'],
  epa: { 'direct-ach': { version: '2024-01', filename: 'epa-ach.pdf' }, 'priority-cc': { version: '2024-03', filename: 'epa-card.pdf' } },
};

export const modelClick2payInput: Click2payInput = {
  vendorId: modelVendorId,
  locationId: modelLocationId,
  vendor: { config: { appName: 'PerformancePay', logoUrl: null, c2pPaymentDays: null, autoPayStartDateTimeFrame: null, achProcessor: 'direct-ach' }, eodCutoff: { hour: 17, timezone: 'America/Chicago' } },
  now: modelNow,
};

export const modelPaymentGroupDetail: PaymentGroupDetail = {
  paymentGroup: {
    id: modelIds.group, confirmationNumber: 'PP-1042', paymentDate: '2026-11-24', paymentTotal: 283.04, serviceFee: 7.98, paymentType: 'CC', status: 'scheduled',
    sourceType: 'click2pay', paymentPlanId: null, paymentPlanName: null, paymentPlanFrequency: null, requestId: null,
    paymentMethodLastFour: '4821', paymentMethodName: 'Visa Business', paymentMethodType: 'CC', contactFirstName: 'Dana', contactLastName: 'Reyes',
    paymentMethod: { type: 'CC', displayExtra: { name: 'Visa Business', lastFour: '4821' } }, providerExtra: { statementDescriptor: null },
  },
  payments: [
    { id: '55555555-5555-4555-8555-555555555555', invoiceId: modelIds.invoiceA, invoiceDisplayInvNum: 'INV-1001', externalInvoiceDate: '2026-11-01', invoiceDueDate: '2026-12-05', invoiceOriginalAmount: 100.5, paidAmount: 100.5, subject: null, message: null },
  ],
};

/** Model events of the page machine: each load settles both ways; form events with valid and invalid payloads. */
export function click2payModelEvents(snapshot: { matches: (v: object) => boolean; context: { method: { id: string } | null; paymentDate: string | null; termsAccepted: boolean } }): EventObject[] {
  const events: EventObject[] = [];
  const fail = (path: string) => new Error(`failed calling api on path ${path}`);
  // The loads are settled one after the other (invoices, methods, calendar) so the parallel chart does not multiply
  // the walk; every outcome of each is still taken.
  if (snapshot.matches({ invoices: 'loading' })) {
    return [{ type: 'xstate.done.actor.loadInvoices', output: modelInvoices }, { type: 'xstate.error.actor.loadInvoices', error: fail('/invoices') }];
  }
  if (snapshot.matches({ calendar: 'loading' })) {
    return [{ type: 'xstate.done.actor.loadCalendar', output: modelCalendar }, { type: 'xstate.error.actor.loadCalendar', error: fail('/config') }];
  }
  const ready = snapshot.matches({ invoices: 'loaded' }) && snapshot.matches({ calendar: 'loaded' });
  if (snapshot.matches({ invoices: 'failed' }) || snapshot.matches({ calendar: 'failed' })) events.push({ type: 'page.retry' });
  // The form is walked once everything is in, one step each, so the model stays small.
  if (ready && snapshot.context.method?.id !== modelIds.card) events.push({ type: 'form.method', method: modelMethods[snapshot.context.method ? 1 : 0] });
  if (ready && snapshot.context.paymentDate !== '2026-11-25') events.push({ type: 'form.date', date: '2026-11-25' });
  if (ready && !snapshot.context.termsAccepted) events.push({ type: 'form.terms', accepted: true });
  return events;
}
