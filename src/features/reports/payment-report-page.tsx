import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { css } from '../../../styled-system/css';
import { paymentReportMachine } from '../../../machines/reports/payment-report.machine';
import type { PaymentGroup } from '../../../machines/reports/reports.actors';
import { selectReportRows, selectReportStatus } from '../../../machines/reports/reports.selectors';
import { csvCurrency, toCsv, type CsvColumn } from '../../../core/rules/csv';
import { formatCurrency } from '../../../core/rules/dollars';
import { PAYMENT_SOURCE_LABELS, groupPayments } from '../../../core/rules/reports';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { ReportActions, usePrinting } from '../../ui/report-actions';
import { shortDate } from '../../../core/rules/display';
import { LocationPage } from '../../app/location-page';
import type { LocationContextView } from '../../app/use-location-context';
import { ReportFailure, ReportHeader, TableSkeleton, emptyText } from '../../ui/report-layout';
import { paymentReportTexts as t } from './texts';
import { paymentGroupTexts as groupTexts } from '../../ui/texts';
import { amountToCents } from '../../../core/rules/money';
import { paths } from '../../../core/rules/paths';

const groupKey = (g: PaymentGroup) => g.id;
const rowAttributes = () => ({ 'data-testid': 'payment-report-row' }) as const;

type Grouped = ReturnType<typeof groupPayments<PaymentGroup>>;

const csvColumns: CsvColumn<PaymentGroup & { group: string }>[] = [
  { header: t.columns.group, value: (g) => g.group },
  { header: t.columns.confirmation, value: (g) => g.confirmationNumber },
  { header: t.columns.paid, value: (g) => shortDate(g.paymentDate) },
  { header: t.columns.amount, value: (g) => csvCurrency(amountToCents(g.paymentTotal)) },
  { header: t.columns.source, value: (g) => PAYMENT_SOURCE_LABELS[g.sourceType] },
];

function PaymentReport({ vendorId, locationId, base, context }: { vendorId: string; locationId: string; base: string; context: LocationContextView }) {
  const actor = useActorRef(paymentReportMachine, { input: { vendorId, locationId } });
  const status = useSelector(actor, selectReportStatus);
  const rows = useSelector(actor, selectReportRows);
  const printing = usePrinting();
  const groups: Grouped = useMemo(() => groupPayments(rows), [rows]);
  const vendorName = context.vendor?.displayName ?? context.vendor?.name ?? '';
  const columns = useMemo<DataTableColumn<PaymentGroup>[]>(() => [
    { id: 'confirmation', phone: 'primary', header: t.columns.confirmation, cell: (g) => <Link to={paths.payment(base, g.id)}>{g.confirmationNumber}</Link> },
    { id: 'paid', phone: 'secondary', header: t.columns.paid, cell: (g) => shortDate(g.paymentDate) },
    {
      id: 'amount', phone: 'secondary', header: t.columns.amount, align: 'end',
      cell: (g) => {
        const refunded = g.refundedAmount ? amountToCents(g.refundedAmount) : 0;
        return refunded > 0 ? (
          <>
            {formatCurrency(amountToCents(g.paymentTotal))}
            <span data-testid="payment-refunded" className={css({ display: 'block', fontSize: 'sm', color: 'muted' })}>{groupTexts.refunded(formatCurrency(refunded))}</span>
          </>
        ) : formatCurrency(amountToCents(g.paymentTotal));
      },
    },
    { id: 'source', phone: 'detail', header: t.columns.source, cell: (g) => PAYMENT_SOURCE_LABELS[g.sourceType] },
  ], [base]);
  const csv = () => toCsv(csvColumns, groups.flatMap((g) => g.rows.map((row) => ({ ...row, group: g.title }))));
  return (
    <>
      <ReportHeader
        title={t.title}
        locationName={context.location?.displayName}
        printTitle={t.exportTitle}
        actions={<ReportActions title={t.exportTitle} vendorName={vendorName} csv={csv} disabled={status !== 'loaded'} unavailable={status === 'failed'} />}
      />
      {status === 'loading' ? <TableSkeleton label={t.loading} /> : null}
      {status === 'failed' ? <ReportFailure vendorName={vendorName} /> : null}
      {status === 'empty' ? <p className={emptyText}>{t.empty}</p> : null}
      {status === 'loaded' ? (
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
          {groups.map((group) => (
            <section key={group.status} aria-labelledby={`payments-${group.status}`}>
              <h2 id={`payments-${group.status}`} className={css({ fontSize: 'lg', fontWeight: '700', mb: '2' })}>{group.title}</h2>
              <DataTable
                label={t.groupLabel(group.title)}
                rows={group.rows}
                rowKey={groupKey}
                columns={columns}
                virtualizeAbove={printing ? Number.POSITIVE_INFINITY : undefined}
                rowAttributes={rowAttributes}
              />
            </section>
          ))}
        </div>
      ) : null}
    </>
  );
}

/** "Payment Report for" at .../payments (spec §2): Scheduled, Processing, Failed, Completed, Canceled, each newest first; CSV and print. */
export default function PaymentReportPage() {
  return (
    <LocationPage>
      {({ vendorId, locationId, base, context }) => (
        <PaymentReport key={`${vendorId}/${locationId}`} vendorId={vendorId} locationId={locationId} base={base} context={context} />
      )}
    </LocationPage>
  );
}
