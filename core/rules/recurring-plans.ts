/**
 * Pure rules of the AutoPay and payment-plan screens (portal-recurring.md §2.1–2.3, §3, §9), shared by machines,
 * views and tests.
 *
 * Decisions (the spec leaves them open):
 * - AutoPay start window: every calendar day from today (vendor time zone) through today + N, both ends inclusive,
 *   N = the vendor's `autoPayStartDateTimeFrame`, else configuration `autopayConfig.startDateTimeFrame`, else 0
 *   (§9: "default 0 days") — with 0 only today can be chosen. The start date is when AutoPay begins; the run pays
 *   each invoice on its own (business) payment date, so any calendar day is a valid start.
 * - Plan schedule: installments of `eachAmount` from `startDate`, every 7 days (weekly), 14 days (biweekly) or
 *   one month (monthly, counted from the start date so 1/31 → 2/28 → 3/31); as many as needed to reach
 *   `totalAmount`, the last one taking the remainder so the sum equals the total.
 * - Row status from the plan's payment group for that installment (by installment number, else by date; the latest
 *   when a failed or returned installment was tried again — groups are given in the order they were made): complete
 *   ("sent") → Closed, scheduled → Scheduled, anything else (none, canceled, failed, returned) → Open.
 * - The plans job (server/jobs/plans.ts) creates exactly these installments: page and job call the same functions.
 * - Closed days: an ACH installment whose date falls on a weekend or a Federal Reserve holiday is debited on the
 *   next business day (`payment-dates.ts#nextPaymentDate`), and that moved date is the installment's date everywhere
 *   (page, job, payment group). A card installment keeps its date: cards charge every day. The next installment is
 *   still counted from the start date, so a move never shifts the ones after it.
 */
import { Temporal } from 'temporal-polyfill';
import { nextPaymentDate, toHolidaySet, type Holidays } from './payment-dates';
import { isCardProvider } from './providers';

// ───────────────────────────── AutoPay ─────────────────────────────

function wholeDays(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? Math.min(n, 366) : null;
}

/** §9: the vendor's autoPayStartDateTimeFrame (parsed as integer) overrides the configuration; default 0. */
export function autopayWindowDays(vendorDays: number | string | null | undefined, configDays: number | string | null | undefined): number {
  return wholeDays(vendorDays) ?? wholeDays(configDays) ?? 0;
}

/** The start dates that may be chosen, `yyyy-MM-dd`, ascending: today … today + days. */
export function autopayStartDates(today: Temporal.PlainDate | string, days: number): string[] {
  const first = typeof today === 'string' ? Temporal.PlainDate.from(today) : today;
  return Array.from({ length: days + 1 }, (_, i) => first.add({ days: i }).toString());
}

/**
 * §2.1: with the vendor flag customerManageAutopay on (the default), the start date and exclusions are editable only
 * when the existing AutoPay (or the location's request) says customerManage; with the flag off they always are.
 */
export function autopayEditable(flagOn: boolean, customerManage: boolean | null | undefined): boolean {
  return !flagOn || customerManage !== false;
}

/** The exclusion change between the saved list and the chosen one: ids to add and ids to remove. */
export function exclusionChanges(saved: Iterable<string>, chosen: Iterable<string>): { excludeInvoiceIds: string[]; reincludeInvoiceIds: string[] } {
  const before = new Set(saved);
  const after = new Set(chosen);
  return {
    excludeInvoiceIds: [...after].filter((id) => !before.has(id)).sort(),
    reincludeInvoiceIds: [...before].filter((id) => !after.has(id)).sort(),
  };
}

// ───────────────────────────── payment plans ─────────────────────────────

export type PlanFrequency = 'weekly' | 'biweekly' | 'monthly';
export type PlanStatus = 'active' | 'complete' | 'canceled';
export type ScheduleRowStatus = 'Open' | 'Scheduled' | 'Closed';

/** §2.3: frequencies as shown. */
export const FREQUENCY_LABELS: Record<PlanFrequency, string> = { weekly: 'Weekly', biweekly: 'Bi-Weekly', monthly: 'Monthly' };
/** §2.3: statuses shown as Open, Completed and Canceled. */
export const PLAN_STATUS_LABELS: Record<PlanStatus, string> = { active: 'Open', complete: 'Completed', canceled: 'Canceled' };

const DAY_CODES = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'];

/** "MON 1/2/24" (§2.3, portal-core §9). */
export function scheduleDate(date: Temporal.PlainDate | string): string {
  const d = typeof date === 'string' ? Temporal.PlainDate.from(date) : date;
  return `${DAY_CODES[d.dayOfWeek - 1]} ${d.month}/${d.day}/${String(d.year).slice(2)}`;
}

/** One installment of a plan: its number (1-based), date (`yyyy-MM-dd`) and amount in cents. */
export interface Installment {
  paymentNumber: number;
  paymentDate: string;
  paymentAmountCents: number;
}

export interface ScheduleRow extends Installment {
  status: ScheduleRowStatus;
}

export interface PlanTerms {
  startDate: string;
  frequency: PlanFrequency;
  totalAmountCents: number;
  eachAmountCents: number;
}

/** A payment group of the plan as the schedule reads it: installment number when the plans job made it, else only a date. */
export interface PlanGroup {
  installmentNumber?: number | null;
  paymentDate: string;
  status: string;
}

/** Upper bound of installments (a guard against a misconfigured each amount, not a spec rule); the last takes the rest. */
export const MAX_INSTALLMENTS = 520;

/** Date of installment `index` (0-based). */
export function installmentDate(startDate: string, frequency: PlanFrequency, index: number): string {
  const start = Temporal.PlainDate.from(startDate);
  if (frequency === 'monthly') return start.add({ months: index }).toString();
  return start.add({ days: index * (frequency === 'weekly' ? 7 : 14) }).toString();
}

