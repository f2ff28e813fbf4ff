import { useActorRef, useSelector } from '@xstate/react';
import { useId, useMemo } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { css } from '../../../styled-system/css';
import { selectLoadData, selectLoadStatus } from '../../../machines/load/load.selectors';
import { paymentDetailMachine } from '../../../machines/reports/payment-detail.machine';
import type { PaymentGroupDetail } from '../../../machines/reports/reports.actors';
import { csvCurrency, toCsv, type CsvColumn } from '../../domain/csv';
import { formatCurrency } from '../../domain/dollars';
import { paymentMethodLabel } from '../../domain/invoices';
import { PAYMENT_SOURCE_LABELS } from '../../domain/reports';
import { button } from '../../ui/button';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { Card, Page } from '../../ui/page';
import { ReportActions, usePrinting } from '../../ui/report-actions';
import { LoadingRegion, Skeleton } from '../../ui/reserved';
import { shortDate } from '../click2pay/format';
import { LocationFrame } from '../dashboard/location-frame';
import type { LocationContextView } from '../dashboard/use-location-context';
import { useSession } from '../shell/session';
import { ReportHeader } from './report-layout';
import { paymentDetailTexts as t } from './texts';

type Line = PaymentGroupDetail['payments'][number];
const cents = (amount: number) => Math.round(amount * 100);
const lineKey = (l: Line) => l.id;
const rowAttributes = () => ({ 'data-testid': 'payment-line' }) as const;

const columns: DataTableColumn<Line>[] = [
  { id: 'invoice', header: t.columns.invoice, cell: (l) => l.invoiceDisplayInvNum },
  { id: 'dueDate', header: t.columns.dueDate, cell: (l) => shortDate(l.invoiceDueDate) },
  { id: 'amountPaid', header: t.columns.amountPaid, align: 'end', cell: (l) => formatCurrency(cents(l.paidAmount)) },
];
const csvColumns: CsvColumn<Line>[] = [
  { header: t.columns.invoice, value: (l) => l.invoiceDisplayInvNum },
  { header: t.columns.dueDate, value: (l) => shortDate(l.invoiceDueDate) },
  { header: t.columns.amountPaid, value: (l) => csvCurrency(cents(l.paidAmount)) },
];

const facts = css({
  display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'auto 1fr' }, columnGap: '6', rowGap: '1', mb: '5',
  '& dt': { color: 'muted' }, '& dd': { m: 0, fontWeight: '600' },
});

function PaymentDetail({ vendorId, locationId, paymentGroupId, base, context }: { vendorId: string; locationId: string; paymentGroupId: string; base: string; context: LocationContextView }) {
  const actor = useActorRef(paymentDetailMachine, { input: { vendorId, locationId, paymentGroupId } });
  const status = useSelector(actor, selectLoadStatus);
  const data = useSelector(actor, selectLoadData);
  const printing = usePrinting();
  const checkId = useId();
  const vendorName = context.vendor?.displayName ?? context.vendor?.name ?? '';
  const locationName = context.location?.displayName;
  const lines = useMemo(() => data?.payments ?? [], [data]);
  const header = (
    <ReportHeader
      title={t.title}
      locationName={locationName}
      printTitle={t.exportTitle}
      actions={<ReportActions title={t.exportTitle} vendorName={vendorName} locationName={locationName} csv={() => toCsv(csvColumns, lines)} disabled={status !== 'loaded'} />}
    />
  );
  // recurring §2.10: a failed load redirects to the location base.
  if (status === 'failed') return <Navigate to={base} replace />;
  if (status === 'loading' || !data) {
    return (
      <>
        {header}
        <LoadingRegion label={t.loading}>
          <Card><Skeleton height={84} /><Skeleton height={200} style={{ marginTop: 20 }} /></Card>
        </LoadingRegion>
      </>
    );
  }
  const group = data.paymentGroup;
  const name = group.paymentMethodName || group.paymentMethod?.displayExtra.name || '';
  const four = group.paymentMethodLastFour || group.paymentMethod?.displayExtra.lastFour || '';
  return (
    <>
      {header}
      <Card>
        <dl className={facts}>
          <dt>{t.confirmationNumber}</dt><dd data-testid="confirmation-number">{group.confirmationNumber}</dd>
          <dt>{t.paymentDate}</dt><dd>{shortDate(group.paymentDate)}</dd>
          <dt>{t.paymentMethod}</dt><dd data-testid="payment-method">{paymentMethodLabel(name, four, false)}</dd>
          <dt>{t.source}</dt><dd>{PAYMENT_SOURCE_LABELS[group.sourceType]}</dd>
          <dt>{t.total}</dt><dd data-testid="payment-total">{formatCurrency(cents(group.paymentTotal))}</dd>
        </dl>
        <DataTable label={t.tableLabel} rows={lines} rowKey={lineKey} columns={columns} rowAttributes={rowAttributes} virtualizeAbove={printing ? Number.POSITIVE_INFINITY : undefined} />
        {lines.length > 0 ? (
          // recurring §2.10: a free-text check number, only when the list has invoices (kept on the page, printed with it).
          <div className={css({ mt: '5', display: 'flex', flexDirection: 'column', gap: '1', maxWidth: '20rem' })}>
            <label htmlFor={checkId} className={css({ fontWeight: '600' })}>{t.checkNumber}</label>
            <input id={checkId} type="text" autoComplete="off" className={css({ borderWidth: '1px', borderColor: 'line', borderRadius: 'control', px: '3', minHeight: '44px', bg: 'white' })} />
          </div>
        ) : null}
        <Link to={`${base}/payments`} data-print-hide="" className={button({ variant: 'secondary' }) + ' ' + css({ mt: '5' })}>{t.back}</Link>
      </Card>
    </>
  );
}

/** "Payment Detail for" at .../payments/{paymentGroupId} (spec §2, recurring §2.10). */
export default function PaymentDetailPage() {
  const session = useSession();
  const { vendorId = '', locationId = '', paymentGroupId = '' } = useParams();
  const base = `/token/${session.token}/vendors/${vendorId}/locations/${locationId}`;
  return (
    <LocationFrame vendorId={vendorId} locationId={locationId}>
      {(context) => (
        <Page>
          <PaymentDetail key={paymentGroupId} vendorId={vendorId} locationId={locationId} paymentGroupId={paymentGroupId} base={base} context={context} />
        </Page>
      )}
    </LocationFrame>
  );
}
