// @vitest-environment node
/** Card and bank-account checks (portal-core.md §3 new card / bank account payloads; the sandbox tokenizer). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import {
  bankAccountProblems,
  cardProblems,
  detectCardBrand,
  isLuhnValid,
  isValidAccountNumber,
  isValidCvc,
  isValidRoutingNumber,
  isValidZip,
  lastFour,
  luhnCheckDigit,
  routingNumberError,
  validateCardNumber,
  validateExpiry,
  type CardBrand,
} from '../../core/rules/card-validation';

const today = Temporal.PlainDate.from('2026-11-23');

describe('cards: examples', () => {
  it('accepts the well-known test numbers with their brand and last four', () => {
    const cases: Array<[string, CardBrand]> = [
      ['4242424242424242', 'visa'],
      ['4111 1111 1111 1111', 'visa'],
      ['4222222222222', 'visa'],
      ['5555-5555-5555-4444', 'mastercard'],
      ['2223003122003222', 'mastercard'],
      ['378282246310005', 'amex'],
      ['371449635398431', 'amex'],
      ['6011111111111117', 'discover'],
      ['6011000990139424', 'discover'],
    ];
    for (const [number, brand] of cases) {
      expect(validateCardNumber(number), number).toEqual({ ok: true, digits: number.replace(/\D/g, ''), brand, lastFour: number.replace(/\D/g, '').slice(-4) });
    }
  });

  it('names what is wrong with a number', () => {
    expect(validateCardNumber('4242 4242 4242 424x')).toEqual({ ok: false, error: 'format' });
    expect(validateCardNumber('')).toEqual({ ok: false, error: 'format' });
    expect(validateCardNumber('3530111333300000')).toEqual({ ok: false, error: 'brand' }); // JCB
    expect(validateCardNumber('42424242424242')).toEqual({ ok: false, error: 'length' });
    expect(validateCardNumber('4242424242424241')).toEqual({ ok: false, error: 'luhn' });
  });

  it('detects the brand from the first digits while typing', () => {
    expect(detectCardBrand('4')).toBe('visa');
    expect(detectCardBrand('37')).toBe('amex');
    expect(detectCardBrand('34')).toBe('amex');
    expect(detectCardBrand('51')).toBe('mastercard');
    expect(detectCardBrand('2720')).toBe('mastercard');
    expect(detectCardBrand('2721')).toBeNull();
    expect(detectCardBrand('6011')).toBe('discover');
    expect(detectCardBrand('622126')).toBe('discover');
    expect(detectCardBrand('644')).toBe('discover');
    expect(detectCardBrand('65')).toBe('discover');
    expect(detectCardBrand('35')).toBeNull();
    expect(detectCardBrand('')).toBeNull();
  });

  it('expiry MM/YY: this month is still valid, last month is expired, malformed is a format error', () => {
    expect(validateExpiry('11/26', today)).toEqual({ ok: true, month: 11, year: 2026 });
    expect(validateExpiry('01 / 27', today)).toEqual({ ok: true, month: 1, year: 2027 });
    expect(validateExpiry('10/26', today)).toEqual({ ok: false, error: 'expired' });
    expect(validateExpiry('12/25', today)).toEqual({ ok: false, error: 'expired' });
    for (const bad of ['13/26', '00/27', '1/27', '11/2026', '1126', 'ab/cd', '']) {
      expect(validateExpiry(bad, today), bad).toEqual({ ok: false, error: 'format' });
    }
  });

  it('CVC is 4 digits for American Express, 3 for the others', () => {
    expect(isValidCvc('123', 'visa')).toBe(true);
    expect(isValidCvc('1234', 'visa')).toBe(false);
    expect(isValidCvc('1234', 'amex')).toBe(true);
    expect(isValidCvc('123', 'amex')).toBe(false);
    expect(isValidCvc('12a', 'mastercard')).toBe(false);
  });

  it('ZIP is 5 or 9 digits', () => {
    for (const zip of ['02110', '02110-1234', '021101234']) expect(isValidZip(zip), zip).toBe(true);
    for (const zip of ['0211', '021101', '02110-123', 'ABCDE', '']) expect(isValidZip(zip), zip).toBe(false);
  });

  it('lastFour keeps the last four digits only', () => {
    expect(lastFour('4242 4242 4242 4242')).toBe('4242');
    expect(lastFour('000123456789')).toBe('6789');
    expect(lastFour('12')).toBe('12');
  });

  it('cardProblems lists every failing field', () => {
    expect(cardProblems({ number: '4242424242424242', expiry: '12/30', cvc: '123', zip: '02110' }, today)).toEqual({});
    expect(cardProblems({ number: '378282246310005', expiry: '12/30', cvc: '123', zip: '02110' }, today)).toEqual({ cvc: 'format' });
    expect(cardProblems({ number: '4242424242424241', expiry: '10/26', cvc: '1', zip: '1' }, today)).toEqual({ number: 'luhn', expiry: 'expired', cvc: 'format', zip: 'format' });
  });
});

describe('bank accounts: examples', () => {
  it('routing numbers pass the ABA checksum 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10)', () => {
    for (const routing of ['021000021', '011000015', '110000000', '121000358', '026009593']) expect(isValidRoutingNumber(routing), routing).toBe(true);
    expect(routingNumberError('021000022')).toBe('checksum');
    expect(routingNumberError('000000000')).toBe('checksum');
    expect(routingNumberError('02100002')).toBe('format');
    expect(routingNumberError('02100002a')).toBe('format');
  });

  it('account numbers have 4 to 17 digits', () => {
    expect(isValidAccountNumber('1234')).toBe(true);
    expect(isValidAccountNumber('12345678901234567')).toBe(true);
    expect(isValidAccountNumber('123')).toBe(false);
    expect(isValidAccountNumber('123456789012345678')).toBe(false);
    expect(isValidAccountNumber('12ab')).toBe(false);
    expect(bankAccountProblems({ routingNumber: '021000021', accountNumber: '000123456789' })).toEqual({});
    expect(bankAccountProblems({ routingNumber: '021000022', accountNumber: '12' })).toEqual({ routingNumber: 'checksum', accountNumber: 'format' });
  });
});

// ── properties ──
const digitString = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });

/** Brand prefixes and lengths, written out independently of the implementation. */
const BRANDS: Array<{ brand: CardBrand; prefixes: string[]; lengths: number[] }> = [
  { brand: 'visa', prefixes: ['4'], lengths: [13, 16, 19] },
  { brand: 'mastercard', prefixes: ['51', '52', '53', '54', '55', '2221', '2500', '2720'], lengths: [16] },
  { brand: 'amex', prefixes: ['34', '37'], lengths: [15] },
  { brand: 'discover', prefixes: ['6011', '65', '644', '649', '622126', '622925'], lengths: [16, 19] },
];

