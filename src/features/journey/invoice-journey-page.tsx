import { useMemo } from 'react';
import { css } from '../../../styled-system/css';
import type { JourneyEntry } from '../../../machines/invoice-journey/invoice-journey.actors';
import { formatCurrency } from '../../../core/rules/dollars';
import { toCsv } from '../../../core/rules/csv';
import { invoiceDisplayStatus } from '../../../core/rules/invoices';
import { Button } from '../../ui/button';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { Card, PageTitle } from '../../ui/page';
import { LoadingRegion, Skeleton } from '../../ui/reserved';
import { PrintStyles, ReportActions, usePrinting } from '../../ui/report-actions';
import { shortDate } from '../../../core/rules/display';
import { journeyTimestamp } from '../../../core/rules/timestamps';
import { LocationPage } from '../../app/location-page';
import { CommentModal } from './comment-modal';
import { journeyCsvColumns } from './journey-csv';
import { journeyTexts as t } from './texts';
import { useInvoiceJourney } from './use-invoice-journey';
import { amountToCents } from '../../../core/rules/money';

/**
 * Table rows fit three lines of details (a comment is up to 150 characters), clamped; the whole text is the cell's
 * title. In the phone layout the details are one tap away (the row's disclosure), whole.
 */
const ROW_HEIGHT = 76;

const styles = {
  summary: css({
    display: 'grid', gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }, gap: '4', m: 0,
    '& dt': { color: 'muted', fontSize: 'sm' }, '& dd': { m: 0, fontWeight: '700', overflowWrap: 'anywhere' },
  }),
  actions: css({ display: 'flex', gap: '3', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', my: '5', '@media print': { display: 'none' } }),
  alert: css({ bg: 'white', borderWidth: '1px', borderColor: '#f4c7c3', color: 'danger', borderRadius: 'card', p: '5', fontWeight: '600', display: 'flex', flexDirection: 'column', gap: '2' }),
  // Three lines in the table (the whole text is the title); a row that fits its content, and the phone row's opened
  // details, show all of it.
  details: css({ whiteSpace: 'normal', lineClamp: 3, lineHeight: '1.35', overflowWrap: 'anywhere', '[data-fit] &, [data-layout=phone] &': { lineClamp: 'none' } }),
  screenOnly: css({ '@media print': { display: 'none' } }),
};

const byDate = (a: JourneyEntry, b: JourneyEntry) => Date.parse(a.updatedAt) - Date.parse(b.updatedAt);
/**
 * Columns; the details wrap to three lines in both layouts (the whole text is the title and in the CSV). Times are in
 * the vendor's zone, as on the messages and resolution-center pages (the same event shows the same time everywhere).
 */
const journeyColumns = (timeZone: string | undefined): DataTableColumn<JourneyEntry>[] => [
  { id: 'date', phone: 'primary', header: t.dateTime, cell: (e) => journeyTimestamp(e.updatedAt, timeZone), compare: byDate, width: '11rem' },
  { id: 'action', phone: 'secondary', header: t.action, cell: (e) => e.action, compare: (a, b) => a.action.localeCompare(b.action), width: '10rem', wrap: true },
  {
    id: 'details', phone: 'detail', header: t.details, compare: (a, b) => a.detail.localeCompare(b.detail), width: '2fr', wrap: true,
    cell: (e) => <span className={styles.details} title={e.detail}>{e.detail}</span>,
  },
];
const entryKey = (e: JourneyEntry) => e.id;
const rowAttributes = () => ({ 'data-testid': 'journey-row' });

function JourneySkeleton() {
  return (
    <LoadingRegion label={t.loading}>
      <Card>
        <Skeleton height={52} />
        <Skeleton height={44} width={160} style={{ margin: '20px 0' }} />
        {Array.from({ length: 4 }, (_, i) => <Skeleton key={i} height={ROW_HEIGHT - 8} style={{ marginTop: 8 }} />)}
      </Card>
    </LoadingRegion>
  );
}

function Journey({ vendorId, locationId, invoiceId, vendorName, timeZone }: { vendorId: string; locationId: string; invoiceId: string; vendorName: string; timeZone?: string }) {
  const view = useInvoiceJourney({ vendorId, locationId, invoiceId });
  const columns = useMemo(() => journeyColumns(timeZone), [timeZone]);
  const { entries, invoice } = view;
  const printing = usePrinting();
  if (view.status === 'loading') return <JourneySkeleton />;
  if (view.status === 'failed' || !invoice) {
    return (
      <div role="alert" className={styles.alert}>
        <p>{t.loadFailed}</p>
        {vendorName ? <p>{t.contact(vendorName)}</p> : null}
      </div>
    );
  }
  return (
    <Card>
      <PrintStyles title={t.printTitle(invoice.displayInvNum)} />
      <dl className={styles.summary}>
        <div><dt>{t.invoice}</dt><dd data-testid="journey-invoice">{invoice.displayInvNum}</dd></div>
        <div><dt>{t.dueDate}</dt><dd>{shortDate(invoice.dueDate)}</dd></div>
        <div><dt>{t.openAmount}</dt><dd>{formatCurrency(amountToCents(invoice.openAmount))}</dd></div>
        <div><dt>{t.status}</dt><dd>{invoiceDisplayStatus(invoice)}</dd></div>
      </dl>
      <div className={styles.actions}>
        <Button onClick={view.open}>{t.addComment}</Button>
        <ReportActions title={t.printTitle(invoice.displayInvNum)} vendorName={vendorName} csv={() => toCsv(journeyCsvColumns(timeZone), entries)} />
      </div>
      {entries.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <DataTable
          label={t.history} rows={entries} rowKey={entryKey} columns={columns} rowHeight={ROW_HEIGHT} rowAttributes={rowAttributes}
          virtualizeAbove={printing ? Number.POSITIVE_INFINITY : undefined}
        />
      )}
      <CommentModal
        state={view.modal}
        text={view.comment}
        length={view.commentLength}
        problem={view.commentProblem}
        onChange={view.change}
        onSubmit={view.submit}
        onClose={view.close}
      />
    </Card>
  );
}

/** "Invoice Journey for" at .../invoices/{invoiceId} (spec §2): the invoice, its history newest first, comments. */
export default function InvoiceJourneyPage() {
  return (
    <LocationPage params={['invoiceId']}>
      {({ vendorId, locationId, context, params: { invoiceId } }) => (
        <>
          <PageTitle className={styles.screenOnly}>
            {t.title} {context.location ? <span className={css({ color: 'brand.700' })}>{context.location.displayName}</span> : null}
          </PageTitle>
          <Journey key={invoiceId} vendorId={vendorId} locationId={locationId} invoiceId={invoiceId} vendorName={context.vendor?.displayName || context.vendor?.name || ''} timeZone={context.vendor?.eodCutoff.timezone} />
        </>
      )}
    </LocationPage>
  );
}
