// @vitest-environment node
/** The click-to-pay calendar (portal-core.md §5 Calendar, §9; the sandbox calendar decision). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import {
  DEFAULT_PAYMENT_DAYS,
  MAX_PAYMENT_DAYS,
  firstValidPaymentDate,
  isAfterCutoff,
  isPaymentDay,
  isValidPaymentDate,
  nextPaymentDate,
  parsePaymentDate,
  paymentWindow,
  resolvePaymentDaysSetting,
  submittedPaymentDate,
  toHolidaySet,
  validPaymentDates,
  vendorToday,
  type PaymentDateOptions,
} from '../../core/rules/payment-dates';
import { PAYMENT_PROVIDERS } from '../../core/rules/providers';

const d = (text: string) => Temporal.PlainDate.from(text);
const NY = 'America/New_York';
/** Thanksgiving and Christmas 2026 (observed dates as seeded by the demo data). */
const HOLIDAYS = ['2026-11-26', '2026-12-25'];
/** Monday 2026-11-23 at the given New York wall-clock time. */
const nyMonday = (time: string) => Temporal.ZonedDateTime.from(`2026-11-23T${time}[${NY}]`);

function options(overrides: Partial<PaymentDateOptions> = {}): PaymentDateOptions {
  return { now: nyMonday('09:00'), timeZone: NY, cutoffHour: 17, provider: 'direct-ach', holidays: HOLIDAYS, paymentDays: 30, ...overrides };
}
const strings = (dates: Temporal.PlainDate[]) => dates.map(String);

