/**
 * Contact input rules (spec §5): a valid e-mail address, or a mobile phone number of at least
 * 10 characters. Pure functions so the chart's guards, the selectors and the tests share them.
 */

const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
/** Digits with the usual phone punctuation: "(555) 010-2030", "+1 555.010.2030", "5550102030". */
const PHONE = /^\+?[\d\s().-]+$/;

/** The value sent to the server: surrounding blanks are never meaningful. */
export function normalizeContact(value: string): string {
  return value.trim();
}

export function isEmptyContact(value: string): boolean {
  return normalizeContact(value) === '';
}

export function isEmail(value: string): boolean {
  return EMAIL.test(normalizeContact(value));
}

/** A mobile number: phone characters only, at least 10 characters and at least 10 digits. */
export function isPhoneNumber(value: string): boolean {
  const v = normalizeContact(value);
  if (v.length < 10 || !PHONE.test(v)) return false;
  return v.replace(/\D/g, '').length >= 10;
}

export function isValidContact(value: string): boolean {
  return isEmail(value) || isPhoneNumber(value);
}
