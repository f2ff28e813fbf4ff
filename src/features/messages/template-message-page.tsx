import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Temporal } from 'temporal-polyfill';
import { css, cx } from '../../../styled-system/css';
import type { TemplateMessage } from '../../../machines/messages/messages.actors';
import { formatCurrency } from '../../../core/rules/dollars';
import { messageInvoiceNumber } from '../../../core/rules/invoices';
import { isPastDue } from '../../../core/rules/messages';
import { Button } from '../../ui/button';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { Card, PageTitle } from '../../ui/page';
import { LoadingRegion, Skeleton } from '../../ui/reserved';
import { shortDate } from '../../../core/rules/display';
import { LocationPage } from '../../app/location-page';
import { journeyTimestamp } from '../../../core/rules/timestamps';
import { RichContent } from './rich-content-view';
import { templateMessageTexts as t } from './texts';
import { useTemplateMessage } from './use-template-message';
import { amountToCents } from '../../../core/rules/money';
import { paths } from '../../../core/rules/paths';

type Invoice = TemplateMessage['invoices'][number];
const invoiceKey = (i: Invoice) => i.id;
const rowAttributes = (i: Invoice) => ({ 'data-testid': 'message-invoice-row', 'data-invoice': i.displayInvNum });

const styles = {
  meta: css({ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: '3', rowGap: '1', m: 0, mb: '5', color: 'muted', '& dt': { fontWeight: '600' }, '& dd': { m: 0, color: 'ink', overflowWrap: 'anywhere' } }),
  section: css({ mt: '6' }),
  pastDue: css({ color: 'danger', fontWeight: '700' }),
  total: css({ display: 'flex', justifyContent: 'space-between', gap: '4', px: '3', py: '3', borderTopWidth: '2px', borderColor: 'ink', fontWeight: '800' }),
  actions: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '3', mt: '5' }),
  alert: css({ bg: 'white', borderWidth: '1px', borderColor: '#f4c7c3', color: 'danger', borderRadius: 'card', p: '5', fontWeight: '600', display: 'flex', flexDirection: 'column', gap: '3', alignItems: 'flex-start' }),
  contentError: css({ color: 'danger', fontWeight: '600' }),
  back: css({ display: 'inline-block', mb: '4', color: 'brand.700', fontWeight: '600' }),
};

function MessageSkeleton() {
  return (
    <LoadingRegion label={t.loading}>
      <Card>
        <Skeleton height={36} width="70%" />
        <Skeleton height={72} style={{ marginTop: 16 }} />
        <Skeleton height={160} style={{ marginTop: 20 }} />
        {Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={40} style={{ marginTop: 8 }} />)}
      </Card>
    </LoadingRegion>
  );
}

function InvoiceTable({ invoices, today }: { invoices: Invoice[]; today: string }) {
  // §9: the payment table sorts by due date ascending (none last).
  const rows = useMemo(() => [...invoices].sort((a, b) => (a.dueDate || '9999').localeCompare(b.dueDate || '9999')), [invoices]);
  const columns = useMemo<DataTableColumn<Invoice>[]>(() => [
    { id: 'invoice', phone: 'primary', header: t.columns.invoice, cell: (i) => <span title={i.displayInvNum}>{messageInvoiceNumber(i.displayInvNum)}</span> },
    { id: 'invoiceDate', phone: 'detail', header: t.columns.invoiceDate, cell: (i) => shortDate(i.externalInvoiceDate ?? i.invoiceDate) },
    {
      id: 'due', phone: 'secondary', header: t.columns.due,
      cell: (i) => (isPastDue(i.dueDate, today)
        ? <span className={styles.pastDue} data-past-due="">{shortDate(i.dueDate)}<span className={css({ srOnly: true })}> ({t.pastDue})</span></span>
        : shortDate(i.dueDate)),
    },
    { id: 'shipTo', phone: 'detail', header: t.columns.shipTo, wrap: true, cell: (i) => i.shipTo ?? '-' },
    { id: 'poRef', phone: 'detail', header: t.columns.poRef, cell: (i) => i.poRefId ?? '-' },
    { id: 'open', phone: 'secondary', header: t.columns.open, align: 'end', cell: (i) => formatCurrency(amountToCents(i.openAmount)) },
  ], [today]);
  const total = rows.reduce((sum, i) => sum + amountToCents(i.openAmount), 0);
  return (
    <div>
      <DataTable label={t.invoicesLabel} rows={rows} rowKey={invoiceKey} columns={columns} rowAttributes={rowAttributes} />
      <div className={styles.total} data-testid="message-total">
        <span>{t.total}</span>
        <span>{formatCurrency(total)}</span>
      </div>
    </div>
  );
}

function TemplateMessageView({ vendorId, locationId, templateMessageId, base, timeZone }: { vendorId: string; locationId: string; templateMessageId: string; base: string; timeZone: string }) {
  const view = useTemplateMessage({ vendorId, locationId, templateMessageId, base });
  const today = useMemo(() => Temporal.Now.zonedDateTimeISO(timeZone).toPlainDate().toString(), [timeZone]);
  if (view.status === 'loading') return <MessageSkeleton />;
  if (view.status === 'failed' || !view.message) {
    return (
      <div role="alert" className={styles.alert}>
        <p>{t.loadFailed}</p>
        <Button variant="secondary" size="sm" onClick={view.retry}>{t.retry}</Button>
      </div>
    );
  }
  const { message, content } = view;
  return (
    <Card as="article">
      <PageTitle>{message.messageData.subject}</PageTitle>
      <dl className={styles.meta}>
        <dt>{t.sent}</dt>
        <dd data-testid="message-timestamp">{journeyTimestamp(message.createdAt, timeZone)}</dd>
        <dt>{t.from}</dt>
        <dd>{`${message.from.firstName} ${message.from.lastName}`.trim()}</dd>
        <dt>{t.to}</dt>
        <dd>{`${message.to.firstName} ${message.to.lastName}`.trim()}{message.to.deliverTo ? ` (${message.to.deliverTo})` : ''}</dd>
      </dl>
      {content?.ok ? <RichContent document={content.document} /> : <p role="alert" className={styles.contentError}>{t.richContentError}</p>}
      {message.invoices.length > 0 ? (
        <section className={styles.section} aria-label={t.invoicesLabel}>
          <InvoiceTable invoices={message.invoices} today={today} />
          <div className={styles.actions}>
            {view.canPay ? null : <p className={css({ color: 'muted' })}>{t.nothingToPay}</p>}
            <Button onClick={view.pay} disabled={!view.canPay} className={css({ ml: 'auto', minWidth: '8rem' })}>{t.pay}</Button>
          </div>
        </section>
      ) : null}
    </Card>
  );
}

/**
 * A template message at .../templatemessages/{templateMessageId} (portal-recurring.md §2.8): Subject, timestamp
 * (M/D/YY - h:mm a in the vendor's time zone), From, To; the rich content body; the invoice table with its Total and
 * Pay (→ .../click2pay with the message's payable invoices selected, source Message).
 */
export default function TemplateMessagePage() {
  return (
    <LocationPage page="wide" params={['templateMessageId']}>
      {({ vendorId, locationId, base, context, params: { templateMessageId } }) => (
        <>
          <Link to={paths.messages(base)} className={cx(styles.back)}>{t.back}</Link>
          {context.vendor ? (
            <TemplateMessageView
              key={templateMessageId} vendorId={vendorId} locationId={locationId} templateMessageId={templateMessageId} base={base}
              timeZone={context.vendor.eodCutoff.timezone}
            />
          ) : <MessageSkeleton />}
        </>
      )}
    </LocationPage>
  );
}
