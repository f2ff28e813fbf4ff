import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { css } from '../../styled-system/css';
import { journeyTimestamp } from '../../core/rules/timestamps';
import { AUDIT_CATEGORY_NAMES, type AuditCategory } from '../../machines/console-audit/audit-categories';
import { auditCsvHref, type AuditEvent } from '../../machines/console-audit/console-audit.actors';
import { consoleAuditMachine } from '../../machines/console-audit/console-audit.machine';
import { Button, button } from '../ui/button';
import { DataTable, type DataTableColumn } from '../ui/data-table';
import { ConsoleSession } from './frame';
import { ConsolePage, Panel, Placeholder } from './layout';
import { consoleTexts } from './texts';

const t = consoleTexts.audit;

const styles = {
  intro: css({ color: 'ink', mb: '4' }),
  bar: css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'end', mb: '4' }),
  label: css({ fontWeight: '600', display: 'block', mb: '1' }),
  select: css({ minHeight: '44px', px: '2', borderRadius: 'control', borderWidth: '1px', borderColor: '#8a94a3', bg: 'white', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  alert: css({ color: 'danger', fontWeight: '600', my: '3' }),
  empty: css({ color: 'muted', py: '3' }),
  more: css({ mt: '4' }),
};

/** `/console/audit`: every change by a key or a person, newest first. */
export function AuditPage() {
  const actor = useActorRef(consoleAuditMachine);
  const send = actor.send;
  const status = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));
  const category = useSelector(actor, (s) => s.context.category);
  const events = useSelector(actor, (s) => s.context.events);
  const hasMore = useSelector(actor, (s) => s.context.hasMore);
  const moreFailed = useSelector(actor, (s) => s.context.moreFailed);
  const loadingMore = useSelector(actor, (s) => s.matches('loadingMore'));
  const timeZone = ConsoleSession.useSelector((s) => s.context.session?.vendor.timeZone) ?? 'America/New_York';

  const columns = useMemo<DataTableColumn<AuditEvent>[]>(() => [
    { id: 'at', header: t.columns.at, phone: 'primary', cell: (e) => journeyTimestamp(e.at, timeZone) },
    { id: 'action', header: t.columns.action, phone: 'secondary', wrap: true, cell: (e) => t.actions[e.action] ?? e.action },
    { id: 'actor', header: t.columns.actor, phone: 'secondary', wrap: true, cell: (e) => (e.actor.kind === 'key' ? t.keyActor(e.actor.label) : e.actor.label) },
    { id: 'path', header: t.columns.path, phone: 'detail', wrap: true, cell: (e) => `${e.method} ${e.path}` },
    { id: 'from', header: t.columns.from, phone: 'detail', cell: (e) => e.ip ?? '' },
  ], [timeZone]);

  return (
    <ConsolePage title={t.title}>
      <Panel>
        <p className={styles.intro}>{t.intro}</p>
        <div className={styles.bar}>
          <div>
            <label htmlFor="audit-filter" className={styles.label}>{t.filterLabel}</label>
            <select id="audit-filter" className={styles.select} value={category} onChange={(e) => send({ type: 'audit.filter', category: e.target.value as AuditCategory })}>
              {AUDIT_CATEGORY_NAMES.map((name) => <option key={name} value={name}>{t.categories[name]}</option>)}
            </select>
          </div>
          <a className={button({ variant: 'secondary' })} href={auditCsvHref(category)} download="audit-log.csv">{t.export}</a>
        </div>
        {status === 'loading' ? (
          <Placeholder label={t.loading} heights={[44, 44, 44, 44]} />
        ) : status === 'failed' ? (
          <>
            <p role="alert" className={styles.alert}>{t.loadFailed}</p>
            <Button onClick={() => send({ type: 'audit.retry' })}>{t.retry}</Button>
          </>
        ) : events.length === 0 ? (
          <p className={styles.empty}>{t.none}</p>
        ) : (
          <>
            <DataTable label={t.tableLabel} rows={events} rowKey={(e) => e.id} columns={columns} rowAttributes={rowAttributes} />
            {moreFailed ? <p role="alert" className={styles.alert}>{t.moreFailed}</p> : null}
            {hasMore ? <Button className={styles.more} variant="secondary" loading={loadingMore} onClick={() => send({ type: 'audit.more' })}>{t.more}</Button> : null}
          </>
        )}
      </Panel>
    </ConsolePage>
  );
}

const rowAttributes = (e: AuditEvent) => ({ 'data-testid': 'audit-row', 'data-id': e.id });
