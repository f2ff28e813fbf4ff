import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { css } from '../../styled-system/css';
import { formatCurrency } from '../../core/rules/dollars';
import { shortDate } from '../../core/rules/display';
import { amountToCents } from '../../core/rules/money';
import type { LocationAccount } from '../../machines/console-account/console-account.actors';
import { consoleAccountMachine } from '../../machines/console-account/console-account.machine';
import { Button } from '../ui/button';
import { DataTable, type DataTableColumn } from '../ui/data-table';
import { Panel, Placeholder } from './layout';
import { consoleTexts } from './texts';

const t = consoleTexts.account;

type Plan = LocationAccount['paymentPlans'][number];
type Method = LocationAccount['paymentMethods'][number];
type MethodRef = Plan['method'];

const styles = {
  head: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '3', mb: '2' }),
  h2: css({ fontSize: 'lg', fontWeight: '700' }),
  h3: css({ fontSize: 'md', fontWeight: '700', mt: '5', mb: '2' }),
  intro: css({ mb: '3', color: 'muted' }),
  alert: css({ color: 'danger', fontWeight: '600', my: '3' }),
  muted: css({ color: 'muted' }),
  facts: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'max-content 1fr' }, columnGap: '6', rowGap: '1', '& dt': { fontWeight: '600', color: 'muted' }, '& dd': { mb: { base: '2', md: '0' }, overflowWrap: 'anywhere' } }),
  paused: css({ color: 'danger', fontWeight: '600' }),
};

const methodLabel = (m: MethodRef) => `${m.name} (…${m.lastFour})`;
const money = (amount: number) => formatCurrency(amountToCents(amount));

/** The customer page's "What they set up": AutoPay, payment plans, saved methods, statement delivery (read only). */
export function AccountSection({ locationId }: { locationId: string }) {
  const actor = useActorRef(consoleAccountMachine, { input: { locationId } });
  const send = actor.send;
  const status = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : s.matches('gone') ? 'gone' : 'ready'));
  const refreshing = useSelector(actor, (s) => s.matches('refreshing'));
  const account = useSelector(actor, (s) => s.context.account);

  const planColumns = useMemo<DataTableColumn<Plan>[]>(() => [
    { id: 'name', header: t.planColumns.name, phone: 'primary', wrap: true, cell: (p) => p.name },
    { id: 'status', header: t.planColumns.status, phone: 'secondary', wrap: true, cell: (p) => (p.pausedBecause ? <span className={styles.paused}>{t.planStatus.paused}: {p.pausedBecause}</span> : t.planStatus[p.status] ?? p.status) },
    { id: 'each', header: t.planColumns.each, phone: 'secondary', align: 'end', cell: (p) => money(p.eachAmount) },
    { id: 'total', header: t.planColumns.total, phone: 'detail', align: 'end', cell: (p) => money(p.totalAmount) },
    { id: 'frequency', header: t.planColumns.frequency, phone: 'detail', cell: (p) => t.frequency[p.frequency] ?? p.frequency },
    { id: 'method', header: t.planColumns.method, phone: 'detail', wrap: true, cell: (p) => methodLabel(p.method) },
    { id: 'start', header: t.planColumns.start, phone: 'detail', cell: (p) => shortDate(p.startDate) },
    { id: 'contact', header: t.planColumns.contact, phone: 'detail', wrap: true, cell: (p) => p.contact.name },
  ], []);
  const methodColumns = useMemo<DataTableColumn<Method>[]>(() => [
    { id: 'name', header: t.methodColumns.name, phone: 'primary', wrap: true, cell: (m) => `${m.name} · ${m.type === 'CC' ? t.card(m.brand) : t.bank}` },
    { id: 'number', header: t.methodColumns.number, phone: 'secondary', cell: (m) => m.lastFour },
    { id: 'expires', header: t.methodColumns.expires, phone: 'secondary', cell: (m) => m.expires ?? '—' },
    { id: 'state', header: t.methodColumns.state, phone: 'detail', wrap: true, cell: (m) => t.methodState(m) },
    { id: 'contact', header: t.methodColumns.contact, phone: 'detail', wrap: true, cell: (m) => m.contact.name },
  ], []);
  const planRow = useMemo(() => (p: Plan) => ({ 'data-testid': 'plan-row', 'data-id': p.id }), []);
  const methodRow = useMemo(() => (m: Method) => ({ 'data-testid': 'method-row', 'data-id': m.id }), []);

  if (status === 'gone') return null;
  const autopay = account?.autopay ?? null;
  return (
    <Panel labelledBy="account-title">
      <div className={styles.head}>
        <h2 id="account-title" className={styles.h2}>{t.title}</h2>
        {status === 'ready' ? <Button variant="secondary" size="sm" loading={refreshing} onClick={() => send({ type: 'account.refresh' })}>{t.refresh}</Button> : null}
      </div>
      <p className={styles.intro}>{t.intro}</p>
      {status === 'loading' ? (
        <Placeholder label={t.loading} heights={[96, 88, 88, 44]} />
      ) : status === 'failed' || !account ? (
        <>
          <p role="alert" className={styles.alert}>{t.loadFailed}</p>
          <Button onClick={() => send({ type: 'account.retry' })}>{t.retry}</Button>
        </>
      ) : (
        <>
          <h3 className={styles.h3}>{t.autopayTitle}</h3>
          {autopay ? (
            <dl className={styles.facts} data-testid="account-autopay">
              <dt>{t.autopay.state}</dt>
              <dd className={autopay.pausedBecause ? styles.paused : undefined}>{t.autopay.status[autopay.status]}{autopay.pausedBecause ? `: ${autopay.pausedBecause}` : ''}</dd>
              <dt>{t.autopay.method}</dt>
              <dd>{methodLabel(autopay.method)}</dd>
              <dt>{t.autopay.start}</dt>
              <dd>{shortDate(autopay.startDate)}</dd>
              <dt>{t.autopay.excluded}</dt>
              <dd>{autopay.excludedInvoiceCount}</dd>
              <dt>{t.autopay.by}</dt>
              <dd>{autopay.contact.name}</dd>
            </dl>
          ) : <p className={styles.muted}>{t.noAutopay}</p>}
          <h3 className={styles.h3}>{t.plansTitle}</h3>
          {account.paymentPlans.length === 0 ? <p className={styles.muted}>{t.noPlans}</p> : <DataTable label={t.plansLabel} rows={account.paymentPlans} rowKey={(p) => p.id} columns={planColumns} rowAttributes={planRow} />}
          <h3 className={styles.h3}>{t.methodsTitle}</h3>
          {account.paymentMethods.length === 0 ? <p className={styles.muted}>{t.noMethods}</p> : <DataTable label={t.methodsLabel} rows={account.paymentMethods} rowKey={(m) => m.id} columns={methodColumns} rowAttributes={methodRow} />}
          <h3 className={styles.h3}>{t.deliveriesTitle}</h3>
          {account.statementDeliveries.length === 0 ? (
            <p className={styles.muted}>{t.noDeliveries}</p>
          ) : (
            <ul data-testid="account-deliveries">
              {account.statementDeliveries.map((d) => (
                <li key={d.id}>{t.deliveryLine(d.contact.name, t.schedule(d.scheduleUnit, d.scheduleValue), t.empties(d.sendEmptyStatements), shortDate(d.activeFrom))}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </Panel>
  );
}
