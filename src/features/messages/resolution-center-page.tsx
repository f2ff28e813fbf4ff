import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { css } from '../../../styled-system/css';
import type { Message } from '../../../machines/messages/messages.actors';
import { resolutionCenterMachine } from '../../../machines/messages/resolution-center.machine';
import { selectListRows, selectListStatus } from '../../../machines/messages/messages.selectors';
import { toCsv, type CsvColumn } from '../../../core/rules/csv';
import { groupByCategory, resolutionCategory } from '../../../core/rules/messages';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { ReportActions, usePrinting } from '../../ui/report-actions';
import { LocationPage } from '../../app/location-page';
import type { LocationContextView } from '../../app/use-location-context';
import { journeyTimestamp } from '../../../core/rules/timestamps';
import { ReportFailure, ReportHeader, TableSkeleton, emptyText } from '../../ui/report-layout';
import { messagesTexts, resolutionCenterTexts as t } from './texts';
import { paths } from '../../../core/rules/paths';

const messageKey = (m: Message) => m.id;
const rowAttributes = (m: Message) => ({ 'data-testid': 'resolution-row', 'data-invoice': m.invoiceDisplayInvNum, 'data-unread': String(!m.contactRead) });
const styles = {
  // Never cut: the cell decides — one whole line for an invoice number, wrapped lines for free text (the
  // table's `wrap` columns); in the phone row the text wraps (a long word too).
  text: css({ display: 'block', '[data-layout=phone] &': { whiteSpace: 'normal', overflowWrap: 'anywhere' } }),
  unread: css({ fontWeight: '800' }),
  badge: css({ display: 'inline-block', ml: '2', px: '2', py: '0.5', borderRadius: 'full', bg: 'brand.600', color: 'white', fontSize: 'xs', fontWeight: '700', lineHeight: '1.3' }),
  back: css({ display: 'inline-block', mb: '4', color: 'brand.700', fontWeight: '600', _print: { display: 'none' } }),
};

function csvColumns(timeZone: string | undefined): CsvColumn<Message>[] {
  return [
    { header: t.columns.category, value: (m) => resolutionCategory(m) },
    { header: t.columns.invoice, value: (m) => m.invoiceDisplayInvNum },
    { header: t.columns.date, value: (m) => journeyTimestamp(m.createdAt, timeZone) },
    { header: t.columns.subject, value: (m) => m.subject },
    { header: t.columns.message, value: (m) => m.message },
  ];
}

function ResolutionCenter({ vendorId, locationId, base, context }: { vendorId: string; locationId: string; base: string; context: LocationContextView }) {
  const actor = useActorRef(resolutionCenterMachine, { input: { vendorId, locationId } });
  const status = useSelector(actor, selectListStatus);
  const rows = useSelector(actor, selectListRows);
  const printing = usePrinting();
  const groups = useMemo(() => groupByCategory(rows), [rows]);
  const timeZone = context.vendor?.eodCutoff.timezone;
  const vendorName = context.vendor?.displayName || context.vendor?.name || '';
  const columns = useMemo<DataTableColumn<Message>[]>(() => [
    {
      id: 'invoice', phone: 'primary', header: t.columns.invoice,
      cell: (m) => (
        <span className={styles.text}>
          <Link to={paths.invoice(base, m.invoiceId)} className={m.contactRead ? undefined : styles.unread}>{m.invoiceDisplayInvNum}</Link>
          {m.contactRead ? null : <span className={styles.badge}>{messagesTexts.unread}</span>}
        </span>
      ),
    },
    { id: 'date', phone: 'secondary', header: t.columns.date, width: '10rem', cell: (m) => journeyTimestamp(m.createdAt, timeZone) },
    { id: 'subject', phone: 'secondary', header: t.columns.subject, wrap: true, cell: (m) => m.subject },
    { id: 'message', phone: 'detail', header: t.columns.message, width: '2fr', wrap: true, cell: (m) => m.message },
  ], [base, timeZone]);
  // CSV rows in the order shown: by category, each newest first.
  const csv = () => toCsv(csvColumns(timeZone), groups.flatMap((g) => g.rows));
  return (
    <>
      <ReportHeader
        title={t.title}
        locationName={context.location?.displayName}
        printTitle={t.exportTitle}
        actions={<ReportActions title={t.exportTitle} vendorName={vendorName} csv={csv} disabled={status !== 'loaded'} unavailable={status === 'failed'} />}
      />
      {status === 'loading' ? <TableSkeleton label={t.loading} /> : null}
      {status === 'failed' ? <ReportFailure vendorName={vendorName} text={messagesTexts.loadFailed} /> : null}
      {status === 'empty' ? <p className={emptyText}>{t.empty}</p> : null}
      {status === 'loaded' ? (
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
          {groups.map((group) => {
            const id = `resolution-${group.category.replace(/\s+/g, '-').toLowerCase()}`;
            return (
              <section key={group.category} aria-labelledby={id} data-testid="resolution-group">
                <h2 id={id} className={css({ fontSize: 'lg', fontWeight: '700', mb: '2' })}>{group.category}</h2>
                <DataTable
                  label={t.groupLabel(group.category)} rows={group.rows} rowKey={messageKey} columns={columns} rowAttributes={rowAttributes}
                  virtualizeAbove={printing ? Number.POSITIVE_INFINITY : undefined}
                />
              </section>
            );
          })}
        </div>
      ) : null}
    </>
  );
}

/**
 * "Resolution Center for" at .../resolutioncenter (portal-recurring.md §2.9; the route is our decision — the spec names
 * none): the invoices with messages, one row per invoice (its newest message), grouped Payment Failed, Disputed,
 * Partially Paid, Comment; each opens the invoice journey (which marks its messages read and has Add Comment).
 * CSV and print titled "Resolution Center" (§9).
 */
export default function ResolutionCenterPage() {
  return (
    <LocationPage page="wide">
      {({ vendorId, locationId, base, context }) => (
        <>
          <Link to={paths.messages(base)} className={styles.back}>{t.back}</Link>
          <ResolutionCenter key={`${vendorId}/${locationId}`} vendorId={vendorId} locationId={locationId} base={base} context={context} />
        </>
      )}
    </LocationPage>
  );
}
