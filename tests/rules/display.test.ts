import { describe, expect, it } from 'vitest';
import { wallClockShort } from '../../core/rules/display';

describe('wallClockShort: a wall-clock date and time as the pages show it', () => {
  it('M/D/YY, and "M/D/YY at h:mm AM/PM"', () => {
    expect(wallClockShort('2026-11-23T09:04')).toEqual({ date: '11/23/26', dateTime: '11/23/26 at 9:04 AM' });
    expect(wallClockShort('2027-01-05T00:00')).toEqual({ date: '1/5/27', dateTime: '1/5/27 at 12:00 AM' });
    expect(wallClockShort('2026-12-31T12:30')).toEqual({ date: '12/31/26', dateTime: '12/31/26 at 12:30 PM' });
    expect(wallClockShort('2026-12-31T23:59')).toEqual({ date: '12/31/26', dateTime: '12/31/26 at 11:59 PM' });
  });

  it('null for anything else', () => {
    for (const text of ['', '2026-11-23', '11/23/26 9:04', 'T09:04']) expect(wallClockShort(text), text).toBeNull();
  });
});
