/**
 * The calendar spells its labels itself (src/ui/payment-calendar.tsx: no Intl formatter at a page's start); they must
 * read exactly as the browser's US English long date: every day of two years, leap day included.
 */
import { describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import { dayLabel, monthLabel } from '../../../src/ui/payment-calendar';

const intlDay = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const intlMonth = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const utc = (d: Temporal.PlainDate) => new Date(Date.UTC(d.year, d.month - 1, d.day));

describe('payment calendar labels', () => {
  it('every day of 2027 and 2028 reads as en-US long date, every month as en-US month and year', () => {
    let day = Temporal.PlainDate.from('2027-01-01');
    const end = Temporal.PlainDate.from('2028-12-31');
    let days = 0;
    while (Temporal.PlainDate.compare(day, end) <= 0) {
      expect(dayLabel(day)).toBe(intlDay.format(utc(day)));
      if (day.day === 1) expect(monthLabel(day.toPlainYearMonth())).toBe(intlMonth.format(utc(day)));
      day = day.add({ days: 1 });
      days += 1;
    }
    expect(days).toBe(731);
    expect(dayLabel(Temporal.PlainDate.from('2028-02-29'))).toBe('Tuesday, February 29, 2028');
  });
});
