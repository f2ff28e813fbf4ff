import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { css } from '../../styled-system/css';
import { dollars, shortDate } from '../../core/rules/display';
import type { Dispute, DisputesFilter } from '../../machines/console-disputes/console-disputes.actors';
import { consoleDisputesMachine, disputesFilterFromQuery } from '../../machines/console-disputes/console-disputes.machine';
import { Button } from '../ui/button';
import { DataTable, type DataTableColumn } from '../ui/data-table';
import { ConsolePage, Panel, Placeholder } from './layout';
import { consoleTexts } from './texts';

const t = consoleTexts.disputes;

const styles = {
  intro: css({ mb: '4' }),
  filters: css({ display: 'grid', gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(3, minmax(0, 14rem))' }, gap: '3', alignItems: 'end', mb: '4' }),
  label: css({ fontWeight: '600', display: 'block', mb: '1' }),
  control: css({ width: '100%', minHeight: '44px', px: '2', borderRadius: 'control', borderWidth: '1px', borderColor: '#8a94a3', bg: 'white', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  alert: css({ color: 'danger', fontWeight: '600', my: '3' }),
  empty: css({ color: 'muted', py: '3' }),
  link: css({ color: 'brand.700', fontWeight: '600', textDecoration: 'underline', whiteSpace: 'nowrap', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  more: css({ mt: '4' }),
};

const rowAttributes = (d: Dispute) => ({ 'data-testid': 'dispute-row', 'data-id': d.id });

/** `/console/disputes`: the inbox of disputes and short-pays (a link may name its filter, as Home's do). */
export function DisputesPage() {
  const [query] = useSearchParams();
  return <DisputesList key={query.toString()} filter={disputesFilterFromQuery(query)} />;
}

function DisputesList({ filter: linked }: { filter: DisputesFilter }) {
  const actor = useActorRef(consoleDisputesMachine, { input: { filter: linked } });
  const send = actor.send;
  const status = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));
  const filter = useSelector(actor, (s) => s.context.filter);
  const disputes = useSelector(actor, (s) => s.context.disputes);
  const hasMore = useSelector(actor, (s) => s.context.hasMore);
  const moreFailed = useSelector(actor, (s) => s.context.moreFailed);
  const loadingMore = useSelector(actor, (s) => s.matches('loadingMore'));
  const change = (field: keyof DisputesFilter) => (e: { target: { value: string } }) => send({ type: 'filter.change', field, value: e.target.value });

  const columns = useMemo<DataTableColumn<Dispute>[]>(() => [
    { id: 'invoice', header: t.columns.invoice, phone: 'primary', cell: (d) => <Link className={styles.link} to={`/disputes/${d.id}`}>{d.invoice.displayInvNum}</Link> },
    { id: 'kind', header: t.columns.kind, phone: 'secondary', cell: (d) => t.kinds[d.kind] },
    { id: 'paid', header: t.columns.paid, phone: 'secondary', align: 'end', cell: (d) => dollars(d.paidAmount) },
    { id: 'date', header: t.columns.date, phone: 'secondary', cell: (d) => shortDate(d.createdAt) },
    { id: 'customer', header: t.columns.customer, phone: 'detail', wrap: true, cell: (d) => d.location.name },
    { id: 'reason', header: t.columns.reason, phone: 'detail', wrap: true, cell: (d) => d.reason },
    { id: 'replies', header: t.columns.replies, phone: 'detail', align: 'end', cell: (d) => String(d.replyCount) },
  ], []);

  return (
    <ConsolePage title={t.title}>
      <Panel>
        <p className={styles.intro}>{t.intro}</p>
        <div className={styles.filters} role="group" aria-label={t.filters}>
          <div>
            <label htmlFor="disputes-status" className={styles.label}>{t.status}</label>
            <select id="disputes-status" className={styles.control} value={filter.status} onChange={change('status')}>
              {Object.entries(t.statuses).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
            </select>
          </div>
          <div>
            <label htmlFor="disputes-kind" className={styles.label}>{t.kind}</label>
            <select id="disputes-kind" className={styles.control} value={filter.kind} onChange={change('kind')}>
              <option value="">{t.anyKind}</option>
              {Object.entries(t.kinds).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
            </select>
          </div>
        </div>
        {status === 'loading' ? (
          <Placeholder label={t.loading} heights={[44, 44, 44, 44]} />
        ) : status === 'failed' ? (
          <>
            <p role="alert" className={styles.alert}>{t.loadFailed}</p>
            <Button onClick={() => send({ type: 'disputes.retry' })}>{t.retry}</Button>
          </>
        ) : disputes.length === 0 ? (
          <p className={styles.empty}>{t.none}</p>
        ) : (
          <>
            <DataTable label={t.tableLabel} rows={disputes} rowKey={(d) => d.id} columns={columns} rowAttributes={rowAttributes} />
            {moreFailed ? <p role="alert" className={styles.alert}>{t.moreFailed}</p> : null}
            {hasMore ? <Button className={styles.more} variant="secondary" loading={loadingMore} onClick={() => send({ type: 'disputes.more' })}>{t.more}</Button> : null}
          </>
        )}
      </Panel>
    </ConsolePage>
  );
}
