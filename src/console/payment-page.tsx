import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { css } from '../../styled-system/css';
import { centsToAmount } from '../../core/rules/money';
import { dollars, shortDate } from '../../core/rules/display';
import { journeyTimestamp } from '../../core/rules/timestamps';
import type { PaymentGroup } from '../../machines/console-payments/console-payments.actors';
import { consolePaymentMachine, refundableCents, refundDraftValid } from '../../machines/console-payment/console-payment.machine';
import { Button } from '../ui/button';
import { DataTable, type DataTableColumn } from '../ui/data-table';
import { Dialog } from './dialog';
import { NativeTextField } from '../ui/native-text-field';
import { ConsoleSession } from './frame';
import { ConsolePage, Panel, Placeholder } from './layout';
import { consoleTexts } from './texts';

const t = consoleTexts.payment;
const pt = consoleTexts.payments;
type Line = PaymentGroup['lines'][number];

const styles = {
  back: css({ display: 'inline-flex', alignItems: 'center', minHeight: '44px', color: 'brand.700', fontWeight: '600', mb: '2', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  h2: css({ fontSize: 'lg', fontWeight: '700', mt: '6', mb: '3' }),
  facts: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'max-content 1fr' }, columnGap: '6', rowGap: '1', '& dt': { fontWeight: '600', color: 'muted' }, '& dd': { mb: { base: '2', md: '0' }, overflowWrap: 'anywhere' } }),
  actions: css({ display: 'flex', flexWrap: 'wrap', gap: '3', mt: '5' }),
  alert: css({ color: 'danger', fontWeight: '600', mb: '3' }),
  notice: css({ color: 'success', fontWeight: '600', mb: '3' }),
  list: css({ listStyle: 'none', p: '0', '& li': { py: '1' } }),
  choice: css({ display: 'flex', alignItems: 'center', gap: '2', minHeight: '44px' }),
  form: css({ display: 'flex', flexDirection: 'column', gap: '3' }),
};

const lineColumns: DataTableColumn<Line>[] = [
  { id: 'invoice', header: t.lineColumns.invoice, phone: 'primary', cell: (l) => l.displayInvNum },
  { id: 'paid', header: t.lineColumns.paid, phone: 'secondary', align: 'end', cell: (l) => dollars(l.paidAmount) },
  { id: 'reason', header: t.lineColumns.reason, phone: 'detail', wrap: true, cell: (l) => l.reason ?? '' },
  { id: 'notes', header: t.lineColumns.notes, phone: 'detail', wrap: true, cell: (l) => l.notes ?? '' },
];

