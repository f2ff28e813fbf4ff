import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { css } from '../../styled-system/css';
import { journeyTimestamp } from '../../core/rules/timestamps';
import type { WebhookAttempt, WebhookEndpoint } from '../../machines/console-webhooks/console-webhooks.actors';
import { consoleWebhooksMachine, urlValid } from '../../machines/console-webhooks/console-webhooks.machine';
import { Button } from '../ui/button';
import { DataTable, type DataTableColumn } from '../ui/data-table';
import { Dialog } from './dialog';
import { NativeTextField } from '../ui/native-text-field';
import { Panel, Placeholder, useFirstAnswer } from './layout';
import { consoleTexts } from './texts';
import { SecretDialog } from './secret-dialog';

const t = consoleTexts.webhooks;

const styles = {
  h2: css({ fontSize: 'lg', fontWeight: '700', mb: '3' }),
  h3: css({ fontSize: 'md', fontWeight: '700', mt: '5', mb: '2', overflowWrap: 'anywhere' }),
  intro: css({ mb: '4' }),
  alert: css({ color: 'danger', fontWeight: '600', my: '3' }),
  notice: css({ fontWeight: '600', my: '3' }),
  muted: css({ color: 'muted' }),
  form: css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: '2fr 1fr auto' }, alignItems: 'start', mt: '2' }),
  submit: css({ mt: { base: '0', md: '7' } }),
  actions: css({ display: 'flex', flexWrap: 'wrap', gap: '3', my: '3' }),
  url: css({ overflowWrap: 'anywhere' }),
  deliveries: css({ borderTopWidth: '1px', borderColor: 'line', mt: '5', pt: '2' }),
};

const stateOf = (e: WebhookEndpoint, timeZone: string) => (!e.enabled ? t.disabled(e.disabledReason) : e.failingSince ? t.failing(journeyTimestamp(e.failingSince, timeZone)) : t.enabled);