describe('payment dates: examples from the spec and the demo vendor (New York, cut-off 17:00)', () => {
  it('ACH: today through today+30, weekdays only, Thanksgiving and Christmas left out', () => {
    const dates = strings(validPaymentDates(options()));
    expect(dates[0]).toBe('2026-11-23');
    expect(dates).toContain('2026-11-25');
    expect(dates).not.toContain('2026-11-26'); // Thanksgiving
    expect(dates).toContain('2026-11-27');
    expect(dates).not.toContain('2026-11-28'); // Saturday
    expect(dates).not.toContain('2026-11-29'); // Sunday
    expect(dates.at(-1)).toBe('2026-12-23'); // today + 30 is a Wednesday
    expect(dates).toHaveLength(31 - 8 - 1); // 31 days, 8 weekend days, Thanksgiving
    const longer = strings(validPaymentDates(options({ paymentDays: 40 })));
    expect(longer).toContain('2026-12-24');
    expect(longer).not.toContain('2026-12-25'); // Christmas
  });

  it('cards: weekends are valid, holidays are not', () => {
    const dates = strings(validPaymentDates(options({ provider: 'plastiq-cc' })));
    expect(dates).toContain('2026-11-28');
    expect(dates).toContain('2026-11-29');
    expect(dates).not.toContain('2026-11-26');
    expect(dates).toHaveLength(31 - 1);
    expect(strings(validPaymentDates(options({ provider: 'PLASTIQ_CC' })))).toEqual(dates);
  });

  it('the default provider for dates is direct-ach', () => {
    expect(strings(validPaymentDates(options({ provider: undefined })))).toEqual(strings(validPaymentDates(options())));
    expect(strings(validPaymentDates(options({ provider: null })))).toEqual(strings(validPaymentDates(options())));
  });

  it('today is offered until 16:59:59 and gone from 17:00 in the vendor time zone', () => {
    expect(isValidPaymentDate('2026-11-23', options({ now: nyMonday('16:59:59.999') }))).toBe(true);
    expect(isValidPaymentDate('2026-11-23', options({ now: nyMonday('17:00') }))).toBe(false);
    expect(firstValidPaymentDate(options({ now: nyMonday('17:00') }))?.toString()).toBe('2026-11-24');
  });

  it('the cut-off is read in the vendor time zone, not the caller’s', () => {
    // 2026-11-24T01:30Z is still Monday 20:30 in New York: today is the 23rd, past the cut-off.
    const now = Temporal.Instant.from('2026-11-24T01:30:00Z');
    expect(vendorToday(now, NY).toString()).toBe('2026-11-23');
    expect(isAfterCutoff(now, NY, 17)).toBe(true);
    expect(firstValidPaymentDate(options({ now }))?.toString()).toBe('2026-11-24');
    // Given as a Tokyo ZonedDateTime (already Tuesday there) the answer is the same.
    expect(firstValidPaymentDate(options({ now: now.toZonedDateTimeISO('Asia/Tokyo') }))?.toString()).toBe('2026-11-24');
    // Los Angeles vendor with a 17:00 cut-off: 17:30 LA time is past it, 16:30 LA is not.
    expect(isAfterCutoff(Temporal.Instant.from('2026-11-24T01:30:00Z'), 'America/Los_Angeles', 17)).toBe(true);
    expect(isAfterCutoff(Temporal.Instant.from('2026-11-24T00:30:00Z'), 'America/Los_Angeles', 17)).toBe(false);
  });

  it('after a Friday cut-off ACH moves to Monday and a card to Saturday', () => {
    const now = Temporal.ZonedDateTime.from(`2026-11-27T18:00[${NY}]`);
    expect(firstValidPaymentDate(options({ now }))?.toString()).toBe('2026-11-30');
    expect(firstValidPaymentDate(options({ now, provider: 'priority-cc' }))?.toString()).toBe('2026-11-28');
  });

  it('no cut-off hour keeps today all day', () => {
    expect(isValidPaymentDate('2026-11-23', options({ now: nyMonday('23:59'), cutoffHour: null }))).toBe(true);
  });

  it('rejects submitted dates that are malformed, past, beyond the window or not payment days', () => {
    const opts = options();
    expect(isValidPaymentDate('2026-11-24', opts)).toBe(true);
    expect(isValidPaymentDate(d('2026-11-24'), opts)).toBe(true);
    expect(isValidPaymentDate('2026-11-22', opts)).toBe(false);
    expect(isValidPaymentDate('2026-12-23', opts)).toBe(true);
    expect(isValidPaymentDate('2026-12-24', opts)).toBe(false); // day 31
    expect(isValidPaymentDate('2026-11-26', opts)).toBe(false);
    for (const bad of ['2026-11-24T00:00', '11/24/2026', '2026-2-3', '2026-02-30', '', 'tomorrow']) {
      expect(isValidPaymentDate(bad, opts), bad).toBe(false);
    }
  });

  it('nextPaymentDate skips weekends and holidays for ACH, only holidays for cards', () => {
    const holidays = ['2026-12-25', '2026-12-28'];
    expect(nextPaymentDate(d('2026-12-24'), 'direct-ach', holidays).toString()).toBe('2026-12-24');
    expect(nextPaymentDate(d('2026-12-25'), 'direct-ach', holidays).toString()).toBe('2026-12-29');
    expect(nextPaymentDate(d('2026-12-25'), 'priority-cc', holidays).toString()).toBe('2026-12-26');
    expect(nextPaymentDate(d('2026-12-26'), 'priority-ach', [{ date: '2026-12-28' }]).toString()).toBe('2026-12-29');
  });

  it('the window is vendor days, else configuration, else 30 — a 0 or missing value falls back', () => {
    expect(resolvePaymentDaysSetting(14, 30)).toBe(14);
    expect(resolvePaymentDaysSetting(null, 45)).toBe(45);
    expect(resolvePaymentDaysSetting(undefined, undefined)).toBe(DEFAULT_PAYMENT_DAYS);
    expect(resolvePaymentDaysSetting(null, 0)).toBe(30);
    expect(resolvePaymentDaysSetting(0, 20)).toBe(20);
    expect(resolvePaymentDaysSetting(-3, 2.5)).toBe(30);
    expect(resolvePaymentDaysSetting('10', null)).toBe(10);
    expect(resolvePaymentDaysSetting(1e9, null)).toBe(MAX_PAYMENT_DAYS);
    expect(paymentWindow({ today: d('2026-11-23'), c2pPaymentDays: 14 })).toEqual({ start: d('2026-11-23'), end: d('2026-12-07') });
    expect(() => paymentWindow({ today: d('2026-11-23'), c2pPaymentDays: -1 })).toThrow(RangeError);
  });

  it('a 1-day window after the cut-off before a weekend leaves no ACH date', () => {
    const now = Temporal.ZonedDateTime.from(`2026-11-27T18:00[${NY}]`);
    expect(validPaymentDates(options({ now, paymentDays: 1 }))).toEqual([]);
    expect(firstValidPaymentDate(options({ now, paymentDays: 1 }))).toBeNull();
  });

  it('a past chosen date becomes today on submit; today and later stay', () => {
    const now = nyMonday('10:00');
    expect(submittedPaymentDate(d('2026-11-20'), { now, timeZone: NY }).toString()).toBe('2026-11-23');
    expect(submittedPaymentDate(d('2026-11-23'), { now, timeZone: NY }).toString()).toBe('2026-11-23');
    expect(submittedPaymentDate(d('2026-11-30'), { now, timeZone: NY }).toString()).toBe('2026-11-30');
  });

  it('refuses malformed holidays and cut-off hours instead of ignoring them', () => {
    expect(() => toHolidaySet(['12/25/2026'])).toThrow(RangeError);
    expect(() => validPaymentDates(options({ cutoffHour: 24 }))).toThrow(RangeError);
    expect(parsePaymentDate('2026-12-25')?.toString()).toBe('2026-12-25');
  });
});

