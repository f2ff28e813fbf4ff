import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { css } from '../../styled-system/css';
import { dollars, shortDate } from '../../core/rules/display';
import type { Invoice, InvoiceSearch } from '../../machines/console-invoices/console-invoices.actors';
import { consoleInvoicesMachine, searchFromQuery } from '../../machines/console-invoices/console-invoices.machine';
import { Button } from '../ui/button';
import { DataTable, type DataTableColumn } from '../ui/data-table';
import { ConsoleSession } from './frame';
import { ConsolePage, Panel, Placeholder } from './layout';
import { consoleTexts } from './texts';

const t = consoleTexts.invoices;

const styles = {
  intro: css({ color: 'ink', mb: '4' }),
  form: css({ display: 'grid', gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(5, minmax(0, 1fr))' }, gap: '3', alignItems: 'end', mb: '2' }),
  wide: css({ gridColumn: { base: 'span 2', md: 'auto' } }),
  label: css({ fontWeight: '600', display: 'block', mb: '1' }),
  help: css({ color: 'muted', fontSize: 'sm', display: 'block' }),
  control: css({ width: '100%', minHeight: '44px', px: '2', borderRadius: 'control', borderWidth: '1px', borderColor: '#8a94a3', bg: 'white', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  buttons: css({ display: 'flex', gap: '3', mb: '4', flexWrap: 'wrap' }),
  alert: css({ color: 'danger', fontWeight: '600', my: '3' }),
  empty: css({ color: 'muted', py: '3' }),
  link: css({ color: 'brand.700', fontWeight: '600', textDecoration: 'underline', whiteSpace: 'nowrap', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  more: css({ mt: '4' }),
};

const rowAttributes = (i: Invoice) => ({ 'data-testid': 'invoice-row', 'data-id': i.id });
const statusOf = (i: Invoice) => (i.portalStatus === 'scheduled' ? t.scheduled : t.statuses[i.status] ?? i.status);

/** `/console/invoices`: the vendor's invoices, searched on the server (a link may name the search, as a customer's page does). */
export function InvoicesPage() {
  const [query] = useSearchParams();
  return <InvoicesList key={query.toString()} search={searchFromQuery(query)} />;
}

function InvoicesList({ search: linked }: { search: InvoiceSearch }) {
  const actor = useActorRef(consoleInvoicesMachine, { input: { search: linked } });
  const send = actor.send;
  const status = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));
  const draft = useSelector(actor, (s) => s.context.draft);
  const invoices = useSelector(actor, (s) => s.context.invoices);
  const hasMore = useSelector(actor, (s) => s.context.hasMore);
  const moreFailed = useSelector(actor, (s) => s.context.moreFailed);
  const badDate = useSelector(actor, (s) => s.context.badDate);
  const loadingMore = useSelector(actor, (s) => s.matches('loadingMore'));
  const session = ConsoleSession.useSelector((s) => s.context.session);
  const mayUpload = session?.user.role === 'admin' || session?.user.role === 'ar';
  const change = (field: keyof InvoiceSearch) => (e: { target: { value: string } }) => send({ type: 'search.change', field, value: e.target.value });

  const columns = useMemo<DataTableColumn<Invoice>[]>(() => [
    { id: 'number', header: t.columns.number, phone: 'primary', cell: (i) => <Link className={styles.link} to={`/invoices/${i.id}`}>{i.displayInvNum}</Link> },
    { id: 'open', header: t.columns.open, phone: 'secondary', align: 'end', cell: (i) => dollars(i.openAmount) },
    { id: 'due', header: t.columns.due, phone: 'secondary', cell: (i) => shortDate(i.dueDate) },
    { id: 'status', header: t.columns.status, phone: 'secondary', cell: statusOf },
    { id: 'customer', header: t.columns.customer, phone: 'detail', wrap: true, cell: (i) => i.locationName },
    { id: 'original', header: t.columns.original, phone: 'detail', align: 'end', cell: (i) => dollars(i.originalAmount) },
  ], []);

  return (
    <ConsolePage title={t.title}>
      <Panel>
        <p className={styles.intro}>{t.intro}</p>
        {mayUpload ? <p className={styles.intro}><Link className={styles.link} to="/invoices/upload">{consoleTexts.upload.link}</Link></p> : null}
        <form role="search" aria-label={t.searchLabel} onSubmit={(e) => { e.preventDefault(); send({ type: 'search.submit' }); }}>
          <div className={styles.form}>
            <div className={styles.wide}>
              <label htmlFor="invoices-number" className={styles.label}>{t.number}</label>
              <input id="invoices-number" type="search" className={styles.control} value={draft.number} maxLength={50} autoComplete="off" aria-describedby="invoices-number-help" onChange={change('number')} />
              <span id="invoices-number-help" className={styles.help}>{t.numberHelp}</span>
            </div>
            <div className={styles.wide}>
              <label htmlFor="invoices-customer" className={styles.label}>{t.customer}</label>
              <input id="invoices-customer" type="search" className={styles.control} value={draft.customer} maxLength={100} autoComplete="off" onChange={change('customer')} />
              <span className={styles.help}>&nbsp;</span>
            </div>
            <div>
              <label htmlFor="invoices-status" className={styles.label}>{t.status}</label>
              <select id="invoices-status" className={styles.control} value={draft.status} onChange={change('status')}>
                <option value="">{t.anyStatus}</option>
                {Object.entries(t.statuses).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
              </select>
              <span className={styles.help}>&nbsp;</span>
            </div>
            <div>
              <label htmlFor="invoices-due-from" className={styles.label}>{t.dueFrom}</label>
              <input id="invoices-due-from" type="date" className={styles.control} value={draft.dueFrom} aria-invalid={badDate || undefined} onChange={change('dueFrom')} />
              <span className={styles.help}>&nbsp;</span>
            </div>
            <div>
              <label htmlFor="invoices-due-to" className={styles.label}>{t.dueTo}</label>
              <input id="invoices-due-to" type="date" className={styles.control} value={draft.dueTo} aria-invalid={badDate || undefined} onChange={change('dueTo')} />
              <span className={styles.help}>&nbsp;</span>
            </div>
          </div>
          <div aria-live="polite">{badDate ? <p role="alert" className={styles.alert}>{t.badDate}</p> : null}</div>
          <div className={styles.buttons}>
            <Button type="submit">{t.submit}</Button>
            <Button type="button" variant="secondary" onClick={() => send({ type: 'search.clear' })}>{t.clear}</Button>
          </div>
        </form>
        {status === 'loading' ? (
          <Placeholder label={t.loading} heights={[44, 44, 44, 44]} />
        ) : status === 'failed' ? (
          <>
            <p role="alert" className={styles.alert}>{t.loadFailed}</p>
            <Button onClick={() => send({ type: 'invoices.retry' })}>{t.retry}</Button>
          </>
        ) : invoices.length === 0 ? (
          <p className={styles.empty}>{t.none}</p>
        ) : (
          <>
            <DataTable label={t.tableLabel} rows={invoices} rowKey={(i) => i.id} columns={columns} rowAttributes={rowAttributes} />
            {moreFailed ? <p role="alert" className={styles.alert}>{t.moreFailed}</p> : null}
            {hasMore ? <Button className={styles.more} variant="secondary" loading={loadingMore} onClick={() => send({ type: 'invoices.more' })}>{t.more}</Button> : null}
          </>
        )}
      </Panel>
    </ConsolePage>
  );
}
