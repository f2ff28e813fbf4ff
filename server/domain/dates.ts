/** Date values at the edge: `yyyy-MM-dd` strings for DATE columns, ISO-8601 for timestamps. */

/** A DATE column value (text from the driver, or a JS Date from a driver without the text parser) → yyyy-MM-dd. */
export function toDateString(value: string | Date): string;
export function toDateString(value: string | Date | null | undefined): string | null;
export function toDateString(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) {
    // DATE values arrive as local midnight from drivers that build a Date: read the local calendar day.
    const y = value.getFullYear();
    const m = String(value.getMonth() + 1).padStart(2, '0');
    const d = String(value.getDate()).padStart(2, '0');
    return `${y}-${m}-${d}`;
  }
  return value.slice(0, 10);
}

/** A timestamptz value → ISO-8601. */
export function toIsoString(value: string | Date): string;
export function toIsoString(value: string | Date | null | undefined): string | null;
export function toIsoString(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
