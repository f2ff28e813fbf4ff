/**
 * The holiday list the payment-date calendar is given (`holidays` table, `GET /config?key=holidays`): the days the
 * Federal Reserve — and so ACH — is closed for the eleven US federal holidays (5 U.S.C. 6103). The one home of that
 * rule; the seeds write its rows and `payment-dates.ts` reads them.
 *
 * The Federal Reserve's rule, not the federal employees' one: a holiday on a Sunday is observed on the
 * Monday after, but a holiday on a Saturday is NOT moved to the Friday before — the banks are open that Friday (e.g.
 * 2026-07-03, 2027-12-24). The Saturday itself is listed (a weekend day, closed for ACH anyway). So New Year's Day is
 * always listed in its own year.
 */
import { Temporal } from 'temporal-polyfill';

export interface HolidayRow {
  /** `yyyy-MM-dd`: the day the Federal Reserve is closed for it. */
  date: string;
  name: string;
}

const MONDAY = 1;
const THURSDAY = 4;
const SUNDAY = 7;

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

/** The day the Federal Reserve observes a fixed-date holiday: a Sunday moves to Monday, every other day stays. */
export function federalReserveObserved(date: Temporal.PlainDate): Temporal.PlainDate {
  return date.dayOfWeek === SUNDAY ? date.add({ days: 1 }) : date;
}

function fixed(year: number, month: number, day: number): Temporal.PlainDate {
  return federalReserveObserved(Temporal.PlainDate.from({ year, month, day }));
}

/** The eleven federal holidays of `year` on the days the Federal Reserve is closed for them (sorted by date). */
export function bankHolidays(year: number): HolidayRow[] {
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
