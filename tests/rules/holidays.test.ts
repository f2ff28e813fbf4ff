// @vitest-environment node
/**
 * The holiday list of the payment calendar: the Federal Reserve's days, not the federal employees'. A
 * Saturday holiday is not moved to the Friday before (the banks, and so ACH, are open that Friday); a Sunday holiday
 * moves to Monday.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { bankHolidays } from '../../core/rules/holidays';
import { isPaymentDay, validPaymentDates } from '../../core/rules/payment-dates';

const d = (text: string) => Temporal.PlainDate.from(text);
const NY = 'America/New_York';
/** The list as the seeds write it: this year and the next two, so a window at a year's end sees the next one's. */
const listAround = (year: number) => [year - 1, year, year + 1].flatMap(bankHolidays);
/** ACH (the default provider) dates offered on the morning of `day` in New York, 30-day window. */
const achDatesFrom = (day: string) =>
  validPaymentDates({
    now: Temporal.ZonedDateTime.from(`${day}T09:00[${NY}]`),
    timeZone: NY,
    cutoffHour: 17,
    provider: 'direct-ach',
    holidays: listAround(d(day).year),
    paymentDays: 30,
  }).map(String);

/** The fixed-date holidays (month, day); the others fall on a Monday or Thursday by definition. */
const FIXED: Array<[number, number, string]> = [
  [1, 1, "New Year's Day"],
  [6, 19, 'Juneteenth National Independence Day'],
  [7, 4, 'Independence Day'],
  [11, 11, 'Veterans Day'],
  [12, 25, 'Christmas Day'],
];

describe('bank holidays: examples', () => {
  it('a Saturday holiday stays on the Saturday: 2026-07-04 is listed, Friday 2026-07-03 is not', () => {
    const dates = bankHolidays(2026).map((h) => h.date);
    expect(bankHolidays(2026)).toContainEqual({ date: '2026-07-04', name: 'Independence Day' });
    expect(dates).not.toContain('2026-07-03');
    expect(bankHolidays(2027)).toContainEqual({ date: '2027-12-25', name: 'Christmas Day' });
    expect(bankHolidays(2027)).toContainEqual({ date: '2027-06-19', name: 'Juneteenth National Independence Day' });
    expect(bankHolidays(2027).map((h) => h.date)).not.toContain('2027-12-24');
    // Jan 1 2028 is a Saturday: listed in 2028, nothing on Dec 31 2027
    expect(bankHolidays(2028)).toContainEqual({ date: '2028-01-01', name: "New Year's Day" });
    expect(bankHolidays(2027).map((h) => h.date)).not.toContain('2027-12-31');
  });

  it('a Sunday holiday moves to Monday: 2027-07-04 → 2027-07-05', () => {
    expect(bankHolidays(2027)).toContainEqual({ date: '2027-07-05', name: 'Independence Day' });
    expect(bankHolidays(2027).map((h) => h.date)).not.toContain('2027-07-04');
    expect(bankHolidays(2026)).toHaveLength(11);
    expect(bankHolidays(2026)).toContainEqual({ date: '2026-11-26', name: 'Thanksgiving Day' });
    expect(bankHolidays(2026)).toContainEqual({ date: '2026-01-19', name: 'Birthday of Martin Luther King, Jr.' });
  });

  it('ACH: Friday 2026-07-03 and Friday 2027-12-24 are payment days; Saturday 2026-07-04 and Monday 2027-07-05 are not', () => {
    const july2026 = achDatesFrom('2026-06-29');
    expect(july2026).toContain('2026-07-02');
    expect(july2026).toContain('2026-07-03');
    expect(july2026).not.toContain('2026-07-04');
    expect(july2026).toContain('2026-07-06');

    const christmas2027 = achDatesFrom('2027-12-20');
    expect(christmas2027).toContain('2027-12-23');
    expect(christmas2027).toContain('2027-12-24');
    expect(christmas2027).not.toContain('2027-12-25');
    expect(christmas2027).toContain('2027-12-27');
    expect(christmas2027).toContain('2027-12-31'); // New Year's Day 2028 is a Saturday
    expect(christmas2027).not.toContain('2028-01-01');

    const july2027 = achDatesFrom('2027-06-28');
    expect(july2027).toContain('2027-07-02');
    expect(july2027).not.toContain('2027-07-05'); // Independence Day on a Sunday
    expect(july2027).toContain('2027-07-06');
    expect(july2027).toContain('2027-07-07');
  });
});

describe('bank holidays: properties', () => {
  const yearArb = fc.integer({ min: 1990, max: 2100 });

  it('every fixed-date holiday is listed on its own day, or on the Monday after when it is a Sunday', () => {
    fc.assert(fc.property(yearArb, (year) => {
      const list = bankHolidays(year);
      expect(list).toHaveLength(11);
      for (const [month, day, name] of FIXED) {
        const nominal = Temporal.PlainDate.from({ year, month, day });
        const expected = nominal.dayOfWeek === 7 ? nominal.add({ days: 1 }) : nominal;
        expect(list.filter((h) => h.name === name)).toEqual([{ date: expected.toString(), name }]);
      }
      for (const h of list) expect(d(h.date).year).toBe(year);
    }));
  });

  it('no listed day is a Sunday; the Friday before a Saturday holiday is an ACH payment day', () => {
    fc.assert(fc.property(yearArb, (year) => {
      const holidays = listAround(year);
      for (const h of bankHolidays(year)) expect(d(h.date).dayOfWeek).not.toBe(7);
      for (const [month, day, name] of FIXED) {
        const nominal = Temporal.PlainDate.from({ year, month, day });
        if (nominal.dayOfWeek !== 6) continue;
        expect(isPaymentDay(nominal.subtract({ days: 1 }), 'direct-ach', holidays), `${name} ${year}`).toBe(true);
      }
    }));
  });
});
