/**
 * The account statement of a location (portal-recurring.md §2.4), pure: which open invoices and credits it lists,
 * how each is classified, the aging buckets and the totals. Used by the statement calls (JSON, CSV, PDF) and by the
 * statement sends (`server/jobs/statements.ts`), so the page, the exports and the e-mailed PDF always agree.
 *
 * Decisions (also in the contract, `getStatement`):
 * - Lines: every invoice and credit of the location that is not closed and whose open amount is not zero
 *   (scheduled invoices included: they are still owed until the payment settles), ordered by due date ascending,
 *   no due date last, then by number.
 * - Classification against `today` (the vendor's calendar day): `credit` when the open amount is below zero,
 *   `pastDue` when the due date is before today, else `current` (also without a due date).
 * - `daysPastDue`: whole days from the due date to today (0 for current lines and credits).
 * - Aging sums the open amounts of invoices (credits are not aged): current (not past due or no due date), 1–30,
 *   31–60, 61–90, over 90 days past due. Totals: invoices (sum of positive lines), credits (sum of negative lines),
 *   pastDue, balance = invoices + credits. All in integer cents.
 */
import { Temporal } from 'temporal-polyfill';

export type StatementClassification = 'credit' | 'pastDue' | 'current';

export interface StatementInvoiceInput {
  id: string;
  displayInvNum: string;
  /** the date the statement shows (external invoice date or invoice date), yyyy-MM-dd or null */
  invoiceDate: string | null;
  dueDate: string | null;
  openAmountCents: number;
}

export interface StatementLineData extends StatementInvoiceInput {
  classification: StatementClassification;
  daysPastDue: number;
}

export interface StatementAgingCents {
  current: number;
  days1to30: number;
  days31to60: number;
  days61to90: number;
  over90: number;
}

export interface StatementTotalsCents {
  invoices: number;
  credits: number;
  pastDue: number;
  balance: number;
}

export interface StatementSummary {
  /** yyyy-MM-dd, the vendor's day the statement is "as of" */
  asOfDate: string;
  lines: StatementLineData[];
  totals: StatementTotalsCents;
  aging: StatementAgingCents;
}

export function classifyLine(invoice: Pick<StatementInvoiceInput, 'dueDate' | 'openAmountCents'>, today: Temporal.PlainDate): {
  classification: StatementClassification;
  daysPastDue: number;
} {
  if (invoice.openAmountCents < 0) return { classification: 'credit', daysPastDue: 0 };
  if (invoice.dueDate === null) return { classification: 'current', daysPastDue: 0 };
  const due = Temporal.PlainDate.from(invoice.dueDate);
  const days = due.until(today, { largestUnit: 'days' }).days;
  return days > 0 ? { classification: 'pastDue', daysPastDue: days } : { classification: 'current', daysPastDue: 0 };
}

export function agingBucket(daysPastDue: number): keyof StatementAgingCents {
  if (daysPastDue <= 0) return 'current';
  if (daysPastDue <= 30) return 'days1to30';
  if (daysPastDue <= 60) return 'days31to60';
  if (daysPastDue <= 90) return 'days61to90';
  return 'over90';
}

function compareLines(a: StatementInvoiceInput, b: StatementInvoiceInput): number {
  if (a.dueDate !== b.dueDate) {
    if (a.dueDate === null) return 1;
    if (b.dueDate === null) return -1;
    return a.dueDate < b.dueDate ? -1 : 1;
  }
  if (a.displayInvNum !== b.displayInvNum) return a.displayInvNum < b.displayInvNum ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The statement of the given open items (closed and zero items must already be left out). */
export function buildStatement(invoices: readonly StatementInvoiceInput[], today: Temporal.PlainDate): StatementSummary {
  const lines = invoices
    .filter((invoice) => invoice.openAmountCents !== 0)
    .slice()
    .sort(compareLines)
    .map((invoice) => ({ ...invoice, ...classifyLine(invoice, today) }));
  const aging: StatementAgingCents = { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0 };
  const totals: StatementTotalsCents = { invoices: 0, credits: 0, pastDue: 0, balance: 0 };
  for (const line of lines) {
    if (line.classification === 'credit') {
      totals.credits += line.openAmountCents;
      continue;
    }
    totals.invoices += line.openAmountCents;
    if (line.classification === 'pastDue') totals.pastDue += line.openAmountCents;
    aging[agingBucket(line.daysPastDue)] += line.openAmountCents;
  }
  totals.balance = totals.invoices + totals.credits;
  return { asOfDate: today.toString(), lines, totals, aging };
}
