import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { css } from '../../styled-system/css';
import { dollars, shortDate } from '../../core/rules/display';
import type { Overview } from '../../machines/console-home/console-home.actors';
import { consoleHomeMachine } from '../../machines/console-home/console-home.machine';
import { Button } from '../ui/button';
import { ConsolePage, Panel, Placeholder } from './layout';
import { ConsoleSession } from './frame';
import { consoleTexts } from './texts';

const t = consoleTexts.home;

const styles = {
  top: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '3', mb: '4' }),
  h2: css({ fontSize: 'lg', fontWeight: '700', mt: '5', mb: '3', _first: { mt: '0' } }),
  grid: css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' }, gap: '3', listStyle: 'none', p: '0', m: '0' }),
  tile: css({ display: 'block', borderWidth: '1px', borderColor: 'line', borderRadius: 'card', p: '4', minHeight: '112px', color: 'ink', textDecoration: 'none', bg: 'white' }),
  link: css({ _hover: { borderColor: 'brand.500' }, _focusVisible: { outline: '3px solid', outlineColor: 'brand.500', outlineOffset: '2px' } }),
  label: css({ display: 'block', fontWeight: '600', color: 'muted' }),
  amount: css({ display: 'block', fontSize: '2xl', fontWeight: '700', whiteSpace: 'nowrap', mt: '1' }),
  detail: css({ display: 'block', color: 'muted', mt: '1' }),
  alert: css({ color: 'danger', fontWeight: '600', mb: '3' }),
};

type Money = 'collectedToday' | 'collectedThisWeek' | 'scheduled' | 'processing' | 'failed' | 'returned';

/** The list a payment figure opens: the feed filtered as the figure was counted. */
function paymentsHref(o: Overview, name: Money): string {
  const period = name === 'collectedToday' ? o.periods.today : name === 'collectedThisWeek' ? o.periods.week : name === 'failed' || name === 'returned' ? o.periods.attention : null;
  const status = name === 'collectedToday' || name === 'collectedThisWeek' ? 'complete' : name;
  const query = new URLSearchParams({ status, ...(period ? { from: period.from, to: period.to } : {}) });
  return `/payments?${query.toString()}`;
}

function PaymentTile({ overview, name }: { overview: Overview; name: Money }) {
  const tally = overview[name];
  return (
    <li>
      <Link to={paymentsHref(overview, name)} className={`${styles.tile} ${styles.link}`} data-testid={`home-${name}`} aria-label={`${t.tiles[name]}: ${dollars(tally.amount)}, ${t.payments(tally.count)}`}>
        <span className={styles.label}>{t.tiles[name]}</span>
        <span className={styles.amount}>{dollars(tally.amount)}</span>
        <span className={styles.detail}>{t.payments(tally.count)}</span>
      </Link>
    </li>
  );
}

function CountTile({ label, value, testId, to }: { label: string; value: string; testId: string; to?: string }) {
  const inner = (
    <>
      <span className={styles.label}>{label}</span>
      <span className={styles.amount}>{value}</span>
    </>
  );
  return (
    <li>
      {to ? (
        <Link to={to} className={`${styles.tile} ${styles.link}`} data-testid={testId} aria-label={`${label}: ${value}`}>{inner}</Link>
      ) : (
        <div className={styles.tile} data-testid={testId}>{inner}</div>
      )}
    </li>
  );
}

/** `/console`: how collections stand, each figure a link to its list. */
export function HomePage() {
  const actor = useActorRef(consoleHomeMachine);
  const send = actor.send;
  const state = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));
  const refreshing = useSelector(actor, (s) => s.matches('refreshing'));
  const overview = useSelector(actor, (s) => s.context.overview);
  // the Developers page is the admins' (the nav shows it to them only)
  const admin = ConsoleSession.useSelector((s) => s.context.session?.user.role === 'admin');

  if (state === 'loading') return <ConsolePage title={t.title}><Placeholder label={t.loading} heights={[24, 112, 112, 112]} /></ConsolePage>;
  if (state === 'failed' || !overview) {
    return (
      <ConsolePage title={t.title}>
        <Panel>
          <p role="alert" className={styles.alert}>{t.loadFailed}</p>
          <Button onClick={() => send({ type: 'home.retry' })}>{t.retry}</Button>
        </Panel>
      </ConsolePage>
    );
  }
  const endpoints = overview.webhookEndpoints;
  return (
    <ConsolePage title={t.title}>
      <Panel>
        <div className={styles.top}>
          <p>{t.intro(shortDate(overview.today))}</p>
          <Button variant="secondary" loading={refreshing} onClick={() => send({ type: 'home.refresh' })}>{refreshing ? t.refreshing : t.refresh}</Button>
        </div>
        <h2 className={styles.h2}>{t.collectedTitle}</h2>
        <ul className={styles.grid}>
          <PaymentTile overview={overview} name="collectedToday" />
          <PaymentTile overview={overview} name="collectedThisWeek" />
        </ul>
        <h2 className={styles.h2}>{t.workTitle}</h2>
        <ul className={styles.grid}>
          <PaymentTile overview={overview} name="scheduled" />
          <PaymentTile overview={overview} name="processing" />
        </ul>
        <h2 className={styles.h2}>{t.attentionTitle}</h2>
        <ul className={styles.grid}>
          <PaymentTile overview={overview} name="failed" />
          <PaymentTile overview={overview} name="returned" />
          <CountTile label={t.disputes} value={t.invoicesOf(overview.openDisputes)} testId="home-disputes" to="/disputes?kind=dispute" />
          <CountTile label={t.shortPays} value={t.invoicesOf(overview.openShortPays)} testId="home-short-pays" to="/disputes?kind=short_pay" />
          {endpoints.failing > 0 ? <CountTile label={t.endpointsFailing} value={t.endpoints(endpoints.failing)} testId="home-endpoints-failing" to={admin ? '/developers' : undefined} /> : null}
          {endpoints.disabled > 0 ? <CountTile label={t.endpointsDisabled} value={t.endpoints(endpoints.disabled)} testId="home-endpoints-disabled" to={admin ? '/developers' : undefined} /> : null}
        </ul>
      </Panel>
    </ConsolePage>
  );
}
