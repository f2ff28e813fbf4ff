import { Collapsible } from '@ark-ui/react/collapsible';
import { RadioGroup } from '@ark-ui/react/radio-group';
import { Tabs } from '@ark-ui/react/tabs';
import { useActorRef, useSelector } from '@xstate/react';
import { css, cx } from '../../../styled-system/css';
import { statementDeliveryMachine } from '../../../machines/statement/statement-delivery.machine';
import { deliveryEqual, selectDelivery, type DeliveryView } from '../../../machines/statement/statement.selectors';
import { LAST_DAY_OF_MONTH, MONTH_DAYS, WEEK_DAYS, type ScheduleUnit } from '../../../core/rules/statement-schedule';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Card } from '../../ui/page';
import { LoadingRegion, Skeleton } from '../../ui/reserved';
import { deliveryTexts as t } from './texts';

const UNITS: ScheduleUnit[] = ['weekly', 'biweekly', 'monthly'];

const styles = {
  trigger: css({
    display: 'flex', width: '100%', alignItems: 'center', justifyContent: 'space-between', minHeight: '44px', fontSize: 'lg', fontWeight: '700',
    color: 'ink', bg: 'transparent', border: '0', cursor: 'pointer', p: '0', textAlign: 'start',
    _focusVisible: { outline: '3px solid', outlineColor: 'brand.500', outlineOffset: '2px' },
    '& svg': { transition: 'transform 150ms' }, '&[data-state=open] svg': { transform: 'rotate(180deg)' },
  }),
  message: css({ mt: '2', color: 'ink' }),
  alert: css({ mt: '3', color: 'danger', fontWeight: '600' }),
  tabList: css({ display: 'flex', gap: '1', borderBottomWidth: '1px', borderColor: 'line', mt: '4', mb: '4' }),
  tab: css({
    minHeight: '44px', px: '4', bg: 'transparent', border: '0', borderBottomWidth: '3px', borderColor: 'transparent', fontWeight: '600', color: 'muted', cursor: 'pointer',
    _selected: { color: 'brand.700', borderColor: 'brand.600' },
    _focusVisible: { outline: '3px solid', outlineColor: 'brand.500', outlineOffset: '-3px' },
    _disabled: { cursor: 'not-allowed', opacity: 0.6 },
  }),
  radios: css({ display: 'grid', gap: '2', gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))' }),
  days: css({ display: 'grid', gap: '2', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))' }),
  lastDay: css({ gridColumn: 'span 7' }),
  item: css({
    display: 'flex', alignItems: 'center', gap: '2', minHeight: '44px', px: '2', borderWidth: '1px', borderColor: '#d5dae1', borderRadius: 'control', cursor: 'pointer', bg: 'white',
    '&[data-state=checked]': { borderColor: 'brand.600', bg: 'brand.50' },
    _disabled: { cursor: 'not-allowed', opacity: 0.6 },
  }),
  dayItem: css({ justifyContent: 'center', px: '0' }),
  control: css({
    flexShrink: 0, width: '18px', height: '18px', borderRadius: 'full', borderWidth: '2px', borderColor: '#6b7483', bg: 'white',
    _checked: { borderColor: 'brand.600', borderWidth: '6px' },
    '[data-focus-visible] > &': { outline: '3px solid', outlineColor: 'brand.500', outlineOffset: '2px' },
  }),
  srControl: css({ srOnly: true }),
  legend: css({ fontWeight: '600', mb: '2', display: 'block' }),
  checkbox: css({ display: 'flex', alignItems: 'center', gap: '2', minHeight: '44px', mt: '4', cursor: 'pointer', '& input': { width: '20px', height: '20px' } }),
  actions: css({ display: 'flex', flexWrap: 'wrap', gap: '3', mt: '4' }),
};

function ChevronIcon() {
  return <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true"><path d="M5 7l5 6 5-6" fill="none" stroke="currentColor" strokeWidth="2" /></svg>;
}

function messageText(view: DeliveryView): string {
  const m = view.message;
  if (m.kind === 'notSetUp') return t.notSetUp;
  return m.kind === 'updated' ? t.updated(m.schedule) : t.current(m.schedule);
}

function DayOfWeek({ value, disabled, onChange }: { value: string | null; disabled: boolean; onChange(v: string): void }) {
  return (
    <RadioGroup.Root value={value} onValueChange={(d) => d.value && onChange(d.value)} disabled={disabled}>
      <RadioGroup.Label className={styles.legend}>{t.dayOfWeekLabel}</RadioGroup.Label>
      <div className={styles.radios}>
        {WEEK_DAYS.map((d) => (
          <RadioGroup.Item key={d.code} value={d.code} className={styles.item}>
            <RadioGroup.ItemControl className={styles.control} />
            <RadioGroup.ItemText>{d.name}</RadioGroup.ItemText>
            <RadioGroup.ItemHiddenInput />
          </RadioGroup.Item>
        ))}
      </div>
    </RadioGroup.Root>
  );
}

