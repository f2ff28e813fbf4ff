import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { css } from '../../styled-system/css';
import { journeyTimestamp } from '../../core/rules/timestamps';
import type { SentMessage } from '../../machines/console-sent-messages/console-sent-messages.actors';
import { consoleSentMessagesMachine } from '../../machines/console-sent-messages/console-sent-messages.machine';
import { Button } from '../ui/button';
import { DataTable, type DataTableColumn } from '../ui/data-table';
import { Dialog } from './dialog';
import { Panel, Placeholder, useFirstAnswer } from './layout';
import { consoleTexts } from './texts';

const t = consoleTexts.sentMessages;

const styles = {
  h2: css({ fontSize: 'lg', fontWeight: '700', mb: '3' }),
  intro: css({ mb: '4' }),
  alert: css({ color: 'danger', fontWeight: '600', my: '3' }),
  notice: css({ color: 'success', fontWeight: '600', my: '3' }),
  muted: css({ color: 'muted' }),
  subject: css({ overflowWrap: 'anywhere', fontWeight: '600' }),
  invoices: css({ overflowWrap: 'anywhere' }),
  link: css({ color: 'brand.700', fontWeight: '600', textDecoration: 'underline', display: 'inline-flex', alignItems: 'center', minHeight: '44px', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  danger: css({ bg: 'transparent', border: '0', color: 'danger', fontWeight: '600', textDecoration: 'underline', cursor: 'pointer', minHeight: '44px', px: '1', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  more: css({ mt: '4' }),
};

/**
 * The Content page's sent template messages (consoleSentMessages): the newest first, each with its sender, invoices and
 * a link to its customer; more on request; AR clerks and admins withdraw one after a confirmation.
 */
export function SentMessagesSection({ editable, timeZone, onSettled }: { editable: boolean; timeZone: string; onSettled?: (name: 'sentMessages') => void }) {
  const actor = useActorRef(consoleSentMessagesMachine, { input: { editable } });
  const send = actor.send;
  const status = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));
  const items = useSelector(actor, (s) => s.context.items);
  const hasMore = useSelector(actor, (s) => s.context.nextCursor !== null);
  const target = useSelector(actor, (s) => s.context.target);
  const problem = useSelector(actor, (s) => s.context.problem);
  const notice = useSelector(actor, (s) => s.context.notice);
  const loadingMore = useSelector(actor, (s) => s.matches('loadingMore'));
  const confirming = useSelector(actor, (s) => s.matches('confirmingWithdraw') || s.matches('withdrawing'));
  const withdrawing = useSelector(actor, (s) => s.matches('withdrawing'));
  useFirstAnswer(status === 'loading', 'sentMessages', onSettled);

  const columns = useMemo<DataTableColumn<SentMessage>[]>(() => [
    { id: 'subject', header: t.columns.subject, phone: 'primary', wrap: true, width: '3fr', cell: (m) => <span className={styles.subject}>{m.subject}</span> },
    { id: 'sent', header: t.columns.sent, phone: 'secondary', cell: (m) => journeyTimestamp(m.createdAt, timeZone) },
    { id: 'from', header: t.columns.from, phone: 'secondary', wrap: true, cell: (m) => [m.from.firstName, m.from.lastName].filter(Boolean).join(' ') },
    { id: 'invoices', header: t.columns.invoices, phone: 'detail', wrap: true, cell: (m) => (m.invoiceExternalIds.length ? <span className={styles.invoices}>{m.invoiceExternalIds.join(', ')}</span> : t.noInvoices) },
    { id: 'customer', header: t.columns.customer, phone: 'detail', cell: (m) => <Link to={`/customers/${m.locationId}`} className={styles.link} aria-label={t.customerLabel(m.subject)}>{t.customer}</Link> },
    ...(editable
      ? [{
          id: 'actions', header: t.columns.actions, phone: 'detail' as const,
          cell: (m: SentMessage) => <button type="button" className={styles.danger} aria-label={t.withdrawLabel(m.subject)} onClick={() => send({ type: 'withdraw.ask', id: m.id })}>{t.withdraw}</button>,
        }]
      : []),
  ], [send, editable, timeZone]);
  const rowAttributes = useMemo(() => (m: SentMessage) => ({ 'data-testid': 'sent-message-row', 'data-id': m.id }), []);

  return (
    <Panel labelledBy="sent-messages-title">
      <h2 id="sent-messages-title" className={styles.h2}>{t.title}</h2>
      <p className={styles.intro}>{t.intro}</p>
      <div aria-live="polite">
        {notice && !confirming ? <p role="status" className={styles.notice}>{t.notices[notice]}</p> : null}
        {problem && !confirming ? <p role="alert" className={styles.alert}>{problem}</p> : null}
      </div>
      {status === 'loading' ? (
        <Placeholder label={t.loading} heights={[44, 64, 64]} />
      ) : status === 'failed' ? (
        <>
          <p role="alert" className={styles.alert}>{t.loadFailed}</p>
          <Button onClick={() => send({ type: 'messages.retry' })}>{consoleTexts.content.retry}</Button>
        </>
      ) : items.length === 0 ? (
        <p className={styles.muted}>{t.none}</p>
      ) : (
        <>
          <DataTable label={t.tableLabel} rows={items} rowKey={(m) => m.id} columns={columns} rowAttributes={rowAttributes} />
          {hasMore ? (
            <div className={styles.more}>
              <Button variant="secondary" loading={loadingMore} onClick={() => send({ type: 'messages.more' })}>{t.more}</Button>
            </div>
          ) : null}
        </>
      )}
      <Dialog
        open={confirming}
        role="alertdialog"
        onClose={() => send({ type: 'withdraw.cancel' })}
        title={t.withdrawTitle}
        actions={
          <>
            <Button variant="secondary" disabled={withdrawing} onClick={() => send({ type: 'withdraw.cancel' })}>{consoleTexts.content.cancel}</Button>
            <Button variant="danger" loading={withdrawing} onClick={() => send({ type: 'withdraw.confirm' })}>{t.withdrawConfirm}</Button>
          </>
        }
      >
        {problem ? <p role="alert" className={styles.alert}>{problem}</p> : null}
        <p>{target ? t.withdrawBody(target.subject) : ''}</p>
      </Dialog>
    </Panel>
  );
}
