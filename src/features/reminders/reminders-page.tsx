import { RadioGroup } from '@ark-ui/react/radio-group';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { css, cx } from '../../../styled-system/css';
import type { Campaign } from '../../../machines/reminders/reminders.actors';
import { remindersMachine } from '../../../machines/reminders/reminders.machine';
import { remindersViewEqual, selectReminders } from '../../../machines/reminders/reminders.selectors';
import { describeEventDay, type ReminderChoice } from '../../../core/rules/reminders';
import { Button } from '../../ui/button';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { Dialog } from '../../ui/dialog';
import { Card, PageTitle } from '../../ui/page';
import { LoadingRegion, Skeleton } from '../../ui/reserved';
import { LocationPage } from '../../app/location-page';
import { reminderTexts as t } from './texts';

const CHOICES: ReminderChoice[] = ['dueDate', 'before', 'after'];

const styles = {
  bar: css({ bg: 'white', borderBottomWidth: '1px', borderColor: 'line', px: { base: '4', md: '6' }, _print: { display: 'none' } }),
  back: css({ display: 'inline-flex', alignItems: 'center', gap: '2', color: 'brand.700', fontWeight: '600', minHeight: '44px', textDecoration: 'none', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  h2: css({ fontSize: 'lg', fontWeight: '700', mt: '5', mb: '3' }),
  intro: css({ color: 'ink', mb: '2' }),
  empty: css({ color: 'muted', py: '3' }),
  alert: css({ color: 'danger', fontWeight: '600' }),
  choices: css({ display: 'flex', flexDirection: 'column', gap: '2' }),
  item: css({
    display: 'flex', alignItems: 'center', gap: '3', minHeight: '44px', px: '3', borderWidth: '1px', borderColor: '#d5dae1', borderRadius: 'control', cursor: 'pointer',
    '&[data-state=checked]': { borderColor: 'brand.600', bg: 'brand.50' },
  }),
  control: css({
    flexShrink: 0, width: '18px', height: '18px', borderRadius: 'full', borderWidth: '2px', borderColor: '#6b7483', bg: 'white',
    _checked: { borderColor: 'brand.600', borderWidth: '6px' },
    '[data-focus-visible] > &': { outline: '3px solid', outlineColor: 'brand.500', outlineOffset: '2px' },
  }),
  legend: css({ fontWeight: '600', mb: '1', display: 'block' }),
  field: css({ display: 'flex', flexDirection: 'column', gap: '1', mt: '3' }),
  input: css({ minHeight: '44px', px: '3', borderRadius: 'control', borderWidth: '1px', borderColor: '#8a94a3', fontSize: 'md', width: '8rem', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' }, _disabled: { bg: 'canvas' } }),
  linkButton: css({ bg: 'transparent', border: '0', color: 'brand.700', fontWeight: '600', textDecoration: 'underline', cursor: 'pointer', minHeight: '36px', px: '1', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
};

function RemindersBody({ vendorId, locationId }: { vendorId: string; locationId: string }) {
  const actor = useActorRef(remindersMachine, { input: { vendorId, locationId } });
  const view = useSelector(actor, selectReminders, remindersViewEqual);
  const campaigns = useSelector(actor, (s) => s.context.campaigns);
  const deliverTo = useSelector(actor, (s) => s.context.deliverTo);
  const choice = useSelector(actor, (s) => s.context.choice);
  const days = useSelector(actor, (s) => s.context.days);
  const deleting = useSelector(actor, (s) => s.context.deleting);
  const deleteFailed = useSelector(actor, (s) => s.context.deleteFailed);
  const send = actor.send;

  const columns = useMemo<DataTableColumn<Campaign>[]>(() => [
    { id: 'time', phone: 'primary', header: t.columns.time, cell: (c) => describeEventDay(c.eventDay) },
    {
      id: 'actions', phone: 'action', header: t.columns.actions, width: '120px',
      cell: (c) => <button type="button" className={styles.linkButton} aria-label={t.deleteLabel(describeEventDay(c.eventDay))} onClick={() => send({ type: 'reminder.delete', campaignId: c.id })}>{t.delete}</button>,
    },
  ], [send]);

  const modalOpen = view.status === 'adding' || view.status === 'creating';
  const needsDays = choice === 'before' || choice === 'after';
  const dayErrorId = 'reminder-days-error';

  if (view.status === 'loading') {
    return <LoadingRegion label={t.loading}><Skeleton height={24} /><Skeleton height={120} className={css({ mt: '4' })} /></LoadingRegion>;
  }
  if (view.status === 'failed') return <p role="alert" className={cx(styles.alert, css({ bg: 'white', borderWidth: '1px', borderColor: '#f4c7c3', borderRadius: 'card', p: '5' }))}>{t.loadFailed}</p>;

  return (
    <Card>
      <p className={styles.intro}>{t.intro(deliverTo)}</p>
      <h2 className={styles.h2}>{t.scheduleTitle}</h2>
      {campaigns.length === 0 ? (
        <p className={styles.empty}>{t.none}</p>
      ) : (
        <DataTable label={t.tableLabel} rows={campaigns} rowKey={(c) => c.id} columns={columns} rowAttributes={rowAttributes} />
      )}
      <Button className={css({ mt: '4' })} onClick={() => send({ type: 'reminder.add' })}>{t.add}</Button>

      <Dialog
        open={modalOpen}
        onClose={() => send({ type: 'reminder.cancel' })}
        title={t.modalTitle}
        actions={
          <>
            <Button variant="secondary" disabled={view.status === 'creating'} onClick={() => send({ type: 'reminder.cancel' })}>{t.cancel}</Button>
            <Button disabled={!view.canSubmit} loading={view.status === 'creating'} onClick={() => send({ type: 'reminder.submit' })}>{t.save}</Button>
          </>
        }
      >
        <form onSubmit={(e) => { e.preventDefault(); send({ type: 'reminder.submit' }); }}>
          <RadioGroup.Root value={choice} onValueChange={(d) => d.value && send({ type: 'reminder.choose', choice: d.value as ReminderChoice })} disabled={view.status === 'creating'}>
            <RadioGroup.Label className={styles.legend}>{t.choicesLabel}</RadioGroup.Label>
            <div className={styles.choices}>
              {CHOICES.map((c) => (
                <RadioGroup.Item key={c} value={c} className={styles.item}>
                  <RadioGroup.ItemControl className={styles.control} />
                  <RadioGroup.ItemText>{t.choices[c]}</RadioGroup.ItemText>
                  <RadioGroup.ItemHiddenInput />
                </RadioGroup.Item>
              ))}
            </div>
          </RadioGroup.Root>
          {needsDays ? (
            <div className={styles.field}>
              <label htmlFor="reminder-days" className={styles.legend}>{t.daysLabel}</label>
              <input
                id="reminder-days"
                className={styles.input}
                inputMode="numeric"
                autoComplete="off"
                value={days}
                disabled={view.status === 'creating'}
                aria-invalid={view.dayError ? true : undefined}
                aria-describedby={view.dayError ? dayErrorId : undefined}
                onChange={(e) => send({ type: 'reminder.days', text: e.target.value })}
              />
              {view.dayError ? <p id={dayErrorId} className={styles.alert}>{t.dayErrors[view.dayError]}</p> : null}
            </div>
          ) : null}
          {view.addMessage ? <p role="alert" className={cx(styles.alert, css({ mt: '3' }))}>{view.addMessage === 'duplicate' ? t.duplicate : t.addFailed}</p> : null}
        </form>
      </Dialog>

      <Dialog
        open={view.status === 'confirmingDelete' || view.status === 'deleting'}
        role="alertdialog"
        onClose={() => send({ type: 'reminder.keep' })}
        title={t.deleteTitle}
        actions={
          <>
            <Button variant="secondary" disabled={view.status === 'deleting'} onClick={() => send({ type: 'reminder.keep' })}>{t.keep}</Button>
            <Button variant="danger" loading={view.status === 'deleting'} onClick={() => send({ type: 'reminder.confirmDelete' })}>{t.confirmDelete}</Button>
          </>
        }
      >
        <p>{deleting ? t.deleteText(describeEventDay(deleting.eventDay)) : null}</p>
        {deleteFailed ? <p role="alert" className={cx(styles.alert, css({ mt: '2' }))}>{t.deleteFailed}</p> : null}
      </Dialog>
    </Card>
  );
}

const rowAttributes = (c: Campaign) => ({ 'data-testid': 'reminder-row', 'data-event-day': String(c.eventDay) }) as const;

/** "Setup Payment Reminders" at .../reminders (recurring §2.6), with its back bar. */
export default function RemindersPage() {
  return (
    <LocationPage
      bar={({ base }) => (
        <nav aria-label={t.back} className={styles.bar}>
          <Link to={base} className={styles.back}>‹ {t.back}</Link>
        </nav>
      )}
    >
      {({ vendorId, locationId }) => (
        <>
          <PageTitle>{t.title}</PageTitle>
          <RemindersBody key={`${vendorId}/${locationId}`} vendorId={vendorId} locationId={locationId} />
        </>
      )}
    </LocationPage>
  );
}
