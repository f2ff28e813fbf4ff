import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { css } from '../../styled-system/css';
import { journeyTimestamp } from '../../core/rules/timestamps';
import type { Contact, SendKind } from '../../machines/console-customer/console-customer.actors';
import { consoleCustomerMachine, reachAt } from '../../machines/console-customer/console-customer.machine';
import { Button } from '../ui/button';
import { DataTable, type DataTableColumn } from '../ui/data-table';
import { Dialog } from './dialog';
import { ConsoleSession } from './frame';
import { ConsolePage, Panel, Placeholder } from './layout';
import { consoleTexts } from './texts';
import { AccountSection } from './account-section';
import { MessageSection } from './message-section';

const t = consoleTexts.customer;
const ct = consoleTexts.customers;
const KINDS: SendKind[] = ['login', 'statement', 'autopay'];

const styles = {
  back: css({ display: 'inline-flex', alignItems: 'center', minHeight: '44px', color: 'brand.700', fontWeight: '600', mb: '2', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  h2: css({ fontSize: 'lg', fontWeight: '700', mt: '6', mb: '3' }),
  facts: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'max-content 1fr' }, columnGap: '6', rowGap: '1', '& dt': { fontWeight: '600', color: 'muted' }, '& dd': { mb: { base: '2', md: '0' }, overflowWrap: 'anywhere' } }),
  alert: css({ color: 'danger', fontWeight: '600', my: '3' }),
  notice: css({ color: 'success', fontWeight: '600', mb: '3' }),
  muted: css({ color: 'muted' }),
  choice: css({ display: 'flex', alignItems: 'center', gap: '2', minHeight: '44px' }),
  fieldset: css({ border: 'none', p: '0', m: '0', '& legend': { fontWeight: '600', mb: '1' } }),
  link: css({ color: 'brand.700', fontWeight: '600', textDecoration: 'underline' }),
};

const nameOf = (c: Contact) => `${c.firstName} ${c.lastName}`.trim();

/** Who a message is from: the signed-in person's name (first word, rest), or their address before the @. */
function senderOf(user: { name: string | null; email: string }): { firstName: string; lastName: string } {
  const [firstName, ...rest] = (user.name?.trim() || user.email.split('@')[0]!).split(/\s+/);
  return { firstName: firstName!.slice(0, 100), lastName: rest.join(' ').slice(0, 100) };
}