/** The Developers page's webhook endpoints (admins): state, add, deliveries, a test event, disable / enable. */
export function WebhooksSection({ timeZone, onSettled }: { timeZone: string; onSettled?: (name: 'webhooks') => void }) {
  const actor = useActorRef(consoleWebhooksMachine);
  const send = actor.send;
  const status = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));
  useFirstAnswer(status === 'loading', 'webhooks', onSettled);
  const endpoints = useSelector(actor, (s) => s.context.endpoints);
  const draft = useSelector(actor, (s) => s.context.draft);
  const created = useSelector(actor, (s) => s.context.created);
  const openId = useSelector(actor, (s) => s.context.openId);
  const attempts = useSelector(actor, (s) => s.context.attempts);
  const lastTest = useSelector(actor, (s) => s.context.lastTest);
  const problem = useSelector(actor, (s) => s.context.problem);
  const creating = useSelector(actor, (s) => s.matches('creating'));
  const deliveries = useSelector(actor, (s) =>
    s.matches({ deliveries: 'loading' }) ? 'loading' : s.matches({ deliveries: 'failed' }) ? 'failed' : s.matches({ deliveries: 'ready' }) ? 'ready' : s.matches('deliveries') ? 'busy' : null,
  );
  const testing = useSelector(actor, (s) => s.matches({ deliveries: 'testing' }));
  const toggling = useSelector(actor, (s) => s.matches({ deliveries: 'toggling' }));
  const rotating = useSelector(actor, (s) => s.matches({ deliveries: 'rotating' }));
  const confirmingDelete = useSelector(actor, (s) => s.matches({ deliveries: 'confirmingDelete' }) || s.matches({ deliveries: 'deleting' }));
  const deleting = useSelector(actor, (s) => s.matches({ deliveries: 'deleting' }));
  const [touched, setTouched] = useState(false);
  const open = endpoints.find((e) => e.id === openId);

  const columns = useMemo<DataTableColumn<WebhookEndpoint>[]>(() => [
    { id: 'url', header: t.columns.url, phone: 'primary', wrap: true, cell: (e) => <span className={styles.url}>{e.url}</span> },
    { id: 'state', header: t.columns.state, phone: 'secondary', wrap: true, cell: (e) => stateOf(e, timeZone) },
    { id: 'actions', header: t.columns.actions, phone: 'action', cell: (e) => <Button size="sm" variant="secondary" aria-label={t.openLabel(e.url)} onClick={() => send({ type: 'attempts.open', endpointId: e.id })}>{t.open}</Button> },
  ], [send, timeZone]);
  const attemptColumns = useMemo<DataTableColumn<WebhookAttempt>[]>(() => [
    { id: 'at', header: t.attemptColumns.at, phone: 'primary', cell: (a) => journeyTimestamp(a.attemptedAt, timeZone) },
    { id: 'type', header: t.attemptColumns.type, phone: 'secondary', cell: (a) => a.type },
    { id: 'result', header: t.attemptColumns.result, phone: 'secondary', wrap: true, cell: (a) => t.attemptResult(a.statusCode, a.error) },
    { id: 'time', header: t.attemptColumns.time, phone: 'detail', align: 'end', cell: (a) => t.ms(a.latencyMs) },
  ], [timeZone]);
  const endpointRow = useMemo(() => (e: WebhookEndpoint) => ({ 'data-testid': 'endpoint-row', 'data-id': e.id }), []);
  const attemptRow = useMemo(() => (a: WebhookAttempt) => ({ 'data-testid': 'attempt-row', 'data-id': a.id }), []);
  const urlProblem = touched && draft.url !== '' && !urlValid(draft.url) ? t.urlInvalid : undefined;

  return (
    <Panel>
      <h2 className={styles.h2}>{t.title}</h2>
      <p className={styles.intro}>{t.intro}</p>
      <div aria-live="polite">{problem && deliveries === null ? <p role="alert" className={styles.alert}>{problem}</p> : null}</div>
      {status === 'loading' ? (
        <Placeholder label={t.loading} heights={[44, 44]} />
      ) : status === 'failed' ? (
        <>
          <p role="alert" className={styles.alert}>{t.loadFailed}</p>
          <Button onClick={() => send({ type: 'endpoints.retry' })}>{t.retry}</Button>
        </>
      ) : endpoints.length === 0 ? (
        <p className={styles.muted}>{t.none}</p>
      ) : (
        <DataTable label={t.tableLabel} rows={endpoints} rowKey={(e) => e.id} columns={columns} rowAttributes={endpointRow} />
      )}

      {deliveries !== null && open ? (
        <section className={styles.deliveries} aria-labelledby="deliveries-title">
          <h3 id="deliveries-title" className={styles.h3}>{t.deliveriesTitle(open.url)}</h3>
          <p data-testid="endpoint-state">{stateOf(open, timeZone)}</p>
          <div className={styles.actions}>
            <Button loading={testing} disabled={deliveries !== 'ready' && !testing} onClick={() => send({ type: 'endpoint.test' })}>{t.test}</Button>
            <Button variant="secondary" loading={toggling} disabled={deliveries !== 'ready' && !toggling} onClick={() => send({ type: 'endpoint.toggle' })}>{open.enabled ? t.disable : t.enable}</Button>
            <Button variant="secondary" loading={rotating} disabled={deliveries !== 'ready' && !rotating} onClick={() => send({ type: 'endpoint.rotate' })}>{t.rotate}</Button>
            <Button variant="danger" disabled={deliveries !== 'ready'} onClick={() => send({ type: 'endpoint.delete' })}>{t.delete}</Button>
            <Button variant="secondary" onClick={() => send({ type: 'attempts.close' })}>{t.close}</Button>
          </div>
          <div aria-live="polite">
            {problem && !confirmingDelete ? <p role="alert" className={styles.alert}>{problem}</p> : null}
            {lastTest && !problem ? <p role="status" className={styles.notice}>{t.testResult(t.attemptResult(lastTest.statusCode, lastTest.error))}</p> : null}
          </div>
          {deliveries === 'loading' ? (
            <Placeholder label={t.attemptsLoading} heights={[44, 44]} />
          ) : deliveries === 'failed' ? (
            <>
              <p role="alert" className={styles.alert}>{t.attemptsFailed}</p>
              <Button onClick={() => send({ type: 'attempts.retry' })}>{t.retry}</Button>
            </>
          ) : attempts.length === 0 ? (
            <p className={styles.muted}>{t.noAttempts}</p>
          ) : (
            <DataTable label={t.attemptsLabel} rows={attempts} rowKey={(a) => a.id} columns={attemptColumns} rowAttributes={attemptRow} />
          )}
        </section>
      ) : null}

      <h3 className={styles.h3}>{t.createTitle}</h3>
      <form className={styles.form} onSubmit={(e) => { e.preventDefault(); setTouched(true); send({ type: 'endpoint.create' }); }}>
        <NativeTextField label={t.urlLabel} type="url" value={draft.url} maxLength={2000} disabled={creating} errorText={urlProblem} onBlur={() => setTouched(true)} onChange={(e) => send({ type: 'draft.change', field: 'url', value: e.target.value })} />
        <NativeTextField label={t.descriptionLabel} value={draft.description} maxLength={200} disabled={creating} onChange={(e) => send({ type: 'draft.change', field: 'description', value: e.target.value })} />
        <Button type="submit" className={styles.submit} loading={creating}>{t.create}</Button>
      </form>

      <SecretDialog
        secret={created?.secret ?? null}
        title={created?.endpoint.previousSecretExpiresAt ? t.rotatedTitle : t.secretTitle}
        body={created?.endpoint.previousSecretExpiresAt ? t.rotatedBody(journeyTimestamp(created.endpoint.previousSecretExpiresAt, timeZone)) : t.secretBody}
        label={t.secretLabel}
        testId="endpoint-secret"
        texts={t}
        onClose={() => send({ type: 'secret.close' })}
      />
      <Dialog
        open={confirmingDelete}
        role="alertdialog"
        onClose={() => send({ type: 'delete.cancel' })}
        title={t.deleteTitle}
        actions={
          <>
            <Button variant="secondary" disabled={deleting} onClick={() => send({ type: 'delete.cancel' })}>{t.cancel}</Button>
            <Button variant="danger" loading={deleting} onClick={() => send({ type: 'delete.confirm' })}>{t.deleteConfirm}</Button>
          </>
        }
      >
        {problem && confirmingDelete ? <p role="alert" className={styles.alert}>{problem}</p> : null}
        <p>{open ? t.deleteBody(open.url) : ''}</p>
      </Dialog>
    </Panel>
  );
}
