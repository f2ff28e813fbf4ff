/**
 * One payment group as the Payment Confirmation (.../click2pay/{id}/confirmation, "Payment Scheduled for") and the
 * Payment Detail (.../payments/{id}, "Payment Detail for") show it — recurring §2.10, core §9: the header with Export
 * CSV and Print (print / export titles "Payment Confirmation" and "Payment Detail"), confirmation number, date, the
 * payment method label (10 characters of the name, 5 below 420 px, then the last four), source and total, the lines
 * (invoice, due date, amount paid), and the free-text check number shown only when the list has invoices.
 *
 * Each page owns its load machine and its failure rule (the confirmation redirects to the location base, the detail
 * shows core §8's payment-detail failure text) and passes the load status and data here; while loading, skeletons of the final size hold the space.
 */
import { useId, useMemo, type ReactNode } from 'react';
import { css } from '../../styled-system/css';
import type { PaymentGroupDetail } from '../../machines/reports/reports.actors';
import { csvCurrency, toCsv, type CsvColumn } from '../../core/rules/csv';
import { formatCurrency } from '../../core/rules/dollars';
import { paymentMethodLabel } from '../../core/rules/invoices';
import { PAYMENT_SOURCE_LABELS, PAYMENT_STATUS_LABELS } from '../../core/rules/reports';
import { DataTable, type DataTableColumn } from './data-table';
import { Card } from './page';
import { ReportActions, usePrinting } from './report-actions';
import { LoadingRegion, Skeleton } from './reserved';
import { shortDate } from '../../core/rules/display';
import { useNarrowLabels } from './payment-methods/use-payment-methods';
import { ReportHeader } from './report-layout';
import { paymentGroupTexts as t } from './texts';
import { amountToCents } from '../../core/rules/money';
import { ReceiptDownload } from './receipt-download';
import type { ReceiptInput } from '../../machines/receipt/receipt.actors';

type Line = PaymentGroupDetail['payments'][number];
const lineKey = (l: Line) => l.id;
const rowAttributes = () => ({ 'data-testid': 'payment-line' }) as const;

const columns: DataTableColumn<Line>[] = [
  { id: 'invoice', header: t.columns.invoice, cell: (l) => l.invoiceDisplayInvNum },
  { id: 'dueDate', header: t.columns.dueDate, cell: (l) => shortDate(l.invoiceDueDate) },
  { id: 'amountPaid', header: t.columns.amountPaid, align: 'end', cell: (l) => formatCurrency(amountToCents(l.paidAmount)) },
];

/** The CSV of the lines, in the order shown (amounts as the table shows them). */
export const paymentLineCsvColumns: CsvColumn<Line>[] = [
  { header: t.columns.invoice, value: (l) => l.invoiceDisplayInvNum },
  { header: t.columns.dueDate, value: (l) => shortDate(l.invoiceDueDate) },
  { header: t.columns.amountPaid, value: (l) => csvCurrency(amountToCents(l.paidAmount)) },
];

const facts = css({
  display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'auto 1fr' }, columnGap: '6', rowGap: '1', mb: '5',
  '& dt': { color: 'muted' }, '& dd': { m: 0, fontWeight: '600' },
});

/** The method's label of §9 ("Visa Busin 4821", "Visa 4821" below 420 px), from the group's fields or its nested method. */
/** A moment → M/D/YY on the reader's calendar. */
function localShortDate(iso: string): string {
  const at = new Date(iso);
  return `${at.getMonth() + 1}/${at.getDate()}/${String(at.getFullYear()).slice(2)}`;
}

