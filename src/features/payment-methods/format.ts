import { formatCurrency } from '../../domain/dollars';

/** `yyyy-MM-dd` → M/d/yy (spec §9 "Shown: M/d/yy"). */
export function shortDate(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!m) return isoDate;
  return `${Number(m[2])}/${Number(m[3])}/${m[1].slice(2)}`;
}

/** A contract amount (dollars, two decimals) as currency. */
export function dollars(amount: number): string {
  return formatCurrency(Math.round(amount * 100));
}
