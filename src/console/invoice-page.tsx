import { useActorRef, useSelector } from '@xstate/react';
import { Link, useParams } from 'react-router-dom';
import { css } from '../../styled-system/css';
import { dollars, shortDate } from '../../core/rules/display';
import { journeyTimestamp } from '../../core/rules/timestamps';
import { addressOf, consoleInvoiceMachine, payable } from '../../machines/console-invoice/console-invoice.machine';
import { Button } from '../ui/button';
import { Dialog } from './dialog';
import { ConsoleSession } from './frame';
import { ConsolePage, Panel, Placeholder } from './layout';
import { consoleTexts } from './texts';

const t = consoleTexts.invoice;
const it = consoleTexts.invoices;

const styles = {
  back: css({ display: 'inline-flex', alignItems: 'center', minHeight: '44px', color: 'brand.700', fontWeight: '600', mb: '2', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  h2: css({ fontSize: 'lg', fontWeight: '700', mt: '6', mb: '3' }),
  facts: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'max-content 1fr' }, columnGap: '6', rowGap: '1', '& dt': { fontWeight: '600', color: 'muted' }, '& dd': { mb: { base: '2', md: '0' }, overflowWrap: 'anywhere' } }),
  actions: css({ display: 'flex', flexWrap: 'wrap', gap: '3', mt: '5' }),
  alert: css({ color: 'danger', fontWeight: '600', mb: '3' }),
  notice: css({ color: 'success', fontWeight: '600', mb: '3' }),
  muted: css({ color: 'muted' }),
  journey: css({ listStyle: 'none', p: '0', m: '0', '& li': { py: '3', borderBottomWidth: '1px', borderColor: 'line' } }),
  entryHead: css({ display: 'flex', flexWrap: 'wrap', columnGap: '3', fontWeight: '600' }),
  entryDetail: css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: '1' }),
  form: css({ display: 'flex', flexDirection: 'column', gap: '3' }),
  label: css({ fontWeight: '600', display: 'block', mb: '1' }),
  control: css({ width: '100%', minHeight: '44px', px: '2', borderRadius: 'control', borderWidth: '1px', borderColor: '#8a94a3', bg: 'white', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  choice: css({ display: 'flex', alignItems: 'center', gap: '2', minHeight: '44px' }),
  fieldset: css({ border: 'none', p: '0', m: '0', '& legend': { fontWeight: '600', mb: '1' } }),
};

/** `/console/invoices/:invoiceId`: one invoice, its journey; an AR clerk or an admin sends it to be paid. */
export function InvoicePage() {
  const { invoiceId = '' } = useParams();
  const actor = useActorRef(consoleInvoiceMachine, { input: { invoiceId } });
  const send = actor.send;
  const state = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : s.matches('notFound') ? 'notFound' : 'ready'));
  const invoice = useSelector(actor, (s) => s.context.invoice);
  const journey = useSelector(actor, (s) => s.context.journey);
  const truncated = useSelector(actor, (s) => s.context.truncated);
  const contacts = useSelector(actor, (s) => s.context.contacts);
  const draft = useSelector(actor, (s) => s.context.request);
  const problem = useSelector(actor, (s) => s.context.problem);
  const sent = useSelector(actor, (s) => s.context.sent);
  const requesting = useSelector(actor, (s) => s.matches('requesting'));
  const sending = useSelector(actor, (s) => s.matches({ requesting: 'sending' }));
  const session = ConsoleSession.useSelector((s) => s.context.session);
  const mayAct = session?.user.role === 'admin' || session?.user.role === 'ar';
  const timeZone = session?.vendor.timeZone ?? 'America/New_York';

  const back = <Link className={styles.back} to="/invoices">‹ {t.back}</Link>;
  if (state === 'loading') return <ConsolePage title={it.title} lead={back}><Placeholder label={t.loading} heights={[220, 160]} /></ConsolePage>;
  if (state === 'notFound') return <ConsolePage title={it.title} lead={back}><Panel><p role="alert" className={styles.alert}>{t.notFound}</p></Panel></ConsolePage>;
  if (state === 'failed' || !invoice) {
    return (
      <ConsolePage title={it.title} lead={back}>
        <Panel>
          <p role="alert" className={styles.alert}>{t.loadFailed}</p>
          <Button onClick={() => send({ type: 'invoice.retry' })}>{t.retry}</Button>
        </Panel>
      </ConsolePage>
    );
  }
  const chosen = contacts.find((c) => c.id === draft.contactId);
  const noAddress = requesting && !addressOf(chosen, draft.deliver);
  const canSend = payable(invoice, contacts);
  const status = invoice.portalStatus === 'scheduled' ? it.scheduled : it.statuses[invoice.status] ?? invoice.status;
  return (
    <ConsolePage title={t.title(invoice.displayInvNum)} lead={back}>
      <Panel>
        <div aria-live="polite">
          {sent && !requesting ? <p role="status" className={styles.notice}>{t.sent(sent.recipient, journeyTimestamp(sent.expiresAt, timeZone))}</p> : null}
        </div>
        <h2 className={styles.h2}>{t.summary}</h2>
        <dl className={styles.facts}>
          <dt>{t.fields.customer}</dt><dd>{invoice.locationName}</dd>
          <dt>{t.fields.externalId}</dt><dd>{invoice.externalId}</dd>
          <dt>{t.fields.status}</dt><dd data-testid="invoice-status">{status}</dd>
          <dt>{t.fields.original}</dt><dd>{dollars(invoice.originalAmount)}</dd>
          <dt>{t.fields.open}</dt><dd>{dollars(invoice.openAmount)}</dd>
          <dt>{t.fields.invoiceDate}</dt><dd>{shortDate(invoice.invoiceDate)}</dd>
          <dt>{t.fields.due}</dt><dd>{shortDate(invoice.dueDate)}</dd>
          {invoice.poRefId ? <><dt>{t.fields.po}</dt><dd>{invoice.poRefId}</dd></> : null}
          {invoice.shipTo ? <><dt>{t.fields.shipTo}</dt><dd>{invoice.shipTo.name}</dd></> : null}
        </dl>
        {mayAct && invoice.status === 'open' && invoice.portalStatus === 'open' ? (
          <div className={styles.actions}>
            {canSend ? <Button onClick={() => send({ type: 'request.open' })}>{t.request}</Button> : <p className={styles.muted}>{t.noContacts}</p>}
          </div>
        ) : null}
        <h2 className={styles.h2}>{t.journeyTitle}</h2>
        <p className={styles.muted}>{t.journeyIntro}</p>
        {journey.length === 0 ? (
          <p>{t.journeyEmpty}</p>
        ) : (
          <ol className={styles.journey} aria-label={t.journeyTitle}>
            {journey.map((e) => (
              <li key={e.id} data-testid="journey-entry">
                <div className={styles.entryHead}>
                  <span>{e.action}</span>
                  <span className={styles.muted}>{journeyTimestamp(e.at, timeZone)}</span>
                  <span className={styles.muted}>{e.contact ? t.byContact(e.contact.name) : t.byVendor}</span>
                </div>
                {e.detail ? <p className={styles.entryDetail}>{e.detail}</p> : null}
              </li>
            ))}
          </ol>
        )}
        {truncated ? <p className={styles.muted}>{t.journeyTruncated}</p> : null}
      </Panel>

      <Dialog
        open={requesting}
        onClose={() => send({ type: 'dialog.close' })}
        title={t.requestTitle}
        actions={
          <>
            <Button variant="secondary" disabled={sending} onClick={() => send({ type: 'dialog.close' })}>{t.close}</Button>
            <Button loading={sending} disabled={noAddress} onClick={() => send({ type: 'request.submit' })}>{t.confirm}</Button>
          </>
        }
      >
        <form className={styles.form} onSubmit={(e) => { e.preventDefault(); send({ type: 'request.submit' }); }}>
          {problem ? <p role="alert" className={styles.alert}>{problem}</p> : null}
          <p>{t.requestBody(invoice.displayInvNum, dollars(invoice.openAmount))}</p>
          <div>
            <label htmlFor="request-contact" className={styles.label}>{t.contactLabel}</label>
            <select id="request-contact" className={styles.control} value={draft.contactId} disabled={sending} onChange={(e) => send({ type: 'request.change', field: 'contactId', value: e.target.value })}>
              {contacts.filter((c) => c.email || c.mobile).map((c) => (
                <option key={c.id} value={c.id}>{t.contactOption(`${c.firstName} ${c.lastName}`.trim(), c.email, c.mobile)}</option>
              ))}
            </select>
          </div>
          <fieldset className={styles.fieldset}>
            <legend>{t.deliverLabel}</legend>
            {(['email', 'sms'] as const).map((channel) => (
              <label key={channel} className={styles.choice}>
                <input type="radio" name="request-deliver" checked={draft.deliver === channel} disabled={sending} onChange={() => send({ type: 'request.change', field: 'deliver', value: channel })} />
                {t.deliver[channel]}
              </label>
            ))}
          </fieldset>
          {noAddress ? <p role="alert" className={styles.alert}>{t.noAddress}</p> : null}
        </form>
      </Dialog>
    </ConsolePage>
  );
}
