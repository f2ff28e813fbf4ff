import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { PaymentPlan } from '../../../machines/payment-plans/payment-plans.actors';
import { csvCurrency, toCsv, type CsvColumn } from '../../../core/rules/csv';
import { formatCurrency } from '../../../core/rules/dollars';
import { FREQUENCY_LABELS, PLAN_STATUS_LABELS } from '../../../core/rules/recurring-plans';
import { Button } from '../../ui/button';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { ReportActions, usePrinting } from '../../ui/report-actions';
import { shortDate } from '../../../core/rules/display';
import { Alert, layout } from '../../ui/form-parts';
import { ReportHeader, TableSkeleton } from '../../ui/report-layout';
import { PlanFrame, type PlanFrameProps } from './plan-frame';
import { planTexts as t } from './texts';
import { usePlanList } from './use-plans';
import { amountToCents } from '../../../core/rules/money';
import { paths } from '../../../core/rules/paths';

const planKey = (p: PaymentPlan) => p.id;
const rowAttributes = () => ({ 'data-testid': 'plan-row' }) as const;
const byName = (a: PaymentPlan, b: PaymentPlan) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });

const csvColumns: CsvColumn<PaymentPlan>[] = [
  { header: t.columns.name, value: (p) => p.name },
  { header: t.columns.status, value: (p) => PLAN_STATUS_LABELS[p.status] },
  { header: t.columns.frequency, value: (p) => FREQUENCY_LABELS[p.frequency] },
  { header: t.columns.startDate, value: (p) => shortDate(p.startDate) },
  { header: t.columns.each, value: (p) => csvCurrency(amountToCents(p.eachAmount)) },
  { header: t.columns.total, value: (p) => csvCurrency(amountToCents(p.totalAmount)) },
  { header: t.columns.paid, value: (p) => csvCurrency(amountToCents(p.paidSoFar)) },
  { header: t.columns.method, value: (p) => `${p.paymentMethod.displayExtra.name} ${p.paymentMethod.displayExtra.lastFour}` },
];

function PlanList({ vendorId, locationId, base, context, vendorName }: PlanFrameProps) {
  const view = usePlanList(vendorId, locationId, base);
  const printing = usePrinting();
  const columns = useMemo<DataTableColumn<PaymentPlan>[]>(() => [
    { id: 'name', phone: 'primary', header: t.columns.name, cell: (p) => <Link to={paths.plan(base, p.id)}>{p.name}</Link>, compare: byName, width: '1.6fr', wrap: true },
    { id: 'status', phone: 'secondary', header: t.columns.status, cell: (p) => PLAN_STATUS_LABELS[p.status] },
    { id: 'frequency', phone: 'detail', header: t.columns.frequency, cell: (p) => FREQUENCY_LABELS[p.frequency] },
    { id: 'total', phone: 'secondary', header: t.columns.total, align: 'end', cell: (p) => formatCurrency(amountToCents(p.totalAmount)) },
    { id: 'paid', phone: 'detail', header: t.columns.paid, align: 'end', cell: (p) => formatCurrency(amountToCents(p.paidSoFar)) },
  ], [base]);
  return (
    <>
      <ReportHeader
        title={t.listTitle}
        locationName={context.location?.displayName}
        printTitle={t.reportTitle}
        actions={<ReportActions title={t.reportTitle} vendorName={vendorName} csv={() => toCsv(csvColumns, view.plans)} disabled={view.status !== 'list'} unavailable={view.status === 'failed'} />}
      />
      {view.status === 'loading' || view.status === 'redirecting' ? <TableSkeleton label={t.loading} rows={3} /> : null}
      {view.status === 'failed' ? (
        <div className={layout.stack}>
          <Alert>{t.loadFailed}</Alert>
          <div><Button variant="secondary" onClick={view.retry}>{t.retry}</Button></div>
        </div>
      ) : null}
      {view.status === 'list' ? (
        <DataTable label={t.reportTitle} rows={view.plans} rowKey={planKey} columns={columns} initialSort={{ column: 'name', direction: 'ascending' }} rowAttributes={rowAttributes} virtualizeAbove={printing ? Number.POSITIVE_INFINITY : undefined} />
      ) : null}
    </>
  );
}

/** `.../plans` (§2.3): the PAYMENT PLANS report — Open / Completed / Canceled, by name; CSV and print; redirects. */
export default function PlansPage() {
  return <PlanFrame>{(props) => <PlanList key={`${props.vendorId}/${props.locationId}`} {...props} />}</PlanFrame>;
}