// ── properties ──
const ZONES = [NY, 'America/Los_Angeles', 'Pacific/Honolulu', 'Europe/Berlin', 'Asia/Tokyo', 'Asia/Kolkata', 'UTC', 'Pacific/Kiritimati', 'Australia/Lord_Howe'];
const EPOCH = Temporal.PlainDate.from('1970-01-01');
/** Instants between 2020 and 2035. */
const instantArb = fc.integer({ min: 1_577_836_800_000, max: 2_051_222_400_000 }).map((ms) => Temporal.Instant.fromEpochMilliseconds(ms));
const zoneArb = fc.constantFrom(...ZONES);
const providerArb = fc.constantFrom<string | null>(...PAYMENT_PROVIDERS, 'PLASTIQ_CC', null);
/** Holidays as offsets −5…70 days from the vendor's today, so they fall in and around the window. */
const holidayOffsetsArb = fc.uniqueArray(fc.integer({ min: -5, max: 70 }), { maxLength: 25 });

const scenarioArb = fc.record({
  now: instantArb,
  timeZone: zoneArb,
  cutoffHour: fc.option(fc.integer({ min: 0, max: 23 }), { nil: null }),
  provider: providerArb,
  holidayOffsets: holidayOffsetsArb,
  paymentDays: fc.integer({ min: 0, max: 60 }),
});

type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

function scenario(s: Scenario) {
  const today = vendorToday(s.now, s.timeZone);
  const holidays = s.holidayOffsets.map((o) => today.add({ days: o }).toString());
  const opts: PaymentDateOptions = { now: s.now, timeZone: s.timeZone, cutoffHour: s.cutoffHour, provider: s.provider, holidays, paymentDays: s.paymentDays };
  return { today, holidays: new Set<string>(holidays), opts };
}
const isAch = (provider: string | null) => !provider || /-ach$/.test(provider);

