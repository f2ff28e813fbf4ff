import { describe, expect, it } from 'vitest';
import { wallClockShort } from '../../core/rules/display';
import { wallClockMinute } from '../../core/rules/timestamps';

describe('wallClockShort: a wall-clock date and time as the pages show it', () => {
  it('M/D/YY, and "M/D/YY at h:mm AM/PM"', () => {
    expect(wallClockShort('2026-11-23T09:04')).toEqual({ date: '11/23/26', dateTime: '11/23/26 at 9:04 AM' });
    expect(wallClockShort('2027-01-05T00:00')).toEqual({ date: '1/5/27', dateTime: '1/5/27 at 12:00 AM' });
    expect(wallClockShort('2026-12-31T12:30')).toEqual({ date: '12/31/26', dateTime: '12/31/26 at 12:30 PM' });
    expect(wallClockShort('2026-12-31T23:59')).toEqual({ date: '12/31/26', dateTime: '12/31/26 at 11:59 PM' });
  });

  it('null for anything else', () => {
    for (const text of ['', '2026-11-23', '11/23/26 9:04', 'T09:04', '2026-13-01T09:04', '2026-00-10T09:04', '2026-11-40T09:04', '2026-11-23T25:00', '2026-11-23T09:99']) {
      expect(wallClockShort(text), text).toBeNull();
    }
  });
});

describe('wallClockMinute: a moment as the wall clock of a time zone', () => {
  it('the zone’s own date and time, which may be another day than UTC’s (and DST is the zone’s)', () => {
    expect(wallClockMinute(new Date('2026-11-24T03:30:59Z'), 'America/New_York')).toBe('2026-11-23T22:30');
    expect(wallClockMinute(new Date('2026-11-24T03:30:59Z'), 'Asia/Tokyo')).toBe('2026-11-24T12:30');
    expect(wallClockMinute(new Date('2026-07-01T03:30:00Z'), 'America/New_York')).toBe('2026-06-30T23:30');
    expect(wallClockShort(wallClockMinute(new Date('2026-11-24T03:30:59Z'), 'America/Chicago'))).toEqual({ date: '11/23/26', dateTime: '11/23/26 at 9:30 PM' });
  });
});
