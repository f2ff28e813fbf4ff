/** Statement machines → view models. */
import type { SnapshotFrom } from 'xstate';
import { shortDate, wallClockShort } from '../../core/rules/display';
import { canSaveSchedule, scheduleDescription, type ScheduleForm } from '../../core/rules/statement-schedule';
import type { adBannerMachine } from './ad-banner.machine';
import type { statementDeliveryMachine } from './statement-delivery.machine';
import type { statementMachine } from './statement.machine';

type StatementSnapshot = SnapshotFrom<typeof statementMachine>;
type AdSnapshot = SnapshotFrom<typeof adBannerMachine>;
type DeliverySnapshot = SnapshotFrom<typeof statementDeliveryMachine>;

export const selectStatementStatus = (s: StatementSnapshot) => s.value as 'loading' | 'loaded' | 'empty' | 'failed';
export const selectStatement = (s: StatementSnapshot) => s.context.statement;

export interface StatementAsOf {
  /** M/D/YY, in the vendor's time zone */
  date: string;
  /** "M/D/YY at h:mm AM/PM" (the disclaimer's) */
  dateTime: string;
}
/**
 * "as of", in the vendor's time zone: read from the answer's wall clock `asOfLocal` (the server did the zone
 * arithmetic, so the page's arrival makes no first use of `Intl`). An answer without a readable one (an older server
 * during a rolling restart) still shows a date: `asOf`'s own. Null until the statement has loaded.
 */
export function selectStatementAsOf(s: StatementSnapshot): StatementAsOf | null {
  const statement = s.context.statement;
  if (!statement) return null;
  return wallClockShort(statement.asOfLocal) ?? { date: shortDate(statement.asOf), dateTime: shortDate(statement.asOf) };
}
export const asOfEqual = (a: StatementAsOf | null, b: StatementAsOf | null) => a === b || (a !== null && b !== null && a.dateTime === b.dateTime && a.date === b.date);

export interface AdBannerView {
  status: 'loading' | 'showing' | 'none';
  ads: AdSnapshot['context']['ads'];
  index: number;
  sliding: boolean;
}
export function selectAdBanner(s: AdSnapshot): AdBannerView {
  const status = s.matches('loading') ? 'loading' : s.matches('none') ? 'none' : 'showing';
  return { status, ads: s.context.ads, index: s.context.index, sliding: s.matches({ showing: 'sliding' }) };
}
export const adBannerEqual = (a: AdBannerView, b: AdBannerView) => a.status === b.status && a.ads === b.ads && a.index === b.index && a.sliding === b.sliding;

export type DeliveryMessage = { kind: 'current' | 'updated'; schedule: string } | { kind: 'notSetUp' };

export interface DeliveryView {
  status: 'loading' | 'ready' | 'confirmingOff' | 'saving' | 'deleting' | 'failed';
  form: ScheduleForm;
  setUp: boolean;
  canSave: boolean;
  message: DeliveryMessage;
  deliverTo: string | null;
}

const FAILED = new Set(['loadFailed', 'saveFailed', 'deleteFailed']);

export function selectDelivery(s: DeliverySnapshot): DeliveryView {
  const { saved, form, updated } = s.context;
  const value = String(s.value);
  const status = (FAILED.has(value) ? 'failed' : value) as DeliveryView['status'];
  const savedForm = saved ? { scheduleUnit: saved.scheduleUnit, scheduleValue: saved.scheduleValue, sendEmptyStatements: saved.sendEmptyStatements } : null;
  const message: DeliveryMessage = saved
    ? { kind: updated ? 'updated' : 'current', schedule: scheduleDescription(saved.scheduleUnit, saved.scheduleValue) }
    : { kind: 'notSetUp' };
  return { status, form, setUp: saved !== null, canSave: status === 'ready' && canSaveSchedule(form, savedForm), message, deliverTo: null };
}
export const deliveryEqual = (a: DeliveryView, b: DeliveryView) =>
  a.status === b.status && a.form === b.form && a.setUp === b.setUp && a.canSave === b.canSave && JSON.stringify(a.message) === JSON.stringify(b.message);
