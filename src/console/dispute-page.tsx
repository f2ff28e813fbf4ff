import { useActorRef, useSelector } from '@xstate/react';
import { Link, useParams } from 'react-router-dom';
import { css } from '../../styled-system/css';
import { dollars } from '../../core/rules/display';
import { journeyTimestamp } from '../../core/rules/timestamps';
import { consoleDisputeMachine, REPLY_MAX, replyValid } from '../../machines/console-dispute/console-dispute.machine';
import { Button } from '../ui/button';
import { ConsoleSession } from './frame';
import { ConsolePage, Panel, Placeholder } from './layout';
import { consoleTexts } from './texts';

const t = consoleTexts.dispute;
const dt = consoleTexts.disputes;

const styles = {
  back: css({ display: 'inline-flex', alignItems: 'center', minHeight: '44px', color: 'brand.700', fontWeight: '600', mb: '2', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  h2: css({ fontSize: 'lg', fontWeight: '700', mt: '6', mb: '3' }),
  facts: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'max-content 1fr' }, columnGap: '6', rowGap: '1', '& dt': { fontWeight: '600', color: 'muted' }, '& dd': { mb: { base: '2', md: '0' }, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' } }),
  alert: css({ color: 'danger', fontWeight: '600', my: '3' }),
  notice: css({ color: 'success', fontWeight: '600', mb: '3' }),
  muted: css({ color: 'muted' }),
  replies: css({ listStyle: 'none', p: '0', m: '0', '& li': { py: '3', borderBottomWidth: '1px', borderColor: 'line' } }),
  replyText: css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }),
  label: css({ fontWeight: '600', display: 'block', mb: '1', mt: '4' }),
  textarea: css({ width: '100%', minHeight: '120px', p: '2', borderRadius: 'control', borderWidth: '1px', borderColor: '#8a94a3', bg: 'white', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  actions: css({ display: 'flex', flexWrap: 'wrap', gap: '3', mt: '3' }),
};

/** `/console/disputes/:disputeId`: one dispute; an AR clerk or an admin replies, resolves, reopens. */
export function DisputePage() {
  const { disputeId = '' } = useParams();
  const actor = useActorRef(consoleDisputeMachine, { input: { disputeId } });
  const send = actor.send;
  const state = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : s.matches('notFound') ? 'notFound' : 'ready'));
  const dispute = useSelector(actor, (s) => s.context.dispute);
  const reply = useSelector(actor, (s) => s.context.reply);
  const problem = useSelector(actor, (s) => s.context.problem);
  const notice = useSelector(actor, (s) => s.context.notice);
  const replying = useSelector(actor, (s) => s.matches('replying'));
  const resolving = useSelector(actor, (s) => s.matches('resolving'));
  const session = ConsoleSession.useSelector((s) => s.context.session);
  const mayAct = session?.user.role === 'admin' || session?.user.role === 'ar';
  const timeZone = session?.vendor.timeZone ?? 'America/New_York';

  const back = <Link className={styles.back} to="/disputes">‹ {t.back}</Link>;
  if (state === 'loading') return <ConsolePage title={dt.title} lead={back}><Placeholder label={t.loading} heights={[220, 160]} /></ConsolePage>;
  if (state === 'notFound') return <ConsolePage title={dt.title} lead={back}><Panel><p role="alert" className={styles.alert}>{t.notFound}</p></Panel></ConsolePage>;
  if (state === 'failed' || !dispute) {
    return (
      <ConsolePage title={dt.title} lead={back}>
        <Panel>
          <p role="alert" className={styles.alert}>{t.loadFailed}</p>
          <Button onClick={() => send({ type: 'dispute.retry' })}>{t.retry}</Button>
        </Panel>
      </ConsolePage>
    );
  }
  const busy = replying || resolving;
  return (
    <ConsolePage title={t.title(dt.kinds[dispute.kind]!, dispute.invoice.displayInvNum)} lead={back}>
      <Panel>
        <div aria-live="polite">
          {notice && !busy ? <p role="status" className={styles.notice}>{t.notices[notice]}</p> : null}
          {problem && !busy ? <p role="alert" className={styles.alert}>{problem}</p> : null}
        </div>
        <dl className={styles.facts}>
          <dt>{t.fields.status}</dt>
          <dd data-testid="dispute-status">{dt.statuses[dispute.status]}{dispute.resolvedAt && dispute.resolvedBy ? ` ${t.resolvedBy(dispute.resolvedBy, journeyTimestamp(dispute.resolvedAt, timeZone))}` : ''}</dd>
          <dt>{t.fields.customer}</dt><dd>{dispute.location.name}</dd>
          <dt>{t.fields.contact}</dt><dd>{dispute.contact.name}</dd>
          <dt>{t.fields.when}</dt><dd>{journeyTimestamp(dispute.createdAt, timeZone)}</dd>
          <dt>{t.fields.reason}</dt><dd>{dispute.reason}</dd>
          <dt>{t.fields.notes}</dt><dd>{dispute.notes || t.noNotes}</dd>
          <dt>{t.fields.paid}</dt><dd>{dollars(dispute.paidAmount)}</dd>
          <dt>{t.fields.invoice}</dt><dd><Link to={`/invoices/${dispute.invoice.id}`}>{dispute.invoice.displayInvNum}</Link></dd>
          <dt>{t.fields.open}</dt><dd>{dollars(dispute.invoice.openAmount)}</dd>
        </dl>
        <h2 className={styles.h2}>{t.repliesTitle}</h2>
        {dispute.replies.length === 0 ? (
          <p className={styles.muted}>{t.noReplies}</p>
        ) : (
          <ol className={styles.replies} aria-label={t.repliesTitle}>
            {dispute.replies.map((r) => (
              <li key={r.id} data-testid="dispute-reply">
                <p className={styles.muted}>{t.replyBy(r.by, journeyTimestamp(r.at, timeZone))}</p>
                <p className={styles.replyText}>{r.text}</p>
              </li>
            ))}
          </ol>
        )}
        {mayAct ? (
          <form onSubmit={(e) => { e.preventDefault(); send({ type: 'reply.send' }); }}>
            <label htmlFor="dispute-reply" className={styles.label}>{t.replyLabel}</label>
            <textarea id="dispute-reply" className={styles.textarea} value={reply} maxLength={REPLY_MAX} disabled={replying} aria-describedby="dispute-reply-help" onChange={(e) => send({ type: 'reply.change', value: e.target.value })} />
            <p id="dispute-reply-help" className={styles.muted}>{t.replyHelp}</p>
            <div className={styles.actions}>
              <Button type="submit" loading={replying} disabled={!replyValid(reply) || resolving}>{t.send}</Button>
              {dispute.status === 'open' ? (
                <Button variant="secondary" loading={resolving} disabled={replying} onClick={() => send({ type: 'dispute.resolve' })}>{t.resolve}</Button>
              ) : (
                <Button variant="secondary" loading={resolving} disabled={replying} onClick={() => send({ type: 'dispute.reopen' })}>{t.reopen}</Button>
              )}
            </div>
          </form>
        ) : (
          <p className={styles.muted}>{t.viewerOnly}</p>
        )}
      </Panel>
    </ConsolePage>
  );
}