/**
 * Amounts of the installments: `each` until the total is reached, the last takes the remainder, so they always sum to
 * the total. A total of 0 or less has none; an each amount of 0 or less, or one at or above the total, makes a single
 * installment of the total; more than {@link MAX_INSTALLMENTS} are folded into the last one.
 */
export function installmentAmounts(totalAmountCents: number, eachAmountCents: number): number[] {
  if (!Number.isSafeInteger(totalAmountCents) || !Number.isSafeInteger(eachAmountCents)) throw new RangeError('cents must be integers');
  if (totalAmountCents <= 0) return [];
  if (eachAmountCents <= 0 || eachAmountCents >= totalAmountCents) return [totalAmountCents];
  const count = Math.min(Math.ceil(totalAmountCents / eachAmountCents), MAX_INSTALLMENTS);
  const amounts = Array.from({ length: count - 1 }, () => eachAmountCents);
  amounts.push(totalAmountCents - eachAmountCents * (count - 1));
  return amounts;
}

/**
 * What moves an installment off a closed day: the provider of the plan's payment method and the holiday list
 * (`holidays` table, `GET /config?key=holidays`). Without one (null) the dates are the terms as written.
 */
export interface PlanCalendar {
  provider: string | null | undefined;
  holidays: Holidays;
}

/**
 * The day an installment due on `date` (`yyyy-MM-dd`) is debited: for an ACH provider the next business day when the
 * date is a weekend or a holiday; for a card provider (or no calendar) the date itself.
 */
export function installmentPayDate(date: string, calendar: PlanCalendar | null | undefined): string {
  if (!calendar || (calendar.provider && isCardProvider(calendar.provider))) return date;
  return nextPaymentDate(Temporal.PlainDate.from(date), calendar.provider, calendar.holidays).toString();
}

/** Every installment of a plan: what the plans job creates and what the plan page shows, from the one rule. */
export function planInstallments(plan: PlanTerms, calendar: PlanCalendar | null = null): Installment[] {
  // the holiday list is read once, not once per installment
  calendar = calendar && { provider: calendar.provider, holidays: toHolidaySet(calendar.holidays) };
  return installmentAmounts(plan.totalAmountCents, plan.eachAmountCents).map((amount, i) => ({
    paymentNumber: i + 1,
    paymentDate: installmentPayDate(installmentDate(plan.startDate, plan.frequency, i), calendar),
    paymentAmountCents: amount,
  }));
}

function rowStatus(groupStatus: string | undefined): ScheduleRowStatus {
  // a charge in flight (processing) is still the installment's payment; a failed one leaves it to be paid (Open)
  return groupStatus === 'complete' ? 'Closed' : groupStatus === 'scheduled' || groupStatus === 'processing' ? 'Scheduled' : 'Open';
}

/**
 * §3 row status from the plan's payment groups: the group with the installment's number, else a group without a
 * number on the installment's date; a live group wins over a canceled one. complete → Closed, scheduled or
 * processing → Scheduled, anything else (none, canceled, failed) → Open.
 */
export function scheduleRows(installments: ReadonlyArray<Installment>, groups: ReadonlyArray<PlanGroup> = []): ScheduleRow[] {
  const byNumber = new Map<number, string>();
  const byDate = new Map<string, string>();
  for (const g of groups) {
    const [map, key] = g.installmentNumber != null ? [byNumber as Map<unknown, string>, g.installmentNumber] : [byDate as Map<unknown, string>, g.paymentDate];
    if (!map.has(key) || g.status !== 'canceled') map.set(key, g.status);
  }
  return installments.map((row) => ({ ...row, status: rowStatus(byNumber.get(row.paymentNumber) ?? byDate.get(row.paymentDate)) }));
}

/** §3 schedule rows: number, date, amount and the status of the plan's payment group for that installment. */
export function planSchedule(plan: PlanTerms, paymentGroups: ReadonlyArray<PlanGroup> = [], calendar: PlanCalendar | null = null): ScheduleRow[] {
  return scheduleRows(planInstallments(plan, calendar), paymentGroups);
}

/** Installments due by `today` (`yyyy-MM-dd`, the vendor's date) whose number is not yet taken by a payment group. */
export function dueInstallments(installments: ReadonlyArray<Installment>, today: string, taken: ReadonlySet<number>): Installment[] {
  return installments.filter((row) => row.paymentDate <= today && !taken.has(row.paymentNumber));
}


/** §2.3: plans whose payment method is deleted are hidden; the rest sorted by name ascending (case-insensitive). */
export function visiblePlans<T extends { name: string; paymentMethod: { deletedAt: string | null } }>(plans: ReadonlyArray<T>): T[] {
  return plans
    .filter((p) => !p.paymentMethod.deletedAt)
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
}

export type PlanListRedirect = { to: 'root' } | { to: 'plan'; planId: string } | null;

/**
 * §2.3 redirect rules of `.../plans` once loaded: no (visible) plan → the location root; exactly one → that plan,
 * unless the user is already there or came from there (then back to the root, so Back does not bounce); otherwise
 * stay on the list.
 */
export function planListRedirect(planIds: ReadonlyArray<string>, cameFromPlanId: string | null): PlanListRedirect {
  if (planIds.length === 0) return { to: 'root' };
  if (planIds.length === 1) return planIds[0] === cameFromPlanId ? { to: 'root' } : { to: 'plan', planId: planIds[0] };
  return null;
}

/** The plan id in a path `.../plans/{planId}[/…]`, or null. */
export function planIdInPath(path: string | null | undefined): string | null {
  const m = path ? /\/plans\/([^/]+)/.exec(path) : null;
  return m ? decodeURIComponent(m[1]) : null;
}
