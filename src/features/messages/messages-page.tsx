import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { css } from '../../../styled-system/css';
import { messageListMachine } from '../../../machines/messages/message-list.machine';
import { selectListRows, selectListStatus } from '../../../machines/messages/messages.selectors';
import type { MessageEntry } from '../../../core/rules/messages';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { button } from '../../ui/button';
import { LocationPage } from '../../app/location-page';
import type { LocationContextView } from '../../app/use-location-context';
import { journeyTimestamp } from '../../../core/rules/timestamps';
import { ReportFailure, ReportHeader, TableSkeleton, emptyText } from '../../ui/report-layout';
import { messagesTexts as t } from './texts';
import { paths } from '../../../core/rules/paths';

const styles = {
  unread: css({ fontWeight: '800' }),
  badge: css({ display: 'inline-block', ml: '2', px: '2', py: '0.5', borderRadius: 'full', bg: 'brand.600', color: 'white', fontSize: 'xs', fontWeight: '700', lineHeight: '1.3', verticalAlign: 'middle' }),
  // Never cut: the cell decides — one whole line for an invoice number, wrapped lines for free text (the
  // table's `wrap` columns); in the phone row the text wraps (a long word too).
  text: css({ display: 'block', '[data-layout=phone] &': { whiteSpace: 'normal', overflowWrap: 'anywhere' } }),
};

const entryKey = (e: MessageEntry) => `${e.kind}:${e.id}`;
const rowAttributes = (e: MessageEntry) => ({ 'data-testid': 'message-row', 'data-unread': String(e.unread), 'data-kind': e.kind });

function MessageList({ vendorId, locationId, base, context }: { vendorId: string; locationId: string; base: string; context: LocationContextView }) {
  const actor = useActorRef(messageListMachine, { input: { vendorId, locationId } });
  const status = useSelector(actor, selectListStatus);
  const rows = useSelector(actor, selectListRows);
  const timeZone = context.vendor?.eodCutoff.timezone;
  const vendorName = context.vendor?.displayName || context.vendor?.name || '';
  const columns = useMemo<DataTableColumn<MessageEntry>[]>(() => [
    { id: 'date', phone: 'secondary', header: t.columns.date, width: '10rem', cell: (e) => journeyTimestamp(e.createdAt, timeZone) },
    {
      id: 'subject', phone: 'primary', header: t.columns.subject, width: '1.4fr', wrap: true,
      cell: (e) => (
        <span className={styles.text}>
          <Link to={e.kind === 'template' ? paths.templateMessage(base, e.id) : paths.invoice(base, e.invoiceId)} className={e.unread ? styles.unread : undefined}>
            {e.subject}
          </Link>
          {e.unread ? <span className={styles.badge}>{t.unread}</span> : null}
        </span>
      ),
    },
    {
      id: 'about', phone: 'detail', header: t.columns.about, width: '1.2fr', wrap: true,
      cell: (e) => <span className={styles.text}>{e.kind === 'template' ? t.from(e.from) : t.regarding(e.invoiceDisplayInvNum, e.category)}</span>,
    },
    {
      id: 'message', phone: 'detail', header: t.columns.message, width: '1.6fr', wrap: true,
      cell: (e) => <span className={styles.text} title={e.kind === 'invoice' ? e.text : undefined}>{e.kind === 'template' ? t.vendorMessage : e.text}</span>,
    },
  ], [base, timeZone]);

  return (
    <>
      <ReportHeader
        title={t.title}
        locationName={context.location?.displayName}
        printTitle={t.tableLabel}
        actions={<Link to={paths.resolutionCenter(base)} className={button({ variant: 'secondary', size: 'sm' })}>{t.resolutionCenter}</Link>}
      />
      {status === 'loading' ? <TableSkeleton label={t.loading} /> : null}
      {status === 'failed' ? <ReportFailure vendorName={vendorName} text={t.loadFailed} /> : null}
      {status === 'empty' ? <p className={emptyText}>{t.empty}</p> : null}
      {status === 'loaded' ? <DataTable label={t.tableLabel} rows={rows} rowKey={entryKey} columns={columns} rowAttributes={rowAttributes} /> : null}
    </>
  );
}

/**
 * Messages at .../messages (portal-recurring.md §2.8): the location's template messages and resolution-center messages,
 * newest first, unread ones marked; each opens its message (template message page, or the invoice journey, which marks
 * it read). "Resolution Center" leads to the per-invoice view of the same messages.
 */
export default function MessagesPage() {
  return (
    <LocationPage page="wide">
      {({ vendorId, locationId, base, context }) => (
        <MessageList key={`${vendorId}/${locationId}`} vendorId={vendorId} locationId={locationId} base={base} context={context} />
      )}
    </LocationPage>
  );
}
