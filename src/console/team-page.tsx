import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { css } from '../../styled-system/css';
import { isEmailAddress } from '../../machines/console-sign-in/console-sign-in.machine';
import type { VendorRole, VendorUser } from '../../machines/console-team/console-team.actors';
import { consoleTeamMachine } from '../../machines/console-team/console-team.machine';
import { Button } from '../ui/button';
import { DataTable, type DataTableColumn } from '../ui/data-table';
import { Dialog } from './dialog';
import { NativeTextField } from '../ui/native-text-field';
import { ConsolePage, Panel, Placeholder } from './layout';
import { ConsoleSession } from './frame';
import { PasskeysSection } from './passkeys-section';
import { consoleTexts } from './texts';

const t = consoleTexts.team;
const ROLES: VendorRole[] = ['admin', 'ar', 'viewer'];

const styles = {
  intro: css({ color: 'ink', mb: '4' }),
  h2: css({ fontSize: 'lg', fontWeight: '700', mt: '6', mb: '3' }),
  alert: css({ color: 'danger', fontWeight: '600', mb: '3' }),
  notice: css({ color: 'success', fontWeight: '600', mb: '3' }),
  select: css({ minHeight: '44px', px: '2', borderRadius: 'control', borderWidth: '1px', borderColor: '#8a94a3', bg: 'white', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  form: css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: '2fr 2fr 1fr' }, alignItems: 'end' }),
  label: css({ fontWeight: '600', display: 'block', mb: '1' }),
  linkButton: css({ bg: 'transparent', border: '0', color: 'danger', fontWeight: '600', textDecoration: 'underline', cursor: 'pointer', minHeight: '44px', px: '1', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
};

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** `/console/team`: the vendor's people; an admin invites, changes roles and removes. */
export function TeamPage() {
  const actor = useActorRef(consoleTeamMachine);
  const send = actor.send;
  const status = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));
  const users = useSelector(actor, (s) => s.context.users);
  const draft = useSelector(actor, (s) => s.context.draft);
  const problem = useSelector(actor, (s) => s.context.problem);
  const notice = useSelector(actor, (s) => s.context.notice);
  const target = useSelector(actor, (s) => s.context.target);
  const confirming = useSelector(actor, (s) => s.matches('confirmingRemoval') || s.matches('removing'));
  const removing = useSelector(actor, (s) => s.matches('removing'));
  const inviting = useSelector(actor, (s) => s.matches('inviting'));
  const busy = useSelector(actor, (s) => !s.matches('ready'));
  const me = ConsoleSession.useSelector((s) => s.context.session?.user);
  const isAdmin = me?.role === 'admin';
  const [touched, setTouched] = useState(false);

  const columns = useMemo<DataTableColumn<VendorUser>[]>(() => {
    const base: DataTableColumn<VendorUser>[] = [
      { id: 'email', header: t.columns.email, phone: 'primary', cell: (u) => u.email, compare: (a, b) => a.email.localeCompare(b.email) },
      {
        id: 'role', header: t.columns.role, phone: isAdmin ? 'action' : 'secondary',
        cell: (u) =>
          isAdmin ? (
            <select className={styles.select} aria-label={t.roleLabel(u.email)} value={u.role} onChange={(e) => send({ type: 'role.change', userId: u.id, role: e.target.value as VendorRole })}>
              {ROLES.map((role) => <option key={role} value={role}>{consoleTexts.roles[role]}</option>)}
            </select>
          ) : consoleTexts.roles[u.role],
      },
      { id: 'name', header: t.columns.name, phone: 'secondary', wrap: true, cell: (u) => u.name ?? '' },
      { id: 'lastSignIn', header: t.columns.lastSignIn, phone: 'detail', cell: (u) => (u.lastSignInAt ? dateTime.format(new Date(u.lastSignInAt)) : t.never) },
    ];
    if (!isAdmin) return base;
    return [
      ...base,
      { id: 'actions', header: t.columns.actions, phone: 'detail', cell: (u) => <button type="button" className={styles.linkButton} aria-label={t.removeLabel(u.email)} onClick={() => send({ type: 'remove.ask', userId: u.id })}>{t.remove}</button> },
    ];
  }, [isAdmin, send]);

  const removingUser = target && confirming ? users.find((u) => u.id === target.userId) : undefined;
  const showInvalid = touched && draft.email.trim() !== '' && !isEmailAddress(draft.email);

  return (
    <ConsolePage title={t.title}>
      {status === 'loading' ? (
        <Placeholder label={t.loading} heights={[24, 160]} />
      ) : status === 'failed' ? (
        <Panel>
          <p role="alert" className={styles.alert}>{t.loadFailed}</p>
          <Button onClick={() => send({ type: 'team.retry' })}>{t.retry}</Button>
        </Panel>
      ) : (
        <Panel>
          <p className={styles.intro}>{t.intro}</p>
          <div aria-live="polite">
            {problem ? <p role="alert" className={styles.alert}>{t.problems[problem]}</p> : null}
            {notice ? <p role="status" className={styles.notice}>{t.notices[notice]}</p> : null}
          </div>
          <DataTable label={t.tableLabel} rows={users} rowKey={(u) => u.id} columns={columns} />
          {isAdmin ? (
            <>
              <h2 className={styles.h2}>{t.inviteTitle}</h2>
              <form
                className={styles.form}
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  setTouched(true);
                  send({ type: 'invite.submit' });
                }}
              >
                <NativeTextField label={t.inviteEmail} type="email" autoComplete="off" value={draft.email} disabled={busy} errorText={showInvalid ? t.invalidEmail : undefined} onBlur={() => setTouched(true)} onChange={(e) => send({ type: 'invite.change', field: 'email', value: e.target.value })} />
                <NativeTextField label={t.inviteName} autoComplete="off" value={draft.name} disabled={busy} maxLength={120} onChange={(e) => send({ type: 'invite.change', field: 'name', value: e.target.value })} />
                <div>
                  <label htmlFor="invite-role" className={styles.label}>{t.inviteRole}</label>
                  <select id="invite-role" className={styles.select} value={draft.role} disabled={busy} onChange={(e) => send({ type: 'invite.change', field: 'role', value: e.target.value })}>
                    {ROLES.map((role) => <option key={role} value={role}>{consoleTexts.roles[role]}</option>)}
                  </select>
                </div>
                <div>
                  <Button type="submit" loading={inviting} disabled={busy}>{t.inviteSubmit}</Button>
                </div>
              </form>
            </>
          ) : null}
        </Panel>
      )}
      <Dialog
        open={Boolean(removingUser)}
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
        <p>{removingUser ? t.removeBody(removingUser.email) : null}</p>
      </Dialog>
      {/* shown with the team, not before it: below a list still loading it would be pushed down when the list comes
          (a layout shift); it loads meanwhile, hidden */}
      <div id="passkeys" hidden={status === 'loading'} className={css({ mt: '5' })}>
        <PasskeysSection />
      </div>
    </ConsolePage>
  );
}
