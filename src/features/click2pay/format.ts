/** Display helpers of the pay pages (§9: dates shown M/d/yy). */
export function shortDate(iso: string | null | undefined): string {
  if (!iso) return '-';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${Number(m[2])}/${Number(m[3])}/${m[1].slice(2)}` : iso;
}

/** Vendor flags default to on (§3: displayExternalInvoiceDate and displayInvoicePoRefId are on by default). */
export function vendorFlag(flags: Record<string, boolean> | undefined, name: string): boolean {
  return flags?.[name] ?? true;
}
