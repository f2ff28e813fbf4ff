import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { css } from '../../styled-system/css';
import { journeyTimestamp } from '../../core/rules/timestamps';
import type { Passkey } from '../../machines/console-passkeys/console-passkeys.actors';
import { consolePasskeysMachine, passkeyNameValid } from '../../machines/console-passkeys/console-passkeys.machine';
import { Button } from '../ui/button';
import { DataTable, type DataTableColumn } from '../ui/data-table';
import { Dialog } from './dialog';
import { NativeTextField } from '../ui/native-text-field';
import { ConsoleSession } from './frame';
import { Panel, Placeholder } from './layout';
import { consoleTexts } from './texts';

const t = consoleTexts.passkeys;

const styles = {
  h2: css({ fontSize: 'lg', fontWeight: '700', mb: '3' }),
  intro: css({ mb: '3' }),
  prompt: css({ fontWeight: '700', color: 'danger', mb: '3' }),
  alert: css({ color: 'danger', fontWeight: '600', my: '3' }),
  notice: css({ color: 'success', fontWeight: '600', my: '3' }),
  muted: css({ color: 'muted' }),
  form: css({ display: 'grid', gap: '4', gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) auto' }, alignItems: 'start', mt: '4' }),
  submit: css({ mt: { base: '0', md: '7' } }),
  danger: css({ bg: 'transparent', border: '0', color: 'danger', fontWeight: '600', textDecoration: 'underline', cursor: 'pointer', minHeight: '44px', px: '1', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
};

/** The Team page's "Your passkeys": the signed-in person's own passkeys, added with the browser's prompt, removed. */
export function PasskeysSection() {
  const actor = useActorRef(consolePasskeysMachine);
  const send = actor.send;
  const session = ConsoleSession.useSelector((s) => s.context.session);
  const timeZone = session?.vendor.timeZone ?? 'America/New_York';
  const status = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));
  const passkeys = useSelector(actor, (s) => s.context.passkeys);
  const name = useSelector(actor, (s) => s.context.name);
  const target = useSelector(actor, (s) => s.context.target);
  const problem = useSelector(actor, (s) => s.context.problem);
  const notice = useSelector(actor, (s) => s.context.notice);
  const working = useSelector(actor, (s) => s.matches('requesting') || s.matches('creating') || s.matches('saving'));
  const confirming = useSelector(actor, (s) => s.matches('confirmingRemove') || s.matches('removing'));
  const removing = useSelector(actor, (s) => s.matches('removing'));

  const columns = useMemo<DataTableColumn<Passkey>[]>(() => [
    { id: 'name', header: t.columns.name, phone: 'primary', wrap: true, cell: (p) => p.name },
    { id: 'created', header: t.columns.created, phone: 'secondary', cell: (p) => journeyTimestamp(p.createdAt, timeZone) },
    { id: 'lastUsed', header: t.columns.lastUsed, phone: 'detail', cell: (p) => (p.lastUsedAt ? journeyTimestamp(p.lastUsedAt, timeZone) : t.never) },
    { id: 'actions', header: t.columns.actions, phone: 'detail', cell: (p) => <button type="button" className={styles.danger} aria-label={t.removeLabel(p.name)} onClick={() => send({ type: 'remove.ask', passkeyId: p.id })}>{t.remove}</button> },
  ], [send, timeZone]);
  const rowAttributes = useMemo(() => (p: Passkey) => ({ 'data-testid': 'passkey-row', 'data-id': p.id }), []);

  return (
    <Panel labelledBy="passkeys-title">
      <h2 id="passkeys-title" className={styles.h2}>{t.title}</h2>
      <p className={styles.intro}>{t.intro}</p>
      {status === 'ready' && passkeys.length === 0 && session?.user.role === 'admin' ? <p className={styles.prompt} data-testid="passkey-prompt">{t.adminPrompt}</p> : null}
      <div aria-live="polite">
        {notice && !confirming ? <p role="status" className={styles.notice}>{t.notices[notice]}</p> : null}
        {working ? <p role="status">{t.working}</p> : null}
        {problem && !confirming ? <p role="alert" className={styles.alert}>{problem === 'cancelled' ? t.cancelled : problem}</p> : null}
      </div>
      {status === 'loading' ? (
        <Placeholder label={t.loading} heights={[44, 44]} />
      ) : status === 'failed' ? (
        <>
          <p role="alert" className={styles.alert}>{t.loadFailed}</p>
          <Button onClick={() => send({ type: 'passkeys.retry' })}>{t.retry}</Button>
        </>
      ) : (
        <>
          {passkeys.length === 0 ? <p className={styles.muted}>{t.none}</p> : <DataTable label={t.tableLabel} rows={passkeys} rowKey={(p) => p.id} columns={columns} rowAttributes={rowAttributes} />}
          <form className={styles.form} aria-label={t.add} onSubmit={(e) => { e.preventDefault(); send({ type: 'passkey.add' }); }}>
            <NativeTextField label={t.nameLabel} helperText={t.nameHelp} value={name} maxLength={100} disabled={working} onChange={(e) => send({ type: 'name.change', value: e.target.value })} />
            <Button type="submit" className={styles.submit} loading={working} disabled={!passkeyNameValid(name)}>{t.add}</Button>
          </form>
        </>
      )}
      <Dialog
        open={confirming}
        role="alertdialog"
        onClose={() => send({ type: 'remove.cancel' })}
        title={t.removeTitle}
        actions={
          <>
            <Button variant="secondary" disabled={removing} onClick={() => send({ type: 'remove.cancel' })}>{t.cancel}</Button>
            <Button variant="danger" loading={removing} onClick={() => send({ type: 'remove.confirm' })}>{t.removeConfirm}</Button>
          </>
        }
      >
        {problem ? <p role="alert" className={styles.alert}>{problem}</p> : null}
        <p>{target ? t.removeBody(target.name) : ''}</p>
      </Dialog>
    </Panel>
  );
}
