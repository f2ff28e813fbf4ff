/** Parts shared by the payment-plan pages: schedule table, plan summary, CSV columns. */
import { useMemo } from 'react';
import type { PaymentPlan } from '../../../machines/payment-plans/payment-plans.actors';
import { csvCurrency, type CsvColumn } from '../../../core/rules/csv';
import { formatCurrency } from '../../../core/rules/dollars';
import { FREQUENCY_LABELS, PLAN_STATUS_LABELS, planSchedule, scheduleDate, type PlanCalendar, type ScheduleRow } from '../../../core/rules/recurring-plans';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { shortDate } from '../../../core/rules/display';
import { layout } from '../../ui/form-parts';
import { planTexts as t } from './texts';
import { amountToCents } from '../../../core/rules/money';

const rowKey = (r: ScheduleRow) => String(r.paymentNumber);
const rowAttributes = () => ({ 'data-testid': 'schedule-row' }) as const;
const scheduleColumns: DataTableColumn<ScheduleRow>[] = [
  { id: 'number', header: t.scheduleColumns.number, cell: (r) => r.paymentNumber, width: '0.6fr' },
  { id: 'date', header: t.scheduleColumns.date, cell: (r) => scheduleDate(r.paymentDate) },
  { id: 'amount', header: t.scheduleColumns.amount, align: 'end', cell: (r) => formatCurrency(r.paymentAmountCents) },
  { id: 'status', header: t.scheduleColumns.status, cell: (r) => r.status },
];

/**
 * The plan's schedule: the server's `schedule` when it sends one (installments matched to their payment groups, ACH
 * dates already moved off closed days), else derived here with the same rule — given the method's provider and the
 * holidays (`GET /config?key=holidays`) when at hand.
 */
export function planScheduleRows(
  plan: Pick<PaymentPlan, 'startDate' | 'frequency' | 'totalAmount' | 'eachAmount'> & { paymentGroups?: PaymentPlan['paymentGroups']; schedule?: PaymentPlan['schedule'] },
  calendar: PlanCalendar | null = null,
): ScheduleRow[] {
  if (plan.schedule?.length) {
    return plan.schedule.map((r) => ({ paymentNumber: r.paymentNumber, paymentDate: r.paymentDate, paymentAmountCents: amountToCents(r.paymentAmount), status: r.status }));
  }
  return planSchedule(
    { startDate: plan.startDate, frequency: plan.frequency, totalAmountCents: amountToCents(plan.totalAmount), eachAmountCents: amountToCents(plan.eachAmount) },
    plan.paymentGroups ?? [],
    calendar,
  );
}

export function ScheduleTable({ rows, label = t.schedule, printing = false }: { rows: ScheduleRow[]; label?: string; printing?: boolean }) {
  return <DataTable label={label} rows={rows} rowKey={rowKey} columns={scheduleColumns} rowAttributes={rowAttributes} virtualizeAbove={printing ? Number.POSITIVE_INFINITY : undefined} />;
}

export function PlanSummary({ plan }: { plan: PaymentPlan }) {
  const method = plan.paymentMethod.displayExtra;
  return (
    <dl className={layout.dl} data-testid="plan-summary">
      <dt>{t.columns.status}</dt><dd>{PLAN_STATUS_LABELS[plan.status]}</dd>
      <dt>{t.columns.frequency}</dt><dd>{FREQUENCY_LABELS[plan.frequency]}</dd>
      <dt>{t.columns.startDate}</dt><dd>{shortDate(plan.startDate)}</dd>
      <dt>{t.columns.each}</dt><dd>{formatCurrency(amountToCents(plan.eachAmount))}</dd>
      <dt>{t.columns.total}</dt><dd>{formatCurrency(amountToCents(plan.totalAmount))}</dd>
      <dt>{t.columns.paid}</dt><dd>{formatCurrency(amountToCents(plan.paidSoFar))}</dd>
      <dt>{t.columns.method}</dt><dd data-testid="plan-method">{method.name} {method.lastFour}</dd>
    </dl>
  );
}

export const scheduleCsvColumns: CsvColumn<ScheduleRow>[] = [
  { header: t.scheduleColumns.number, value: (r) => r.paymentNumber },
  { header: t.scheduleColumns.date, value: (r) => shortDate(r.paymentDate) },
  { header: t.scheduleColumns.amount, value: (r) => csvCurrency(r.paymentAmountCents) },
  { header: t.scheduleColumns.status, value: (r) => r.status },
];

export function useScheduleRows(plan: PaymentPlan | null | undefined) {
  return useMemo(() => (plan ? planScheduleRows(plan) : []), [plan]);
}