/** The vendor's refunds of the payment: "$40.00 refunded on 11/29/26: Damaged goods returned." */
function Refunds({ refunds }: { refunds: NonNullable<PaymentGroupDetail['refunds']> }) {
  const headingId = useId();
  if (refunds.length === 0) return null;
  return (
    <section aria-labelledby={headingId} data-testid="payment-refunds" className={css({ mt: '4' })}>
      <h2 id={headingId} className={css({ fontSize: 'md', fontWeight: '700', mb: '1' })}>{t.refunds}</h2>
      <ul className={css({ display: 'flex', flexDirection: 'column', gap: '1', overflowWrap: 'anywhere' })}>
        {refunds.map((refund) => (
          <li key={refund.id} data-testid="payment-refund">
            {t.refundLine(formatCurrency(amountToCents(refund.amount)), refund.refundedAt ? localShortDate(refund.refundedAt) : null, refund.reason)}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function groupMethodLabel(group: PaymentGroupDetail['paymentGroup'], narrow: boolean): string {
  const name = group.paymentMethodName || group.paymentMethod?.displayExtra.name || '';
  const four = group.paymentMethodLastFour || group.paymentMethod?.displayExtra.lastFour || '';
  return paymentMethodLabel(name, four, narrow);
}

export interface PaymentGroupViewProps {
  /** h1 text before the location name: "Payment Scheduled for" or "Payment Detail for". */
  title: string;
  /** §9 print title and CSV name: "Payment Confirmation" or "Payment Detail". */
  exportTitle: string;
  /** Announced while loading. */
  loadingLabel: string;
  status: 'loading' | 'loaded' | 'failed' | string;
  data: PaymentGroupDetail | undefined | null;
  vendorName: string;
  locationName?: string;
  /** The way back (a link), under the card; hidden in print. */
  back: ReactNode;
  /** The group whose receipt "Download Receipt" fetches; the button is shown from the start, enabled once loaded. */
  receipt?: ReceiptInput;
}

/** The payment group page body (see the header of this file). */
export function PaymentGroupView({ title, exportTitle, loadingLabel, status, data, vendorName, locationName, back, receipt }: PaymentGroupViewProps) {
  const printing = usePrinting();
  const narrow = useNarrowLabels();
  const checkId = useId();
  const loaded = status === 'loaded' && !!data;
  const lines = useMemo(() => data?.payments ?? [], [data]);
  const header = (
    <ReportHeader
      title={title}
      locationName={locationName}
      printTitle={exportTitle}
      actions={
        <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'flex-start' })}>
          {receipt ? <ReceiptDownload input={receipt} disabled={!loaded} /> : null}
          <ReportActions title={exportTitle} vendorName={vendorName} locationName={locationName} csv={() => toCsv(paymentLineCsvColumns, lines)} disabled={!loaded} />
        </div>
      }
    />
  );
  if (!loaded) {
    return (
      <>
        {header}
        <LoadingRegion label={loadingLabel}>
          <Card><Skeleton height={84} /><Skeleton height={200} style={{ marginTop: 20 }} /></Card>
        </LoadingRegion>
      </>
    );
  }
  const group = data.paymentGroup;
  return (
    <>
      {header}
      <Card>
        <dl className={facts}>
          <dt>{t.confirmationNumber}</dt><dd data-testid="confirmation-number">{group.confirmationNumber}</dd>
          <dt>{t.paymentDate}</dt><dd>{shortDate(group.paymentDate)}</dd>
          <dt>{t.paymentMethod}</dt><dd data-testid="payment-method">{groupMethodLabel(group, narrow)}</dd>
          <dt>{t.source}</dt><dd>{PAYMENT_SOURCE_LABELS[group.sourceType]}</dd>
          {amountToCents(group.serviceFee) > 0 ? (
            <><dt>{t.serviceFee}</dt><dd data-testid="payment-service-fee">{formatCurrency(amountToCents(group.serviceFee))}</dd></>
          ) : null}
          <dt>{t.total}</dt><dd data-testid="payment-total">{formatCurrency(amountToCents(group.paymentTotal))}</dd>
          <dt>{t.status}</dt><dd data-testid="payment-status">{PAYMENT_STATUS_LABELS[group.status]}</dd>
          {group.returnReason ? (
            <>
              <dt>{t.returnReason}</dt><dd data-testid="payment-return-reason">{group.returnReason}</dd>
            </>
          ) : null}
        </dl>
        <Refunds refunds={data.refunds ?? []} />
        <DataTable label={t.tableLabel} rows={lines} rowKey={lineKey} columns={columns} rowAttributes={rowAttributes} virtualizeAbove={printing ? Number.POSITIVE_INFINITY : undefined} />
        {lines.length > 0 ? (
          // recurring §2.10: a free-text check number, only when the list has invoices (kept on the page, printed with it).
          <div className={css({ mt: '5', display: 'flex', flexDirection: 'column', gap: '1', maxWidth: '20rem' })}>
            <label htmlFor={checkId} className={css({ fontWeight: '600' })}>{t.checkNumber}</label>
            <input id={checkId} type="text" autoComplete="off" className={css({ borderWidth: '1px', borderColor: 'line', borderRadius: 'control', px: '3', minHeight: '44px', bg: 'white' })} />
          </div>
        ) : null}
        <div data-print-hide="" className={css({ mt: '5' })}>{back}</div>
      </Card>
    </>
  );
}
