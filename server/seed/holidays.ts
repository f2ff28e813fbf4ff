/**
 * US federal holidays (5 U.S.C. 6103) with their observed dates: a holiday on a Saturday is
 * observed the Friday before, one on a Sunday the Monday after. New Year's Day of year Y can thus
 * be observed on December 31 of year Y-1.
 */
import { Temporal } from 'temporal-polyfill';

export interface HolidayRow {
  date: string;
  name: string;
}

const MONDAY = 1;
const THURSDAY = 4;

/** n-th (1-based) given weekday of a month; n = -1 means the last one. */
function nthWeekday(year: number, month: number, dayOfWeek: number, n: number): Temporal.PlainDate {
  if (n > 0) {
    const first = Temporal.PlainDate.from({ year, month, day: 1 });
    const offset = (dayOfWeek - first.dayOfWeek + 7) % 7;
    return first.add({ days: offset + (n - 1) * 7 });
  }
  const last = Temporal.PlainDate.from({ year, month, day: 1 }).add({ months: 1 }).subtract({ days: 1 });
  const back = (last.dayOfWeek - dayOfWeek + 7) % 7;
  return last.subtract({ days: back });
}

function observed(date: Temporal.PlainDate): Temporal.PlainDate {
  if (date.dayOfWeek === 6) return date.subtract({ days: 1 });
  if (date.dayOfWeek === 7) return date.add({ days: 1 });
  return date;
}

function fixed(year: number, month: number, day: number): Temporal.PlainDate {
  return observed(Temporal.PlainDate.from({ year, month, day }));
}

/** The eleven federal holidays of `year`, by observed date (sorted). */
export function usFederalHolidays(year: number): HolidayRow[] {
  const list: Array<[Temporal.PlainDate, string]> = [
    [fixed(year, 1, 1), "New Year's Day"],
    [nthWeekday(year, 1, MONDAY, 3), 'Birthday of Martin Luther King, Jr.'],
    [nthWeekday(year, 2, MONDAY, 3), "Washington's Birthday (Presidents' Day)"],
    [nthWeekday(year, 5, MONDAY, -1), 'Memorial Day'],
    [fixed(year, 6, 19), 'Juneteenth National Independence Day'],
    [fixed(year, 7, 4), 'Independence Day'],
    [nthWeekday(year, 9, MONDAY, 1), 'Labor Day'],
    [nthWeekday(year, 10, MONDAY, 2), 'Columbus Day'],
    [fixed(year, 11, 11), 'Veterans Day'],
    [nthWeekday(year, 11, THURSDAY, 4), 'Thanksgiving Day'],
    [fixed(year, 12, 25), 'Christmas Day'],
  ];
  return list
    .map(([date, name]) => ({ date: date.toString(), name }))
    .sort((a, b) => a.date.localeCompare(b.date));
}
