import { useState } from 'react';
import { Temporal } from 'temporal-polyfill';
import { css } from '../../styled-system/css';
import { calendarTexts as t } from './texts';

const WEEKDAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];

// The labels in US English, spelled here: `toLocaleString` with options builds an Intl.DateTimeFormat per call (a
// month has 31 day labels), and the first one loads the locale's date data — together the pay page's costliest part
// of its start. Same text as `en-US` { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }
// (tests/features/ui/payment-calendar-labels.test.ts compares them).
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
/** "Monday, November 30, 2026". */
export const dayLabel = (day: Temporal.PlainDate) => `${WEEKDAY_NAMES[day.dayOfWeek - 1]}, ${MONTHS[day.month - 1]} ${day.day}, ${day.year}`;
/** "November 2026". */
export const monthLabel = (month: Temporal.PlainYearMonth | Temporal.PlainDate) => `${MONTHS[month.month - 1]} ${month.year}`;

const styles = {
  head: css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: '2' }),
  nav: css({ minWidth: '44px', minHeight: '44px', borderRadius: 'control', bg: 'white', borderWidth: '1px', borderColor: 'line', cursor: 'pointer', _disabled: { opacity: 0.4, cursor: 'not-allowed' }, _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  grid: css({ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: '1', maxWidth: '360px' }),
  weekday: css({ textAlign: 'center', fontSize: 'xs', color: 'muted', fontWeight: '700' }),
  day: css({
    minHeight: '40px', borderRadius: 'control', borderWidth: '1px', borderColor: 'transparent', bg: 'brand.50', color: 'brand.800', fontWeight: '600', cursor: 'pointer',
    _disabled: { bg: 'transparent', color: '#9aa3b0', fontWeight: '400', cursor: 'not-allowed' },
    '&[aria-pressed=true]': { bg: 'brand.600', color: 'white' },
    _focusVisible: { outline: '3px solid', outlineColor: 'brand.500', outlineOffset: '1px' },
  }),
};

export interface PaymentCalendarProps {
  /** Selectable days, `yyyy-MM-dd`, ascending. */
  validDates: string[];
  value: string | null;
  /** Today in the vendor's time zone (first month shown). */
  today: string;
  onChange(date: string): void;
}

/** A month calendar in which only the valid payment days are buttons that can be chosen (§5 Calendar). */
export function PaymentCalendar({ validDates, value, today, onChange }: PaymentCalendarProps) {
  const first = Temporal.PlainDate.from(today).toPlainYearMonth();
  const last = validDates.length ? Temporal.PlainDate.from(validDates[validDates.length - 1]).toPlainYearMonth() : first;
  const [shown, setShown] = useState(() => (value ? Temporal.PlainDate.from(value).toPlainYearMonth() : first));
  const valid = new Set(validDates);
  const start = shown.toPlainDate({ day: 1 });
  const days = Array.from({ length: shown.daysInMonth }, (_, i) => start.add({ days: i }));
  const label = monthLabel(start);
  if (validDates.length === 0) return <p>{t.noDate}</p>;
  return (
    <div role="group" aria-label={t.date}>
      <div className={styles.head}>
        <button type="button" className={styles.nav} aria-label={t.calendarPrev} disabled={Temporal.PlainYearMonth.compare(shown, first) <= 0} onClick={() => setShown(shown.subtract({ months: 1 }))}>‹</button>
        <span aria-live="polite" className={css({ fontWeight: '700' })}>{label}</span>
        <button type="button" className={styles.nav} aria-label={t.calendarNext} disabled={Temporal.PlainYearMonth.compare(shown, last) >= 0} onClick={() => setShown(shown.add({ months: 1 }))}>›</button>
      </div>
      <div className={styles.grid}>
        {WEEKDAYS.map((w) => <span key={w} aria-hidden="true" className={styles.weekday}>{w}</span>)}
        {days.map((day, i) => {
          const iso = day.toString();
          return (
            <button
              key={iso}
              type="button"
              className={styles.day}
              style={i === 0 ? { gridColumnStart: day.dayOfWeek } : undefined}
              disabled={!valid.has(iso)}
              aria-pressed={value === iso}
              aria-label={dayLabel(day)}
              data-date={iso}
              onClick={() => onChange(iso)}
            >
              {day.day}
            </button>
          );
        })}
      </div>
    </div>
  );
}
