import { useActorRef, useSelector } from '@xstate/react';
import { css } from '../../styled-system/css';
import { formatCurrency } from '../../core/rules/dollars';
import { shortDate } from '../../core/rules/display';
import { amountToCents } from '../../core/rules/money';
import type { Contact } from '../../machines/console-customer/console-customer.actors';
import { consoleMessageMachine, messageDraftValid } from '../../machines/console-message/console-message.machine';
import { Button } from '../ui/button';
import { NativeTextField } from '../ui/native-text-field';
import { Panel, Placeholder } from './layout';
import { consoleTexts } from './texts';

const t = consoleTexts.message;

const styles = {
  h2: css({ fontSize: 'lg', fontWeight: '700', mb: '2' }),
  intro: css({ mb: '4', color: 'muted' }),
  form: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  label: css({ fontWeight: '600', display: 'block', mb: '1' }),
  control: css({ width: '100%', minHeight: '44px', px: '2', borderRadius: 'control', borderWidth: '1px', borderColor: '#8a94a3', bg: 'white', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  textarea: css({ width: '100%', minHeight: '8rem', p: '2', borderRadius: 'control', borderWidth: '1px', borderColor: '#8a94a3', bg: 'white', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  help: css({ color: 'muted', fontSize: 'sm', mt: '1' }),
  fieldset: css({ border: 'none', p: '0', m: '0', '& legend': { fontWeight: '600', mb: '1' } }),
  check: css({ display: 'flex', alignItems: 'center', gap: '3', minHeight: '44px', overflowWrap: 'anywhere', '& input': { width: '22px', height: '22px', flexShrink: 0 } }),
  alert: css({ color: 'danger', fontWeight: '600' }),
  notice: css({ color: 'success', fontWeight: '600' }),
  muted: css({ color: 'muted' }),
};

const nameOf = (c: Contact) => `${c.firstName} ${c.lastName}`.trim();

/** The customer page's "Write to this customer" (AR clerks and admins): a template message to one contact. */
export function MessageSection({ locationId, contacts, from }: { locationId: string; contacts: Contact[]; from: { firstName: string; lastName: string } }) {
  const actor = useActorRef(consoleMessageMachine, { input: { locationId, contactId: contacts[0]?.id ?? '', from } });
  const send = actor.send;
  const status = useSelector(actor, (s) => (s.matches('loadingInvoices') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));
  const invoices = useSelector(actor, (s) => s.context.invoices);
  const draft = useSelector(actor, (s) => s.context.draft);
  const problem = useSelector(actor, (s) => s.context.problem);
  const sent = useSelector(actor, (s) => s.context.sent);
  const sending = useSelector(actor, (s) => s.matches('sending'));
  const sentTo = sent ? contacts.find((c) => c.id === sent.contactId) : undefined;

  return (
    <Panel labelledBy="message-title">
      <h2 id="message-title" className={styles.h2}>{t.title}</h2>
      <p className={styles.intro}>{t.intro}</p>
      <form className={styles.form} aria-label={t.title} onSubmit={(e) => { e.preventDefault(); send({ type: 'message.send' }); }}>
        <div>
          <label htmlFor="message-to" className={styles.label}>{t.toLabel}</label>
          <select id="message-to" className={styles.control} value={draft.contactId} disabled={sending} onChange={(e) => send({ type: 'draft.change', field: 'contactId', value: e.target.value })}>
            {contacts.map((c) => <option key={c.id} value={c.id}>{nameOf(c)}</option>)}
          </select>
        </div>
        <NativeTextField label={t.subjectLabel} value={draft.subject} maxLength={200} disabled={sending} onChange={(e) => send({ type: 'draft.change', field: 'subject', value: e.target.value })} />
        <div>
          <label htmlFor="message-text" className={styles.label}>{t.textLabel}</label>
          <textarea id="message-text" className={styles.textarea} value={draft.text} maxLength={20000} disabled={sending} aria-describedby="message-text-help" onChange={(e) => send({ type: 'draft.change', field: 'text', value: e.target.value })} />
          <p id="message-text-help" className={styles.help}>{t.textHelp}</p>
        </div>
        {status === 'loading' ? (
          <Placeholder label={t.loading} heights={[44, 44]} />
        ) : status === 'failed' ? (
          <div>
            <p role="alert" className={styles.alert}>{t.loadFailed}</p>
            <Button type="button" onClick={() => send({ type: 'invoices.retry' })}>{t.retry}</Button>
          </div>
        ) : invoices.length === 0 ? (
          <p className={styles.muted}>{t.noInvoices}</p>
        ) : (
          <fieldset className={styles.fieldset} disabled={sending}>
            <legend>{t.invoicesLabel}</legend>
            {invoices.map((i) => (
              <label key={i.id} className={styles.check}>
                <input type="checkbox" checked={draft.invoiceIds.includes(i.id)} onChange={() => send({ type: 'invoice.toggle', invoiceId: i.id })} />
                <span>{t.invoice(i.displayInvNum, i.dueDate ? shortDate(i.dueDate) : '—', formatCurrency(amountToCents(i.openAmount)))}</span>
              </label>
            ))}
          </fieldset>
        )}
        <p className={styles.muted}>{t.from(`${from.firstName} ${from.lastName}`.trim())}</p>
        <div aria-live="polite">
          {sent ? <p role="status" className={styles.notice}>{t.sent(sent.subject, sentTo ? nameOf(sentTo) : '')}</p> : null}
          {problem ? <p role="alert" className={styles.alert}>{problem}</p> : null}
        </div>
        <div>
          <Button type="submit" loading={sending} disabled={!messageDraftValid(draft)}>{t.send}</Button>
        </div>
      </form>
    </Panel>
  );
}
