import { assign, setup } from 'xstate';
import { Temporal } from 'temporal-polyfill';
import type { components } from '../../core/api/schema';
import { vendorToday } from '../../core/rules/payment-dates';
import { autopayEditable, autopayStartDates, autopayWindowDays } from '../../core/rules/recurring-plans';
import { loadAutopayPage, type Autopay, type AutopayPageData, type Terms } from './autopay.actors';

type Vendor = components['schemas']['Vendor'];
type PaymentMethod = components['schemas']['PaymentMethod'];

/** The chosen method as the payment-method picker hands it over. */
export type ChosenMethod = Pick<PaymentMethod, 'id' | 'provider' | 'type' | 'displayExtra'>;

export interface AutopayPageInput {
  vendorId: string;
  locationId: string;
  /** `.../autopay/{requestId}`: the AutoPay request whose exclusions and start date preset the form. */
  requestId: string | null;
  vendor: Pick<Vendor, 'config' | 'eodCutoff' | 'featureFlags'>;
  /** The moment the page opened (the injected clock). */
  now: Temporal.Instant;
}

export interface AutopayPageContext {
  input: AutopayPageInput;
  data: AutopayPageData | null;
  method: ChosenMethod | null;
  startDate: string | null;
  /** Invoice ids the form excludes, sorted. */
  excluded: string[];
  termsAccepted: boolean;
}

export type AutopayPageEvent =
  | { type: 'form.method'; method: ChosenMethod }
  | { type: 'form.startDate'; date: string }
  | { type: 'form.exclusion'; invoiceId: string }
  | { type: 'form.terms'; accepted: boolean }
  /** An update answered the new AutoPay (either call of the manage page). */
  | { type: 'autopay.changed'; autopay: Autopay }
  | { type: 'page.retry' };

/** The start dates the form offers: today (vendor time zone) through today plus the window's days. */
export function startDatesOf(context: Pick<AutopayPageContext, 'input' | 'data'>): string[] {
  const { vendor, now } = context.input;
  const today = vendorToday(now, vendor.eodCutoff.timezone);
  return autopayStartDates(today, autopayWindowDays(vendor.config.autoPayStartDateTimeFrame, context.data?.configWindowDays ?? null));
}

/** §2.1: start date and exclusions are editable per the vendor flag and the AutoPay's (or request's) customerManage. */
export function isEditable(context: Pick<AutopayPageContext, 'input' | 'data'>): boolean {
  const flagOn = context.input.vendor.featureFlags?.customerManageAutopay ?? true;
  const owner = context.data?.autopay ?? context.data?.request ?? null;
  return autopayEditable(flagOn, owner ? owner.customerManage : true);
}

export function termsFor(context: Pick<AutopayPageContext, 'data'>, provider: string | null | undefined): Terms | null {
  return provider ? (context.data?.epa[provider] ?? null) : null;
}

/** The form's starting values: the AutoPay's, else the request's (§2.1), else today with nothing excluded. */
function defaults(context: AutopayPageContext, data: AutopayPageData): Partial<AutopayPageContext> {
  const dates = startDatesOf({ input: context.input, data });
  const openIds = new Set(data.invoices.map((i) => i.id));
  if (data.autopay) return { startDate: data.autopay.startDate, excluded: [...data.autopay.excludedInvoices].sort() };
  const requested = data.request?.startDate ?? null;
  return {
    startDate: requested && dates.includes(requested) ? requested : (dates[0] ?? null),
    excluded: (data.request?.excludedInvoiceIds ?? []).filter((id) => openIds.has(id)).sort(),
  };
}

/**
 * The AutoPay setup / manage page (§2.1, §2.2, §4 "Autopay page states: loaded, loading, failed, inactive, active"):
 * loads the AutoPay, the open invoices, the request and the configuration in one step; once loaded it is `active`
 * (an AutoPay exists: the setup page redirects to manage) or `inactive` (none: the manage page redirects to setup).
 * It also holds the form: method, start date (only days of the window, only when editable), exclusions (only when
 * editable), terms (unchecked when the terms version of the chosen provider changes).
 */
export const autopayPageMachine = setup({
  types: {} as { context: AutopayPageContext; events: AutopayPageEvent; input: AutopayPageInput },
  actors: { loadAutopayPage },
  guards: {
    loadedAutopay: (_, data: AutopayPageData) => data.autopay !== null,
    canChangeDate: ({ context, event }) => event.type === 'form.startDate' && isEditable(context) && startDatesOf(context).includes(event.date),
    canExclude: ({ context, event }) =>
      event.type === 'form.exclusion' && isEditable(context) && (context.data?.invoices.some((i) => i.id === event.invoiceId) ?? false),
  },
  actions: {
    storeData: assign(({ context }, data: AutopayPageData) => ({ data, ...defaults(context, data) })),
    chooseMethod: assign(({ context, event }) => {
      if (event.type !== 'form.method') return {};
      const changed = termsFor(context, context.method?.provider)?.version !== termsFor(context, event.method.provider)?.version;
      return { method: event.method, termsAccepted: changed ? false : context.termsAccepted };
    }),
  },
}).createMachine({
  id: 'autopayPage',
  context: ({ input }) => ({ input, data: null, method: null, startDate: null, excluded: [], termsAccepted: false }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadAutopayPage',
        src: 'loadAutopayPage',
        input: ({ context }) => ({ vendorId: context.input.vendorId, locationId: context.input.locationId, requestId: context.input.requestId }),
        onDone: [
          { guard: { type: 'loadedAutopay', params: ({ event }) => event.output }, target: 'loaded.active', actions: { type: 'storeData', params: ({ event }) => event.output } },
          { target: 'loaded.inactive', actions: { type: 'storeData', params: ({ event }) => event.output } },
        ],
        onError: 'failed',
      },
    },
    loaded: {
      initial: 'inactive',
      states: {
        active: {},
        inactive: {},
      },
      on: {
        'form.method': { actions: 'chooseMethod' },
        'form.startDate': { guard: 'canChangeDate', actions: assign({ startDate: ({ event }) => event.date }) },
        'form.exclusion': {
          guard: 'canExclude',
          actions: assign({
            excluded: ({ context, event }) =>
              context.excluded.includes(event.invoiceId) ? context.excluded.filter((id) => id !== event.invoiceId) : [...context.excluded, event.invoiceId].sort(),
          }),
        },
        'form.terms': { actions: assign({ termsAccepted: ({ event }) => event.accepted }) },
        'autopay.changed': {
          target: '.active',
          actions: assign(({ context, event }) => ({
            data: context.data ? { ...context.data, autopay: event.autopay } : context.data,
            excluded: [...event.autopay.excludedInvoices].sort(),
          })),
        },
      },
    },
    failed: { on: { 'page.retry': 'loading' } },
  },
});
