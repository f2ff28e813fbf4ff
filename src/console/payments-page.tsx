import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { css } from '../../styled-system/css';
import { dollars, shortDate } from '../../core/rules/display';
import { paymentsCsvHref, type PaymentGroup, type PaymentsFilter } from '../../machines/console-payments/console-payments.actors';
import { consolePaymentsMachine, filterFromQuery } from '../../machines/console-payments/console-payments.machine';
import { Button, button } from '../ui/button';
import { DataTable, type DataTableColumn } from '../ui/data-table';
import { ConsolePage, Panel, Placeholder } from './layout';
import { consoleTexts } from './texts';

const t = consoleTexts.payments;
const STATUSES = ['scheduled', 'processing', 'complete', 'failed', 'canceled', 'returned'];

const styles = {
  intro: css({ color: 'ink', mb: '4' }),
  filters: css({ display: 'grid', gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr)) auto' }, gap: '3', alignItems: 'end', mb: '4' }),
  label: css({ fontWeight: '600', display: 'block', mb: '1' }),
  control: css({ width: '100%', minHeight: '44px', px: '2', borderRadius: 'control', borderWidth: '1px', borderColor: '#8a94a3', bg: 'white', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  alert: css({ color: 'danger', fontWeight: '600', my: '3' }),
  empty: css({ color: 'muted', py: '3' }),
  link: css({ color: 'brand.700', fontWeight: '600', textDecoration: 'underline', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  more: css({ mt: '4' }),
};

const rowAttributes = (g: PaymentGroup) => ({ 'data-testid': 'payment-row', 'data-id': g.id });

/** `/console/payments`: the vendor's payments, newest change first, filtered on the server. */
export function PaymentsPage() {
  const [query] = useSearchParams();
  // the filter a link names (Home's) starts the list; another link starts it again
  return <PaymentsList key={query.toString()} filter={filterFromQuery(query)} />;
}

function PaymentsList({ filter: linked }: { filter: PaymentsFilter }) {
  const actor = useActorRef(consolePaymentsMachine, { input: { filter: linked } });
  const send = actor.send;
  const status = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));
  const filter = useSelector(actor, (s) => s.context.filter);
  const groups = useSelector(actor, (s) => s.context.groups);
  const hasMore = useSelector(actor, (s) => s.context.hasMore);
  const moreFailed = useSelector(actor, (s) => s.context.moreFailed);
  const loadingMore = useSelector(actor, (s) => s.matches('loadingMore'));
  const change = (field: keyof PaymentsFilter) => (e: { target: { value: string } }) => send({ type: 'filter.change', field, value: e.target.value });

  const columns = useMemo<DataTableColumn<PaymentGroup>[]>(() => [
    { id: 'confirmation', header: t.columns.confirmation, phone: 'primary', cell: (g) => <Link className={styles.link} to={`/payments/${g.id}`}>{g.confirmationNumber}</Link> },
    { id: 'total', header: t.columns.total, phone: 'secondary', align: 'end', cell: (g) => dollars(g.total) },
    { id: 'date', header: t.columns.date, phone: 'secondary', cell: (g) => shortDate(g.paymentDate) },
    { id: 'status', header: t.columns.status, phone: 'secondary', cell: (g) => t.statuses[g.status] ?? g.status },
    { id: 'customer', header: t.columns.customer, phone: 'detail', wrap: true, cell: (g) => g.contact.name },
    { id: 'method', header: t.columns.method, phone: 'detail', cell: (g) => t.methodOf(g.method.type, g.method.lastFour) },
  ], []);

  return (
    <ConsolePage title={t.title}>
      <Panel>
        <p className={styles.intro}>{t.intro}</p>
        <div className={styles.filters} role="group" aria-label={t.filters}>
          <div>
            <label htmlFor="payments-status" className={styles.label}>{t.status}</label>
            <select id="payments-status" className={styles.control} value={filter.status} onChange={change('status')}>
              <option value="">{t.anyStatus}</option>
              {STATUSES.map((s) => <option key={s} value={s}>{t.statuses[s]}</option>)}
            </select>
          </div>
          <div>
            <label htmlFor="payments-from" className={styles.label}>{t.from}</label>
            <input id="payments-from" type="date" className={styles.control} defaultValue={filter.from} onChange={change('from')} />
          </div>
          <div>
            <label htmlFor="payments-to" className={styles.label}>{t.to}</label>
            <input id="payments-to" type="date" className={styles.control} defaultValue={filter.to} onChange={change('to')} />
          </div>
          <div>
            <label htmlFor="payments-method" className={styles.label}>{t.method}</label>
            <select id="payments-method" className={styles.control} value={filter.method} onChange={change('method')}>
              <option value="">{t.anyMethod}</option>
              <option value="CC">{t.methods.CC}</option>
              <option value="ACH">{t.methods.ACH}</option>
            </select>
          </div>
          <a className={button({ variant: 'secondary' })} href={paymentsCsvHref(filter)} download="payments.csv">{t.export}</a>
        </div>
        {status === 'loading' ? (
          <Placeholder label={t.loading} heights={[44, 44, 44, 44]} />
        ) : status === 'failed' ? (
          <>
            <p role="alert" className={styles.alert}>{t.loadFailed}</p>
            <Button onClick={() => send({ type: 'payments.retry' })}>{t.retry}</Button>
          </>
        ) : groups.length === 0 ? (
          <p className={styles.empty}>{t.none}</p>
        ) : (
          <>
            <DataTable label={t.tableLabel} rows={groups} rowKey={(g) => g.id} columns={columns} rowAttributes={rowAttributes} />
            {moreFailed ? <p role="alert" className={styles.alert}>{t.moreFailed}</p> : null}
            {hasMore ? <Button className={styles.more} variant="secondary" loading={loadingMore} onClick={() => send({ type: 'payments.more' })}>{t.more}</Button> : null}
          </>
        )}
      </Panel>
    </ConsolePage>
  );
}
