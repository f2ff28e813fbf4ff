import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { css } from '../../styled-system/css';
import { shortDate } from '../../core/rules/display';
import { journeyTimestamp } from '../../core/rules/timestamps';
import type { ApiKey } from '../../machines/console-keys/console-keys.actors';
import { consoleKeysMachine, draftValid } from '../../machines/console-keys/console-keys.machine';
import { Button } from '../ui/button';
import { DataTable, type DataTableColumn } from '../ui/data-table';
import { Dialog } from './dialog';
import { NativeTextField } from '../ui/native-text-field';
import { ConsoleSession } from './frame';
import { ConsolePage, Panel, Placeholder, useFirstAnswer, useSectionsInOrder } from './layout';
import { consoleTexts } from './texts';
import { SecretDialog } from './secret-dialog';
import { WebhooksSection } from './webhooks-section';
import { EventsSection } from './events-section';

const t = consoleTexts.keys;

const styles = {
  intro: css({ mb: '4' }),
  h2: css({ fontSize: 'lg', fontWeight: '700', mt: '6', mb: '3' }),
  alert: css({ color: 'danger', fontWeight: '600', mb: '3' }),
  notice: css({ color: 'success', fontWeight: '600', mb: '3' }),
  form: css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: '2fr 1fr 1fr auto' }, alignItems: 'end' }),
  label: css({ fontWeight: '600', display: 'block', mb: '1' }),
  control: css({ width: '100%', minHeight: '44px', px: '2', borderRadius: 'control', borderWidth: '1px', borderColor: '#8a94a3', bg: 'white', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  help: css({ color: 'muted', fontSize: 'sm', mt: '1' }),
  linkButton: css({ bg: 'transparent', border: '0', color: 'danger', fontWeight: '600', textDecoration: 'underline', cursor: 'pointer', minHeight: '44px', px: '1', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  muted: css({ color: 'muted' }),
};

/** `/console/developers`: the vendor's API keys and webhook endpoints (admins). */
export function DevelopersPage() {
  const session = ConsoleSession.useSelector((s) => s.context.session);
  if (session && session.user.role !== 'admin') {
    return <ConsolePage title={t.title}><Panel><p>{t.adminOnly}</p></Panel></ConsolePage>;
  }
  const timeZone = session?.vendor.timeZone ?? 'America/New_York';
  return <Sections timeZone={timeZone} />;
}

type SectionName = 'keys' | 'webhooks' | 'events';

/**
 * The three sections load at once, and each is shown once those above it have shown their first answer: a section
 * below one still loading would be pushed down when that one's list comes (a layout shift). Hidden, it loads meanwhile.
 */
function Sections({ timeZone }: { timeZone: string }) {
  const { settled, onSettled } = useSectionsInOrder<SectionName>();
  return (
    <ConsolePage title={t.title}>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
        <Keys timeZone={timeZone} onSettled={onSettled} />
        <div hidden={!settled.has('keys')}>
          <WebhooksSection timeZone={timeZone} onSettled={onSettled} />
        </div>
        <div hidden={!settled.has('keys') || !settled.has('webhooks')}>
          <EventsSection timeZone={timeZone} onSettled={onSettled} />
        </div>
      </div>
    </ConsolePage>
  );
}

function Keys({ timeZone, onSettled }: { timeZone: string; onSettled?: (name: SectionName) => void }) {
  const actor = useActorRef(consoleKeysMachine, { input: { timeZone } });
  const send = actor.send;
  const status = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));
  useFirstAnswer(status === 'loading', 'keys', onSettled);
  const keys = useSelector(actor, (s) => s.context.keys);
  const draft = useSelector(actor, (s) => s.context.draft);
  const created = useSelector(actor, (s) => s.context.created);
  const target = useSelector(actor, (s) => s.context.target);
  const problem = useSelector(actor, (s) => s.context.problem);
  const notice = useSelector(actor, (s) => s.context.notice);
  const creating = useSelector(actor, (s) => s.matches('creating'));
  const confirming = useSelector(actor, (s) => s.matches('confirmingRevoke') || s.matches('revoking'));
  const revoking = useSelector(actor, (s) => s.matches('revoking'));

  const columns = useMemo<DataTableColumn<ApiKey>[]>(() => [
    { id: 'name', header: t.columns.name, phone: 'primary', wrap: true, cell: (k) => k.name },
    { id: 'prefix', header: t.columns.prefix, phone: 'secondary', cell: (k) => `${k.prefix}…` },
    { id: 'access', header: t.columns.access, phone: 'secondary', cell: (k) => t.access[k.access] ?? k.access },
    { id: 'lastUsed', header: t.columns.lastUsed, phone: 'detail', cell: (k) => (k.lastUsedAt ? journeyTimestamp(k.lastUsedAt, timeZone) : t.never) },
    { id: 'expires', header: t.columns.expires, phone: 'detail', cell: (k) => (k.expiresAt ? journeyTimestamp(k.expiresAt, timeZone) : t.noExpiry) },
    {
      id: 'actions', header: t.columns.actions, phone: 'action',
      cell: (k) =>
        k.revokedAt ? <span className={styles.muted}>{t.revoked(shortDate(k.revokedAt))}</span> : (
          <button type="button" className={styles.linkButton} aria-label={t.revokeLabel(k.name, k.prefix)} onClick={() => send({ type: 'revoke.ask', keyId: k.id })}>{t.revoke}</button>
        ),
    },
  ], [send, timeZone]);
  const rowAttributes = useMemo(() => (k: ApiKey) => ({ 'data-testid': 'key-row', 'data-id': k.id }), []);

  return (
    <>
      <Panel>
        <h2 className={styles.h2} style={{ marginTop: 0 }}>{t.keysTitle}</h2>
        <p className={styles.intro}>{t.intro}</p>
        <div aria-live="polite">
          {notice && !confirming ? <p role="status" className={styles.notice}>{t.notices[notice]}</p> : null}
          {problem && !confirming ? <p role="alert" className={styles.alert}>{problem}</p> : null}
        </div>
        {status === 'loading' ? (
          <Placeholder label={t.loading} heights={[44, 44, 44]} />
        ) : status === 'failed' ? (
          <>
            <p role="alert" className={styles.alert}>{t.loadFailed}</p>
            <Button onClick={() => send({ type: 'keys.retry' })}>{t.retry}</Button>
          </>
        ) : keys.length === 0 ? (
          <p className={styles.muted}>{t.none}</p>
        ) : (
          <DataTable label={t.tableLabel} rows={keys} rowKey={(k) => k.id} columns={columns} rowAttributes={rowAttributes} />
        )}
        {/* shown once the keys have come: below the list, it would be pushed down when the list comes (a layout shift) */}
        <div hidden={status === 'loading'}>
        <h2 className={styles.h2}>{t.createTitle}</h2>
        <form className={styles.form} onSubmit={(e) => { e.preventDefault(); send({ type: 'key.create' }); }}>
          <NativeTextField label={t.nameLabel} value={draft.name} maxLength={100} disabled={creating} onChange={(e) => send({ type: 'draft.change', field: 'name', value: e.target.value })} />
          <div>
            <label htmlFor="key-access" className={styles.label}>{t.accessLabel}</label>
            <select id="key-access" className={styles.control} value={draft.access} disabled={creating} aria-describedby="key-access-help" onChange={(e) => send({ type: 'draft.change', field: 'access', value: e.target.value })}>
              <option value="full">{t.access.full}</option>
              <option value="read">{t.access.read}</option>
            </select>
          </div>
          <div>
            <label htmlFor="key-expires" className={styles.label}>{t.expiresLabel}</label>
            <input id="key-expires" type="date" className={styles.control} value={draft.expires} disabled={creating} onChange={(e) => send({ type: 'draft.change', field: 'expires', value: e.target.value })} />
          </div>
          <Button type="submit" loading={creating} disabled={!draftValid(draft)}>{t.create}</Button>
        </form>
        <p id="key-access-help" className={styles.help}>{t.accessHelp}</p>
        </div>
      </Panel>

      <SecretDialog
        secret={created?.secret ?? null}
        title={t.secretTitle}
        body={t.secretBody}
        label={t.secretLabel}
        testId="key-secret"
        texts={t}
        onClose={() => send({ type: 'secret.close' })}
      />

      <Dialog
        open={confirming}
        role="alertdialog"
        onClose={() => send({ type: 'revoke.cancel' })}
        title={t.revokeTitle}
        actions={
          <>
            <Button variant="secondary" disabled={revoking} onClick={() => send({ type: 'revoke.cancel' })}>{t.cancel}</Button>
            <Button variant="danger" loading={revoking} onClick={() => send({ type: 'revoke.confirm' })}>{t.revokeConfirm}</Button>
          </>
        }
      >
        {problem ? <p role="alert" className={styles.alert}>{problem}</p> : null}
        <p>{target ? t.revokeBody(target.name, target.prefix) : ''}</p>
      </Dialog>
    </>
  );
}
