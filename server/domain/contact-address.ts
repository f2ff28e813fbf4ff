/**
 * The address a visitor types on the landing page: an e-mail address (matched lower-cased) or a mobile number
 * (matched by its digits; a leading US country code 1 on 11 digits is dropped).
 */
export type ContactAddress =
  | { kind: 'email'; value: string }
  | { kind: 'phone'; value: string }
  | { kind: 'unusable'; value: string };

export function parseContactAddress(input: string): ContactAddress {
  const trimmed = input.trim();
  if (trimmed.includes('@')) return { kind: 'email', value: trimmed.toLowerCase() };
  let digits = trimmed.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length >= 10 && /^[\d\s()+.\-]+$/.test(trimmed)) return { kind: 'phone', value: digits };
  return { kind: 'unusable', value: trimmed.toLowerCase() };
}

/** The key the per-address rate limit counts under (hashed before it is stored). */
export function rateLimitKey(address: ContactAddress): string {
  return `${address.kind}:${address.value}`;
}
