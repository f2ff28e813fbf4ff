/**
 * Statement delivery schedule rules shared by the machine, the views and (where useful) the server (recurring §2.5,
 * §3, §9): day codes, the reset when the frequency changes, the save-validity rule and the schedule's wording.
 */
export type ScheduleUnit = 'weekly' | 'biweekly' | 'monthly';

export interface ScheduleForm {
  scheduleUnit: ScheduleUnit | null;
  scheduleValue: string | null;
  sendEmptyStatements: boolean;
}

/** Weekly and biweekly radios run Monday to Sunday (§2.5); codes as §9. */
export const WEEK_DAYS = [
  { code: 'mon', name: 'Monday' },
  { code: 'tue', name: 'Tuesday' },
  { code: 'wed', name: 'Wednesday' },
  { code: 'thu', name: 'Thursday' },
  { code: 'fri', name: 'Friday' },
  { code: 'sat', name: 'Saturday' },
  { code: 'sun', name: 'Sunday' },
] as const;

/** Monthly: days 1 to 28 plus "Last day of month" (value '0'). */
export const MONTH_DAYS: readonly string[] = Array.from({ length: 28 }, (_, i) => String(i + 1));
export const LAST_DAY_OF_MONTH = '0';

/** §3/§9 default schedule: weekly on Monday. */
export const DEFAULT_SCHEDULE: ScheduleForm = { scheduleUnit: 'weekly', scheduleValue: 'mon', sendEmptyStatements: false };

/** §2.5: switching frequency resets the value to '1' for monthly, 'mon' for weekly or biweekly. */
export function valueAfterUnitChange(unit: ScheduleUnit): string {
  return unit === 'monthly' ? '1' : 'mon';
}

/** Whether `value` is a valid value for `unit` (a day code for weekly/biweekly, '0'…'28' for monthly). */
export function isValueOfUnit(unit: ScheduleUnit, value: string): boolean {
  if (unit === 'monthly') return value === LAST_DAY_OF_MONTH || MONTH_DAYS.includes(value);
  return WEEK_DAYS.some((d) => d.code === value);
}

/**
 * §2.5: save is valid only when unit and value are set and something differs from the saved values, or nothing is
 * saved yet.
 */
export function canSaveSchedule(form: ScheduleForm, saved: ScheduleForm | null): boolean {
  if (!form.scheduleUnit || !form.scheduleValue || !isValueOfUnit(form.scheduleUnit, form.scheduleValue)) return false;
  if (!saved) return true;
  return form.scheduleUnit !== saved.scheduleUnit || form.scheduleValue !== saved.scheduleValue || form.sendEmptyStatements !== saved.sendEmptyStatements;
}

/** English ordinal: 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd … */
export function ordinal(n: number): string {
  const mod100 = n % 100;
  if (mod100 >= 11 && mod100 <= 13) return `${n}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** "monthly statements on the 1st", "monthly statements on the last day of the month", "weekly statements on Monday". */
export function scheduleDescription(unit: ScheduleUnit, value: string): string {
  if (unit === 'monthly') {
    return value === LAST_DAY_OF_MONTH ? 'monthly statements on the last day of the month' : `monthly statements on the ${ordinal(Number(value))}`;
  }
  const day = WEEK_DAYS.find((d) => d.code === value)?.name ?? value;
  return `${unit} statements on ${day}`;
}