/** `/console/customers/:locationId`: a customer, its contacts; an AR clerk or an admin sends them links. */
export function CustomerPage() {
  const { locationId = '' } = useParams();
  const actor = useActorRef(consoleCustomerMachine, { input: { locationId } });
  const send = actor.send;
  const state = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : s.matches('notFound') ? 'notFound' : 'ready'));
  const location = useSelector(actor, (s) => s.context.location);
  const contacts = useSelector(actor, (s) => s.context.contacts);
  const draft = useSelector(actor, (s) => s.context.send);
  const problem = useSelector(actor, (s) => s.context.problem);
  const sent = useSelector(actor, (s) => s.context.sent);
  const open = useSelector(actor, (s) => s.matches('sending'));
  const busy = useSelector(actor, (s) => s.matches({ sending: 'sending' }));
  const session = ConsoleSession.useSelector((s) => s.context.session);
  const mayAct = session?.user.role === 'admin' || session?.user.role === 'ar';
  const timeZone = session?.vendor.timeZone ?? 'America/New_York';

  const columns = useMemo<DataTableColumn<Contact>[]>(() => [
    { id: 'name', header: t.columns.name, phone: 'primary', wrap: true, cell: nameOf },
    { id: 'email', header: t.columns.email, phone: 'secondary', wrap: true, cell: (c) => c.email ?? '' },
    { id: 'mobile', header: t.columns.mobile, phone: 'secondary', cell: (c) => c.mobile ?? '' },
    {
      id: 'actions', header: t.columns.actions, phone: 'action',
      cell: (c) =>
        !mayAct ? null : c.email || c.mobile ? (
          <Button size="sm" variant="secondary" aria-label={t.sendLabel(nameOf(c))} onClick={() => send({ type: 'send.open', contactId: c.id, kind: 'login' })}>{t.send}</Button>
        ) : <span className={styles.muted}>{t.unreachable}</span>,
    },
  ], [mayAct, send]);
  const rowAttributes = useMemo(() => (c: Contact) => ({ 'data-testid': 'contact-row', 'data-id': c.id }), []);

  const back = <Link className={styles.back} to="/customers">‹ {t.back}</Link>;
  if (state === 'loading') return <ConsolePage title={ct.title} lead={back}><Placeholder label={t.loading} heights={[120, 160]} /></ConsolePage>;
  if (state === 'notFound') return <ConsolePage title={ct.title} lead={back}><Panel><p role="alert" className={styles.alert}>{t.notFound}</p></Panel></ConsolePage>;
  if (state === 'failed' || !location) {
    return (
      <ConsolePage title={ct.title} lead={back}>
        <Panel>
          <p role="alert" className={styles.alert}>{t.loadFailed}</p>
          <Button onClick={() => send({ type: 'customer.retry' })}>{t.retry}</Button>
        </Panel>
      </ConsolePage>
    );
  }
  const target = contacts.find((c) => c.id === draft?.contactId);
  const noChannel = Boolean(draft && !reachAt(target, draft.deliver));
  const a = location.address;
  return (
    <ConsolePage title={location.displayName} lead={back}>
      <Panel>
        <div aria-live="polite">
          {sent && !open ? <p role="status" className={styles.notice}>{t.sent(t.kinds[sent.kind]!, sent.recipient, journeyTimestamp(sent.expiresAt, timeZone))}</p> : null}
        </div>
        <dl className={styles.facts}>
          <dt>{t.fields.id}</dt><dd>{location.externalId ?? ''}</dd>
          <dt>{t.fields.address}</dt><dd>{a ? [a.addressLine1, a.addressLine2, `${a.city}, ${a.state} ${a.postalCode}`].filter(Boolean).join(', ') : t.noAddress}</dd>
        </dl>
        <p className={css({ mt: '3' })}><Link className={styles.link} to={`/invoices?customer=${encodeURIComponent(location.displayName)}`}>{t.invoices}</Link></p>
        <h2 className={styles.h2}>{t.contactsTitle}</h2>
        {!mayAct ? <p className={styles.muted}>{t.readOnly}</p> : null}
        {contacts.length === 0 ? <p className={styles.muted}>{t.none}</p> : <DataTable label={t.contactsLabel} rows={contacts} rowKey={(c) => c.id} columns={columns} rowAttributes={rowAttributes} />}
      </Panel>
      {mayAct && contacts.length > 0 && session ? (
        <div className={css({ mt: '5' })}>
          <MessageSection locationId={location.id} contacts={contacts} from={senderOf(session.user)} />
        </div>
      ) : null}
      <div className={css({ mt: '5' })}>
        <AccountSection locationId={location.id} />
      </div>

      <Dialog
        open={open}
        onClose={() => send({ type: 'dialog.close' })}
        title={target ? t.dialogTitle(nameOf(target)) : ''}
        actions={
          <>
            <Button variant="secondary" disabled={busy} onClick={() => send({ type: 'dialog.close' })}>{t.close}</Button>
            <Button loading={busy} disabled={noChannel} onClick={() => send({ type: 'send.confirm' })}>{t.confirm}</Button>
          </>
        }
      >
        <form onSubmit={(e) => { e.preventDefault(); send({ type: 'send.confirm' }); }}>
          {problem ? <p role="alert" className={styles.alert}>{problem}</p> : null}
          <fieldset className={styles.fieldset}>
            <legend>{t.kindLabel}</legend>
            {KINDS.map((kind) => (
              <label key={kind} className={styles.choice}>
                <input type="radio" name="customer-kind" checked={draft?.kind === kind} disabled={busy} onChange={() => send({ type: 'send.change', field: 'kind', value: kind })} />
                {t.kinds[kind]}
              </label>
            ))}
          </fieldset>
          <p>{draft && target ? t.dialogBody[draft.kind]!(nameOf(target)) : ''}</p>
          <fieldset className={styles.fieldset}>
            <legend>{t.deliverLabel}</legend>
            {(['email', 'sms'] as const).map((channel) => (
              <label key={channel} className={styles.choice}>
                <input type="radio" name="customer-deliver" checked={draft?.deliver === channel} disabled={busy} onChange={() => send({ type: 'send.change', field: 'deliver', value: channel })} />
                {t.deliver[channel]}
              </label>
            ))}
          </fieldset>
          {noChannel ? <p role="alert" className={styles.alert}>{t.noChannel}</p> : null}
        </form>
      </Dialog>
    </ConsolePage>
  );
}