/** `/console/payments/:paymentGroupId`: one payment; an AR clerk or an admin refunds or cancels it. */
export function PaymentPage() {
  const { paymentGroupId = '' } = useParams();
  const actor = useActorRef(consolePaymentMachine, { input: { paymentGroupId } });
  const send = actor.send;
  const state = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : s.matches('notFound') ? 'notFound' : 'ready'));
  const group = useSelector(actor, (s) => s.context.group);
  const refunds = useSelector(actor, (s) => s.context.refunds);
  const draft = useSelector(actor, (s) => s.context.refund);
  const cancelReason = useSelector(actor, (s) => s.context.cancelReason);
  const problem = useSelector(actor, (s) => s.context.problem);
  const notice = useSelector(actor, (s) => s.context.notice);
  const refunding = useSelector(actor, (s) => s.matches('refunding'));
  const sendingRefund = useSelector(actor, (s) => s.matches({ refunding: 'sending' }));
  const canceling = useSelector(actor, (s) => s.matches('canceling'));
  const sendingCancel = useSelector(actor, (s) => s.matches({ canceling: 'sending' }));
  const session = ConsoleSession.useSelector((s) => s.context.session);
  const mayAct = session?.user.role === 'admin' || session?.user.role === 'ar';
  const timeZone = session?.vendor.timeZone ?? 'America/New_York';
  const remaining = refundableCents(group, refunds);
  const remainingText = dollars(centsToAmount(remaining));
  const rowAttributes = useMemo(() => (l: Line) => ({ 'data-testid': 'line-row', 'data-invoice': l.invoiceId }), []);

  const back = <Link className={styles.back} to="/payments">‹ {t.back}</Link>;
  if (state === 'loading') return <ConsolePage title={pt.title} lead={back}><Placeholder label={t.loading} heights={[200, 120]} /></ConsolePage>;
  if (state === 'notFound') return <ConsolePage title={pt.title} lead={back}><Panel><p role="alert" className={styles.alert}>{t.notFound}</p></Panel></ConsolePage>;
  if (state === 'failed' || !group) {
    return (
      <ConsolePage title={pt.title} lead={back}>
        <Panel>
          <p role="alert" className={styles.alert}>{t.loadFailed}</p>
          <Button onClick={() => send({ type: 'payment.retry' })}>{t.retry}</Button>
        </Panel>
      </ConsolePage>
    );
  }
  const auth = group.authorization;
  return (
    <ConsolePage title={t.title(group.confirmationNumber)} lead={back}>
      <Panel>
        <div aria-live="polite">
          {notice && !refunding && !canceling ? <p role="status" className={styles.notice}>{t.notices[notice]}</p> : null}
        </div>
        <h2 className={styles.h2}>{t.summary}</h2>
        <dl className={styles.facts}>
          <dt>{t.fields.status}</dt><dd data-testid="payment-status">{pt.statuses[group.status] ?? group.status}</dd>
          <dt>{t.fields.date}</dt><dd>{shortDate(group.paymentDate)}</dd>
          <dt>{t.fields.customer}</dt><dd>{group.contact.name}</dd>
          <dt>{t.fields.location}</dt><dd>{group.location.externalId ?? group.location.id}</dd>
          <dt>{t.fields.method}</dt><dd>{pt.methodOf(group.method.type, group.method.lastFour)}</dd>
          <dt>{t.fields.source}</dt><dd>{group.source}</dd>
          <dt>{t.fields.subtotal}</dt><dd>{dollars(group.subtotal)}</dd>
          <dt>{t.fields.fee}</dt><dd>{dollars(group.serviceFee)}</dd>
          <dt>{t.fields.total}</dt><dd>{dollars(group.total)}</dd>
          {group.returnCode ? <><dt>{t.fields.returnCode}</dt><dd>{group.returnCode}</dd></> : null}
          <dt>{t.fields.authorization}</dt><dd>{auth ? t.authorization(auth.kind, auth.epaVersion, journeyTimestamp(auth.agreedAt, timeZone)) : t.noAuthorization}</dd>
        </dl>
        <h2 className={styles.h2}>{t.linesLabel}</h2>
        <DataTable label={t.linesLabel} rows={group.lines} rowKey={(l) => l.invoiceId} columns={lineColumns} rowAttributes={rowAttributes} />
        <h2 className={styles.h2}>{t.refundsTitle}</h2>
        {refunds.length === 0 ? (
          <p>{t.noRefunds}</p>
        ) : (
          <ul className={styles.list} aria-label={t.refundsTitle}>
            {refunds.map((r) => <li key={r.id} data-testid="refund">{t.refundLine(dollars(r.amount), t.refundStatuses[r.status] ?? r.status, r.reason)}</li>)}
          </ul>
        )}
        {mayAct ? (
          <div className={styles.actions}>
            {group.status === 'complete' && remaining > 0 ? <Button onClick={() => send({ type: 'refund.open' })}>{t.refund}</Button> : null}
            {group.status === 'scheduled' ? <Button variant="danger" onClick={() => send({ type: 'cancel.open' })}>{t.cancel}</Button> : null}
          </div>
        ) : null}
      </Panel>

      <Dialog
        open={refunding}
        onClose={() => send({ type: 'dialog.close' })}
        title={t.refundTitle}
        actions={
          <>
            <Button variant="secondary" disabled={sendingRefund} onClick={() => send({ type: 'dialog.close' })}>{t.close}</Button>
            <Button loading={sendingRefund} disabled={!refundDraftValid(draft, remaining)} onClick={() => send({ type: 'refund.submit' })}>{t.confirmRefund}</Button>
          </>
        }
      >
        <form className={styles.form} onSubmit={(e) => { e.preventDefault(); send({ type: 'refund.submit' }); }}>
          {problem ? <p role="alert" className={styles.alert}>{problem}</p> : null}
          <label className={styles.choice}>
            <input type="radio" name="refund-kind" checked={draft.kind === 'full'} onChange={() => send({ type: 'refund.change', field: 'kind', value: 'full' })} disabled={sendingRefund} />
            {t.refundFull(remainingText)}
          </label>
          <label className={styles.choice}>
            <input type="radio" name="refund-kind" checked={draft.kind === 'amount'} onChange={() => send({ type: 'refund.change', field: 'kind', value: 'amount' })} disabled={sendingRefund} />
            {t.refundAmount}
          </label>
          {draft.kind === 'amount' ? (
            <NativeTextField label={t.amountLabel} inputMode="decimal" value={draft.amount} helperText={t.amountHelp(remainingText)} disabled={sendingRefund} onChange={(e) => send({ type: 'refund.change', field: 'amount', value: e.target.value })} />
          ) : (
            <label className={styles.choice}>
              <input type="checkbox" checked={draft.reopen} disabled={sendingRefund} onChange={(e) => send({ type: 'refund.change', field: 'reopen', value: String(e.target.checked) })} />
              {t.reopen}
            </label>
          )}
          <NativeTextField label={t.reasonLabel} value={draft.reason} maxLength={500} disabled={sendingRefund} onChange={(e) => send({ type: 'refund.change', field: 'reason', value: e.target.value })} />
        </form>
      </Dialog>

      <Dialog
        open={canceling}
        role="alertdialog"
        onClose={() => send({ type: 'dialog.close' })}
        title={t.cancelTitle}
        actions={
          <>
            <Button variant="secondary" disabled={sendingCancel} onClick={() => send({ type: 'dialog.close' })}>{t.keep}</Button>
            <Button variant="danger" loading={sendingCancel} disabled={cancelReason.trim() === ''} onClick={() => send({ type: 'cancel.submit' })}>{t.confirmCancel}</Button>
          </>
        }
      >
        {problem ? <p role="alert" className={styles.alert}>{problem}</p> : null}
        <p>{t.cancelBody}</p>
        <NativeTextField label={t.cancelReasonLabel} value={cancelReason} maxLength={500} disabled={sendingCancel} onChange={(e) => send({ type: 'cancel.change', value: e.target.value })} />
      </Dialog>
    </ConsolePage>
  );
}
