import { assign, setup } from 'xstate';
import type { Temporal } from 'temporal-polyfill';
import type { components } from '../../core/api/schema';
import { firstValidPaymentDate, formatPaymentDate, isValidPaymentDate, resolvePaymentDaysSetting, type PaymentDateOptions } from '../../core/rules/payment-dates';
import { loadCalendar, loadInvoices, type CalendarConfig, type InvoicesResult, type PaymentMethod } from './click2pay.actors';

/** The chosen method as the payment-method picker hands it over. */
export type ChosenMethod = Pick<PaymentMethod, 'id' | 'provider' | 'type' | 'displayExtra'>;

type Vendor = components['schemas']['Vendor'];

export interface Click2payInput {
  vendorId: string;
  locationId: string;
  /** The vendor (window setting, end-of-day cut-off and its time zone). */
  vendor: Pick<Vendor, 'config' | 'eodCutoff'>;
  /** The moment the page opened (the injected clock). */
  now: Temporal.Instant;
}

export interface Click2payContext {
  input: Click2payInput;
  invoices: InvoicesResult | null;
  calendar: CalendarConfig | null;
  method: ChosenMethod | null;
  /** The chosen payment date, `yyyy-MM-dd`. */
  paymentDate: string | null;
  termsAccepted: boolean;
}

export type Click2payEvent =
  | { type: 'form.method'; method: ChosenMethod }
  | { type: 'form.date'; date: string }
  | { type: 'form.terms'; accepted: boolean }
  | { type: 'page.retry' };

/** The calendar options of the context for a provider (null until the configuration is in). */
export function calendarOptions(context: Pick<Click2payContext, 'input' | 'calendar'>, provider: string | null): PaymentDateOptions | null {
  if (!context.calendar) return null;
  const { vendor, now } = context.input;
  return {
    now,
    timeZone: vendor.eodCutoff.timezone,
    cutoffHour: vendor.eodCutoff.hour,
    provider,
    holidays: context.calendar.holidays,
    paymentDays: resolvePaymentDaysSetting(vendor.config.c2pPaymentDays, context.calendar.c2pPaymentDays),
  };
}

export function methodOf(context: Pick<Click2payContext, 'method'>): ChosenMethod | null {
  return context.method;
}

/** The terms version of the provider (null when the provider has none configured). */
export function termsOf(context: Pick<Click2payContext, 'calendar'>, provider: string | null | undefined) {
  return provider ? (context.calendar?.epa[provider] ?? null) : null;
}

function firstDate(context: Click2payContext, provider: string | null): string | null {
  const options = calendarOptions(context, provider);
  const first = options ? firstValidPaymentDate(options) : null;
  return first ? formatPaymentDate(first) : null;
}

/**
 * The click-to-pay page (spec §2, §4, §5): loads the open invoices and the calendar configuration (window,
 * holidays, terms) in parallel, each loading → loaded | failed, and holds the payment form —
 * method, date and terms. The selection of invoices lives in the session's invoice-selection actor; the loaded
 * invoices are handed to it by the provided `syncSelection` action.
 *
 * - The method comes from the payment-method picker (which falls back to the last used one, then the first).
 * - The date starts at the first valid day for the method's provider; changing provider resets it to the next valid
 *   one; only valid days are accepted.
 * - Changing to a provider whose terms version differs unchecks the terms.
 */
export const click2payMachine = setup({
  types: {} as { context: Click2payContext; events: Click2payEvent; input: Click2payInput },
  actors: { loadInvoices, loadCalendar },
  guards: {
    isValidDate: ({ context, event }) => {
      if (event.type !== 'form.date') return false;
      const options = calendarOptions(context, methodOf(context)?.provider ?? null);
      return options !== null && isValidPaymentDate(event.date, options);
    },
  },
  actions: {
    /** Provided by the page: hands the loaded invoices to the session's invoice selection. */
    syncSelection: (_, _params: InvoicesResult) => {},
    /** Once the calendar is in: the first valid date for the chosen method's provider (default provider without one). */
    chooseDefaults: assign(({ context }) => ({ paymentDate: context.paymentDate ?? firstDate(context, context.method?.provider ?? null) })),
    chooseMethod: assign(({ context, event }) => {
      if (event.type !== 'form.method') return {};
      const before = methodOf(context);
      const after = event.method;
      const providerChanged = before?.provider !== after?.provider;
      const termsChanged = termsOf(context, before?.provider)?.version !== termsOf(context, after?.provider)?.version;
      return {
        method: event.method,
        paymentDate: providerChanged ? firstDate(context, after?.provider ?? null) : context.paymentDate,
        termsAccepted: termsChanged ? false : context.termsAccepted,
      };
    }),
  },
}).createMachine({
  id: 'click2pay',
  context: ({ input }) => ({ input, invoices: null, calendar: null, method: null, paymentDate: null, termsAccepted: false }),
  type: 'parallel',
  states: {
    invoices: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadInvoices',
            src: 'loadInvoices',
            input: ({ context }) => ({ vendorId: context.input.vendorId, locationId: context.input.locationId }),
            onDone: {
              target: 'loaded',
              actions: [assign({ invoices: ({ event }) => event.output }), { type: 'syncSelection', params: ({ event }) => event.output }],
            },
            onError: 'failed',
          },
        },
        loaded: {},
        // "Try again" retries whatever failed.
        failed: { on: { 'page.retry': 'loading' } },
      },
    },
    calendar: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadCalendar',
            src: 'loadCalendar',
            onDone: { target: 'loaded', actions: [assign({ calendar: ({ event }) => event.output }), 'chooseDefaults'] },
            onError: 'failed',
          },
        },
        loaded: {},
        failed: { on: { 'page.retry': 'loading' } },
      },
    },
  },
  on: {
    'form.method': { actions: 'chooseMethod' },
    'form.date': { guard: 'isValidDate', actions: assign({ paymentDate: ({ event }) => event.date }) },
    'form.terms': { actions: assign({ termsAccepted: ({ event }) => event.accepted }) },
  },
});
