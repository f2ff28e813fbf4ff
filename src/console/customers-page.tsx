import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { css } from '../../styled-system/css';
import type { Location } from '../../machines/console-customers/console-customers.actors';
import { consoleCustomersMachine } from '../../machines/console-customers/console-customers.machine';
import { Button } from '../ui/button';
import { DataTable, type DataTableColumn } from '../ui/data-table';
import { ConsolePage, Panel, Placeholder } from './layout';
import { consoleTexts } from './texts';

const t = consoleTexts.customers;

const styles = {
  intro: css({ mb: '4' }),
  form: css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'end', mb: '4' }),
  field: css({ flex: '1 1 16rem', maxWidth: '28rem' }),
  label: css({ fontWeight: '600', display: 'block', mb: '1' }),
  control: css({ width: '100%', minHeight: '44px', px: '2', borderRadius: 'control', borderWidth: '1px', borderColor: '#8a94a3', bg: 'white', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  alert: css({ color: 'danger', fontWeight: '600', my: '3' }),
  empty: css({ color: 'muted', py: '3' }),
  link: css({ color: 'brand.700', fontWeight: '600', textDecoration: 'underline', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  more: css({ mt: '4' }),
};

const rowAttributes = (l: Location) => ({ 'data-testid': 'customer-row', 'data-id': l.id });

/** `/console/customers`: the vendor's locations, searched by name. */
export function CustomersPage() {
  const actor = useActorRef(consoleCustomersMachine);
  const send = actor.send;
  const status = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));
  const draft = useSelector(actor, (s) => s.context.draft);
  const customers = useSelector(actor, (s) => s.context.customers);
  const hasMore = useSelector(actor, (s) => s.context.hasMore);
  const moreFailed = useSelector(actor, (s) => s.context.moreFailed);
  const loadingMore = useSelector(actor, (s) => s.matches('loadingMore'));

  const columns = useMemo<DataTableColumn<Location>[]>(() => [
    { id: 'name', header: t.columns.name, phone: 'primary', wrap: true, cell: (l) => <Link className={styles.link} to={`/customers/${l.id}`}>{l.displayName}</Link> },
    { id: 'id', header: t.columns.id, phone: 'secondary', cell: (l) => l.externalId ?? '' },
    { id: 'city', header: t.columns.city, phone: 'secondary', cell: (l) => (l.address ? `${l.address.city}, ${l.address.state}` : '') },
  ], []);

  return (
    <ConsolePage title={t.title}>
      <Panel>
        <p className={styles.intro}>{t.intro}</p>
        <form role="search" aria-label={t.searchLabel} className={styles.form} onSubmit={(e) => { e.preventDefault(); send({ type: 'search.submit' }); }}>
          <div className={styles.field}>
            <label htmlFor="customers-name" className={styles.label}>{t.nameLabel}</label>
            <input id="customers-name" type="search" className={styles.control} value={draft} maxLength={100} autoComplete="off" onChange={(e) => send({ type: 'search.change', value: e.target.value })} />
          </div>
          <Button type="submit">{t.submit}</Button>
        </form>
        {status === 'loading' ? (
          <Placeholder label={t.loading} heights={[44, 44, 44, 44]} />
        ) : status === 'failed' ? (
          <>
            <p role="alert" className={styles.alert}>{t.loadFailed}</p>
            <Button onClick={() => send({ type: 'customers.retry' })}>{t.retry}</Button>
          </>
        ) : customers.length === 0 ? (
          <p className={styles.empty}>{t.none}</p>
        ) : (
          <>
            <DataTable label={t.tableLabel} rows={customers} rowKey={(l) => l.id} columns={columns} rowAttributes={rowAttributes} />
            {moreFailed ? <p role="alert" className={styles.alert}>{t.moreFailed}</p> : null}
            {hasMore ? <Button className={styles.more} variant="secondary" loading={loadingMore} onClick={() => send({ type: 'customers.more' })}>{t.more}</Button> : null}
          </>
        )}
      </Panel>
    </ConsolePage>
  );
}