function DayOfMonth({ value, disabled, onChange }: { value: string | null; disabled: boolean; onChange(v: string): void }) {
  return (
    <RadioGroup.Root value={value} onValueChange={(d) => d.value && onChange(d.value)} disabled={disabled}>
      <RadioGroup.Label className={styles.legend}>{t.dayOfMonthLabel}</RadioGroup.Label>
      <div className={styles.days}>
        {MONTH_DAYS.map((d) => (
          <RadioGroup.Item key={d} value={d} className={cx(styles.item, styles.dayItem)}>
            <RadioGroup.ItemControl className={styles.srControl} />
            <RadioGroup.ItemText>{d}</RadioGroup.ItemText>
            <RadioGroup.ItemHiddenInput />
          </RadioGroup.Item>
        ))}
        <RadioGroup.Item value={LAST_DAY_OF_MONTH} className={cx(styles.item, styles.lastDay)}>
          <RadioGroup.ItemControl className={styles.control} />
          <RadioGroup.ItemText>{t.lastDay}</RadioGroup.ItemText>
          <RadioGroup.ItemHiddenInput />
        </RadioGroup.Item>
      </div>
    </RadioGroup.Root>
  );
}

function DeliveryForm({ view, send }: { view: DeliveryView; send: (e: Parameters<ReturnType<typeof useActorRef<typeof statementDeliveryMachine>>['send']>[0]) => void }) {
  const locked = view.status !== 'ready';
  const failed = view.status === 'failed';
  return (
    <>
      <Tabs.Root value={view.form.scheduleUnit ?? 'weekly'} onValueChange={(d) => send({ type: 'delivery.unit', unit: d.value as ScheduleUnit })} lazyMount unmountOnExit>
        <Tabs.List className={styles.tabList} aria-label={t.frequencyLabel}>
          {UNITS.map((u) => <Tabs.Trigger key={u} value={u} className={styles.tab} disabled={locked}>{t.tabs[u]}</Tabs.Trigger>)}
        </Tabs.List>
        {UNITS.map((u) => (
          <Tabs.Content key={u} value={u}>
            {u === 'monthly'
              ? <DayOfMonth value={view.form.scheduleValue} disabled={locked} onChange={(value) => send({ type: 'delivery.value', value })} />
              : <DayOfWeek value={view.form.scheduleValue} disabled={locked} onChange={(value) => send({ type: 'delivery.value', value })} />}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <label className={styles.checkbox}>
        <input type="checkbox" checked={view.form.sendEmptyStatements} disabled={locked} onChange={(e) => send({ type: 'delivery.sendEmpty', checked: e.target.checked })} />
        {t.sendEmpty}
      </label>
      {failed ? <p role="alert" className={styles.alert}>{t.failed}</p> : null}
      <div className={styles.actions}>
        <Button disabled={!view.canSave || failed} loading={view.status === 'saving'} onClick={() => send({ type: 'delivery.save' })}>
          {view.setUp ? t.update : t.turnOn}
        </Button>
        {view.setUp ? (
          <Button variant="secondary" disabled={locked} loading={view.status === 'deleting'} onClick={() => send({ type: 'delivery.turnOff' })}>{t.turnOff}</Button>
        ) : null}
      </div>
    </>
  );
}

/** Delivery Preferences (recurring §2.5): collapsible, open by default when nothing is set up. */
export function DeliveryPreferences({ vendorId, locationId }: { vendorId: string; locationId: string }) {
  const actor = useActorRef(statementDeliveryMachine, { input: { vendorId, locationId } });
  const view = useSelector(actor, selectDelivery, deliveryEqual);
  const send = actor.send;
  if (view.status === 'loading') {
    return (
      <Card label={t.title} className={css({ mt: '5' })}>
        <LoadingRegion label={t.loading}><Skeleton height={44} /><Skeleton height={24} className={css({ mt: '2' })} /></LoadingRegion>
      </Card>
    );
  }
  return (
    <Card label={t.title} className={css({ mt: '5', _print: { display: 'none' } })}>
      {/* Mounted once loaded: open by default exactly when nothing is set up. */}
      <Collapsible.Root defaultOpen={!view.setUp}>
        <h2 className={css({ m: '0' })}>
          <Collapsible.Trigger className={styles.trigger}>{t.title}<ChevronIcon /></Collapsible.Trigger>
        </h2>
        <p className={styles.message} role="status" data-testid="delivery-message">{messageText(view)}</p>
        <Collapsible.Content>
          <DeliveryForm view={view} send={send} />
        </Collapsible.Content>
      </Collapsible.Root>
      <Dialog
        open={view.status === 'confirmingOff'}
        role="alertdialog"
        onClose={() => send({ type: 'delivery.keep' })}
        title={t.confirmTitle}
        actions={
          <>
            <Button variant="secondary" onClick={() => send({ type: 'delivery.keep' })}>{t.keep}</Button>
            <Button variant="danger" onClick={() => send({ type: 'delivery.confirmOff' })}>{t.confirmOff}</Button>
          </>
        }
      >
        <p>{t.confirmText}</p>
      </Dialog>
    </Card>
  );
}