const validCardArb = fc
  .constantFrom(...BRANDS)
  .chain(({ brand, prefixes, lengths }) =>
    fc.tuple(fc.constant(brand), fc.constantFrom(...prefixes), fc.constantFrom(...lengths)).chain(([b, prefix, length]) =>
      digitString(length - prefix.length - 1, length - prefix.length - 1).map((body) => {
        const partial = prefix + body;
        return { brand: b, number: partial + luhnCheckDigit(partial) };
      }),
    ),
  );

describe('cards and accounts: properties', () => {
  it('Luhn accepts generated valid numbers, with their brand', () => {
    fc.assert(fc.property(validCardArb, ({ brand, number }) => {
      expect(isLuhnValid(number)).toBe(true);
      expect(validateCardNumber(number)).toEqual({ ok: true, digits: number, brand, lastFour: number.slice(-4) });
      expect(detectCardBrand(number)).toBe(brand);
    }));
  });

  it('Luhn rejects every single-digit change', () => {
    fc.assert(fc.property(validCardArb, fc.nat(), fc.integer({ min: 1, max: 9 }), ({ number }, at, delta) => {
      const i = at % number.length;
      const changed = number.slice(0, i) + String((Number(number[i]) + delta) % 10) + number.slice(i + 1);
      expect(isLuhnValid(changed)).toBe(false);
    }));
  });

  it('spaces and hyphens in a number change nothing', () => {
    fc.assert(fc.property(validCardArb, ({ number }) => {
      const grouped = number.replace(/(\d{4})(?=\d)/g, '$1 ');
      expect(validateCardNumber(grouped)).toEqual(validateCardNumber(number));
      expect(validateCardNumber(number.replace(/(\d{4})(?=\d)/g, '$1-'))).toEqual(validateCardNumber(number));
    }));
  });

  it('an expiry is accepted exactly when its month is not before today’s month', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 18_000, max: 30_000 }), (month, yy, epochDay) => {
      const day = Temporal.PlainDate.from('1970-01-01').add({ days: epochDay });
      const text = `${String(month).padStart(2, '0')}/${String(yy).padStart(2, '0')}`;
      const notPast = 2000 + yy > day.year || (2000 + yy === day.year && month >= day.month);
      expect(validateExpiry(text, day).ok).toBe(notPast);
    }));
  });

  it('routing numbers with the right ninth digit pass; any single-digit change fails', () => {
    fc.assert(fc.property(digitString(8, 8), fc.nat(8), fc.integer({ min: 1, max: 9 }), (first8, i, delta) => {
      const d = [...first8].map(Number);
      const partial = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5]);
      const routing = first8 + String((10 - (partial % 10)) % 10);
      fc.pre(!/^0+$/.test(routing));
      expect(isValidRoutingNumber(routing)).toBe(true);
      const changed = routing.slice(0, i) + String((Number(routing[i]) + delta) % 10) + routing.slice(i + 1);
      expect(isValidRoutingNumber(changed)).toBe(false);
    }));
  });

  it('an account number is valid exactly when it has 4–17 digits', () => {
    fc.assert(fc.property(digitString(0, 25), (digits) => {
      expect(isValidAccountNumber(digits)).toBe(digits.length >= 4 && digits.length <= 17);
    }));
  });
});
