import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { css } from '../../styled-system/css';
import { journeyTimestamp } from '../../core/rules/timestamps';
import type { EventType, VendorEvent } from '../../machines/console-events/console-events.actors';
import { consoleEventsMachine, EVENT_TYPES } from '../../machines/console-events/console-events.machine';
import { Button } from '../ui/button';
import { DataTable, type DataTableColumn } from '../ui/data-table';
import { Dialog } from './dialog';
import { Panel, Placeholder, useFirstAnswer } from './layout';
import { consoleTexts } from './texts';

const t = consoleTexts.events;

const styles = {
  h2: css({ fontSize: 'lg', fontWeight: '700', mb: '3' }),
  h3: css({ fontSize: 'md', fontWeight: '700', mb: '2', overflowWrap: 'anywhere' }),
  intro: css({ mb: '4' }),
  filter: css({ display: 'flex', flexDirection: 'column', gap: '1', maxWidth: '360px', mb: '4' }),
  label: css({ fontWeight: '600' }),
  control: css({ width: '100%', minHeight: '44px', px: '2', borderRadius: 'control', borderWidth: '1px', borderColor: '#8a94a3', bg: 'white', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  alert: css({ color: 'danger', fontWeight: '600', my: '3' }),
  notice: css({ color: 'success', fontWeight: '600', my: '3' }),
  muted: css({ color: 'muted' }),
  data: css({ borderTopWidth: '1px', borderColor: 'line', mt: '4', pt: '3' }),
  pre: css({ bg: '#f6f8fb', borderWidth: '1px', borderColor: 'line', borderRadius: 'control', p: '3', fontSize: 'sm', overflowX: 'auto', maxHeight: '420px', whiteSpace: 'pre', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  radios: css({ border: '0', p: '0', m: '0', display: 'flex', flexDirection: 'column', gap: '2', '& label': { display: 'flex', gap: '2', alignItems: 'center', minHeight: '44px', overflowWrap: 'anywhere' }, '& input': { width: '20px', height: '20px', flexShrink: 0 } }),
  more: css({ mt: '3' }),
};

/** The Developers page's events log (admins): newest first, by type; an event's data; an event sent again. */
export function EventsSection({ timeZone, onSettled }: { timeZone: string; onSettled?: (name: 'events') => void }) {
  const actor = useActorRef(consoleEventsMachine);
  const send = actor.send;
  const status = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));
  useFirstAnswer(status === 'loading', 'events', onSettled);
  const type = useSelector(actor, (s) => s.context.type);
  const events = useSelector(actor, (s) => s.context.events);
  const hasMore = useSelector(actor, (s) => s.context.hasMore);
  const moreFailed = useSelector(actor, (s) => s.context.moreFailed);
  const loadingMore = useSelector(actor, (s) => s.matches('loadingMore'));
  const endpoints = useSelector(actor, (s) => s.context.endpoints);
  const openId = useSelector(actor, (s) => s.context.openId);
  const target = useSelector(actor, (s) => s.context.target);
  const destination = useSelector(actor, (s) => s.context.destination);
  const problem = useSelector(actor, (s) => s.context.problem);
  const notice = useSelector(actor, (s) => s.context.notice);
  const confirming = useSelector(actor, (s) => s.matches('confirming') || s.matches('redelivering'));
  const redelivering = useSelector(actor, (s) => s.matches('redelivering'));
  const at = (e: VendorEvent) => journeyTimestamp(e.timestamp, timeZone);
  const open = events.find((e) => e.id === openId);

  const columns = useMemo<DataTableColumn<VendorEvent>[]>(() => [
    { id: 'at', header: t.columns.at, phone: 'primary', cell: (e) => journeyTimestamp(e.timestamp, timeZone) },
    { id: 'type', header: t.columns.type, phone: 'secondary', cell: (e) => e.type },
    {
      id: 'data', header: t.columns.data, phone: 'detail',
      cell: (e) => (
        <Button size="sm" variant="secondary" aria-expanded={openId === e.id} aria-label={t.showLabel(e.type, journeyTimestamp(e.timestamp, timeZone))} onClick={() => send({ type: 'event.toggle', eventId: e.id })}>
          {openId === e.id ? t.hide : t.show}
        </Button>
      ),
    },
    {
      id: 'redeliver', header: t.columns.redeliver, phone: 'detail',
      cell: (e) => <Button size="sm" variant="secondary" aria-label={t.redeliverLabel(e.type, journeyTimestamp(e.timestamp, timeZone))} onClick={() => send({ type: 'redeliver.ask', eventId: e.id })}>{t.redeliver}</Button>,
    },
  ], [send, timeZone, openId]);
  const rowAttributes = useMemo(() => (e: VendorEvent) => ({ 'data-testid': 'event-row', 'data-id': e.id }), []);

  return (
    <Panel labelledBy="events-title">
      <h2 id="events-title" className={styles.h2}>{t.title}</h2>
      <p className={styles.intro}>{t.intro}</p>
      <div className={styles.filter}>
        <label htmlFor="event-type" className={styles.label}>{t.typeLabel}</label>
        <select id="event-type" className={styles.control} value={type} onChange={(e) => send({ type: 'filter.change', value: e.target.value as EventType | '' })}>
          <option value="">{t.allTypes}</option>
          {EVENT_TYPES.map((ty) => <option key={ty} value={ty}>{ty}</option>)}
        </select>
      </div>
      <div aria-live="polite">{notice && !confirming ? <p role="status" className={styles.notice}>{t.sent(notice.deliveries)}</p> : null}</div>
      {status === 'loading' ? (
        <Placeholder label={t.loading} heights={[44, 44, 44]} />
      ) : status === 'failed' ? (
        <>
          <p role="alert" className={styles.alert}>{t.loadFailed}</p>
          <Button onClick={() => send({ type: 'events.retry' })}>{t.retry}</Button>
        </>
      ) : events.length === 0 ? (
        <p className={styles.muted}>{t.none}</p>
      ) : (
        <>
          <DataTable label={t.tableLabel} rows={events} rowKey={(e) => e.id} columns={columns} rowAttributes={rowAttributes} />
          {moreFailed ? <p role="alert" className={styles.alert}>{t.moreFailed}</p> : null}
          {hasMore ? <Button className={styles.more} variant="secondary" loading={loadingMore} onClick={() => send({ type: 'events.more' })}>{t.more}</Button> : null}
        </>
      )}
      {open ? (
        <section className={styles.data} aria-labelledby="event-data-title">
          <h3 id="event-data-title" className={styles.h3}>{t.dataTitle(open.type, at(open))}</h3>
          <pre className={styles.pre} tabIndex={0} role="region" aria-label={t.dataLabel} data-testid="event-data">{JSON.stringify(open.data, null, 2)}</pre>
        </section>
      ) : null}

      <Dialog
        open={confirming}
        role="alertdialog"
        onClose={() => send({ type: 'redeliver.cancel' })}
        title={t.redeliverTitle}
        actions={
          <>
            <Button variant="secondary" disabled={redelivering} onClick={() => send({ type: 'redeliver.cancel' })}>{t.cancel}</Button>
            <Button loading={redelivering} onClick={() => send({ type: 'redeliver.confirm' })}>{t.redeliverConfirm}</Button>
          </>
        }
      >
        {problem ? <p role="alert" className={styles.alert}>{problem}</p> : null}
        <p>{target ? t.redeliverBody(target.type, at(target)) : ''}</p>
        <fieldset className={styles.radios} disabled={redelivering}>
          <legend className={styles.label}>{t.destinationLabel}</legend>
          <label>
            <input type="radio" name="destination" value="all" checked={destination === 'all'} onChange={() => send({ type: 'redeliver.choose', destination: 'all' })} />
            {t.everyEndpoint}
          </label>
          {endpoints.map((e) => (
            <label key={e.id}>
              <input type="radio" name="destination" value={e.id} checked={destination === e.id} onChange={() => send({ type: 'redeliver.choose', destination: e.id })} />
              {e.url}
            </label>
          ))}
          {endpoints.length === 0 ? <p className={styles.muted}>{t.noEndpoints}</p> : null}
        </fieldset>
      </Dialog>
    </Panel>
  );
}