describe('payment dates: properties', () => {
  it('every valid date is within [today, today + window], ascending and unique', () => {
    fc.assert(fc.property(scenarioArb, (s) => {
      const { today, opts } = scenario(s);
      const end = today.add({ days: s.paymentDays });
      const dates = validPaymentDates(opts);
      dates.forEach((date, i) => {
        expect(Temporal.PlainDate.compare(date, today)).toBeGreaterThanOrEqual(0);
        expect(Temporal.PlainDate.compare(date, end)).toBeLessThanOrEqual(0);
        if (i > 0) expect(Temporal.PlainDate.compare(dates[i - 1], date)).toBeLessThan(0);
      });
    }));
  });

  it('no valid ACH date is a weekend or a holiday; no valid date of any provider is a holiday', () => {
    fc.assert(fc.property(scenarioArb, (s) => {
      const { holidays, opts } = scenario(s);
      for (const date of validPaymentDates(opts)) {
        expect(holidays.has(date.toString())).toBe(false);
        if (isAch(s.provider)) expect(date.dayOfWeek).toBeLessThanOrEqual(5);
      }
    }));
  });

  it('today is never valid at or after the cut-off hour', () => {
    fc.assert(fc.property(instantArb, zoneArb, fc.nat(23), providerArb, holidayOffsetsArb, (now, timeZone, pick, provider, offsets) => {
      const local = now.toZonedDateTimeISO(timeZone);
      const cutoffHour = pick % (local.hour + 1); // some hour ≤ the local hour
      const today = local.toPlainDate();
      const opts: PaymentDateOptions = { now, timeZone, cutoffHour, provider, holidays: offsets.map((o) => today.add({ days: o }).toString()), paymentDays: 30 };
      expect(isValidPaymentDate(today, opts)).toBe(false);
      expect(validPaymentDates(opts).some((date) => date.equals(today))).toBe(false);
    }));
  });

  it('before the cut-off, today is valid exactly when it is a payment day for the provider', () => {
    fc.assert(fc.property(instantArb, zoneArb, fc.nat(23), providerArb, holidayOffsetsArb, (now, timeZone, pick, provider, offsets) => {
      const local = now.toZonedDateTimeISO(timeZone);
      fc.pre(local.hour < 23);
      const cutoffHour = local.hour + 1 + (pick % (23 - local.hour));
      const today = local.toPlainDate();
      const holidays = offsets.map((o) => today.add({ days: o }).toString());
      const opts: PaymentDateOptions = { now, timeZone, cutoffHour, provider, holidays, paymentDays: 30 };
      expect(isValidPaymentDate(today, opts)).toBe(isPaymentDay(today, provider, holidays));
    }));
  });

  it('the list is exactly the window days that are their own next payment date (today excepted after the cut-off)', () => {
    fc.assert(fc.property(scenarioArb, (s) => {
      const { today, holidays, opts } = scenario(s);
      const closed = s.cutoffHour !== null && s.now.toZonedDateTimeISO(s.timeZone).hour >= s.cutoffHour;
      const expected: string[] = [];
      for (let i = 0; i <= s.paymentDays; i++) {
        const day = today.add({ days: i });
        const weekendBlocked = isAch(s.provider) && day.dayOfWeek >= 6;
        if (!(i === 0 && closed) && !holidays.has(day.toString()) && !weekendBlocked) expected.push(day.toString());
      }
      expect(strings(validPaymentDates(opts))).toEqual(expected);
    }));
  });

  it('isValidPaymentDate agrees with the list, also for days around the window and as yyyy-MM-dd text', () => {
    fc.assert(fc.property(scenarioArb, fc.integer({ min: -3, max: 65 }), (s, offset) => {
      const { today, opts } = scenario(s);
      const day = today.add({ days: offset });
      const listed = validPaymentDates(opts).some((date) => date.equals(day));
      expect(isValidPaymentDate(day, opts)).toBe(listed);
      expect(isValidPaymentDate(day.toString(), opts)).toBe(listed);
    }));
  });

  it('firstValidPaymentDate is the first listed date (or null), so a provider change lands on a selectable day', () => {
    fc.assert(fc.property(scenarioArb, (s) => {
      const { opts } = scenario(s);
      const first = firstValidPaymentDate(opts);
      const listed = validPaymentDates(opts);
      expect(first?.toString() ?? null).toBe(listed[0]?.toString() ?? null);
      if (first) expect(isValidPaymentDate(first, opts)).toBe(true);
    }));
  });

  it('a card provider offers every date an ACH provider offers', () => {
    fc.assert(fc.property(scenarioArb, (s) => {
      const { opts } = scenario(s);
      const card = new Set(strings(validPaymentDates({ ...opts, provider: 'plastiq-cc' })));
      for (const date of validPaymentDates({ ...opts, provider: 'direct-ach' })) expect(card.has(date.toString())).toBe(true);
    }));
  });

  it('nextPaymentDate is the earliest payment day on or after the date, and a fixed point', () => {
    fc.assert(fc.property(fc.integer({ min: 18_000, max: 24_000 }), providerArb, fc.uniqueArray(fc.integer({ min: 0, max: 30 }), { maxLength: 20 }), (epochDay, provider, offsets) => {
      const date = EPOCH.add({ days: epochDay });
      const holidays = offsets.map((o) => date.add({ days: o }).toString());
      const next = nextPaymentDate(date, provider, holidays);
      expect(Temporal.PlainDate.compare(next, date)).toBeGreaterThanOrEqual(0);
      expect(isPaymentDay(next, provider, holidays)).toBe(true);
      for (let day = date; Temporal.PlainDate.compare(day, next) < 0; day = day.add({ days: 1 })) {
        expect(isPaymentDay(day, provider, holidays)).toBe(false);
      }
      expect(nextPaymentDate(next, provider, holidays).equals(next)).toBe(true);
    }));
  });

  it('resolvePaymentDaysSetting always yields a positive whole number, preferring the vendor value', () => {
    const settingArb = fc.oneof(fc.constant(null), fc.constant(undefined), fc.integer({ min: -5, max: 400 }), fc.double({ noNaN: true }));
    fc.assert(fc.property(settingArb, settingArb, (vendor, config) => {
      const days = resolvePaymentDaysSetting(vendor, config);
      expect(Number.isInteger(days) && days > 0).toBe(true);
      const set = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;
      if (set(vendor)) expect(days).toBe(Math.min(vendor, MAX_PAYMENT_DAYS));
      else if (set(config)) expect(days).toBe(Math.min(config, MAX_PAYMENT_DAYS));
      else expect(days).toBe(30);
    }));
  });

  it('submittedPaymentDate never returns a day before today', () => {
    fc.assert(fc.property(instantArb, zoneArb, fc.integer({ min: -40, max: 40 }), (now, timeZone, offset) => {
      const today = vendorToday(now, timeZone);
      const chosen = today.add({ days: offset });
      const sent = submittedPaymentDate(chosen, { now, timeZone });
      expect(sent.equals(offset < 0 ? today : chosen)).toBe(true);
    }));
  });
});
