// @vitest-environment node
/** Pure rules at the server's edge: money, contact addresses, error fields, log masking. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountToCents, centsToAmount, MAX_AMOUNT_CENTS, requestAmountToCents } from '../../core/rules/money.js';
import { parseContactAddress } from '../../server/domain/contact-address.js';
import { paymentMethodTypeOf } from '../../server/domain/payments.js';
import { fieldOfAjvError } from '../../server/http/errors.js';
import { redactUrl } from '../../server/http/logging.js';
import { tokenFromHeader } from '../../server/http/auth.js';

describe('money', () => {
  it.each([
    [0, 0], [1, 0.01], [99, 0.99], [1999, 19.99], [560075, 5600.75], [-8640, -86.4], [-5, -0.05],
  ])('%i cents are %d dollars', (cents, amount) => {
    expect(centsToAmount(cents)).toBe(amount);
    expect(amountToCents(amount)).toBe(cents);
  });

  it('accepts the decimal strings node-postgres gives for bigint', () => {
    expect(centsToAmount('123456')).toBe(1234.56);
    expect(centsToAmount('-1')).toBe(-0.01);
  });

  it('round-trips every cent amount exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), (cents) => {
        const amount = centsToAmount(cents);
        expect(amountToCents(amount)).toBe(cents);
        expect(JSON.stringify(amount)).toMatch(/^-?\d+(\.\d{1,2})?$/);
      }),
    );
  });

  it('refuses fractional cents', () => {
    expect(() => centsToAmount(1.5)).toThrow(RangeError);
  });

  it('turns request amounts into cents up to the contract bound, and says why not otherwise (never throws)', () => {
    expect(MAX_AMOUNT_CENTS).toBe(99_999_999_999);
    for (const [amount, cents] of [[999_999_999.99, MAX_AMOUNT_CENTS], [-999_999_999.99, -MAX_AMOUNT_CENTS], [19.99, 1999], [0.07, 7], [-0.05, -5], [0, 0], [-0, 0]] as const) {
      expect(requestAmountToCents(amount), String(amount)).toBe(cents);
    }
    for (const amount of [9007199254740992, -9007199254740992, 1_000_000_000, -1_000_000_000, 1e21, 1e308, Infinity, -Infinity, NaN]) {
      expect(requestAmountToCents(amount), String(amount)).toBe('out_of_range');
    }
    for (const amount of [0.001, 19.999, 10.005, -0.001, 1e-7, 5e-324, 999_999_999.981]) {
      expect(requestAmountToCents(amount), String(amount)).toBe('too_many_decimals');
    }
    fc.assert(
      fc.property(fc.integer({ min: -MAX_AMOUNT_CENTS, max: MAX_AMOUNT_CENTS }), (cents) => {
        expect(requestAmountToCents(centsToAmount(cents))).toBe(cents);
      }),
    );
  });
});

describe('contact address', () => {
  it.each([
    ['  Demo@Example.COM ', { kind: 'email', value: 'demo@example.com' }],
    ['(555) 010-2030', { kind: 'phone', value: '5550102030' }],
    ['+1 555 010 2030', { kind: 'phone', value: '5550102030' }],
    ['555.010.2030', { kind: 'phone', value: '5550102030' }],
    ['12345', { kind: 'unusable', value: '12345' }],
    ['call me 5550102030', { kind: 'unusable', value: 'call me 5550102030' }],
  ])('%s', (input, expected) => {
    expect(parseContactAddress(input)).toEqual(expected);
  });
});

describe('payment method type', () => {
  it.each([
    ['plastiq-cc', 'CC'], ['PLASTIQ_CC', 'CC'], ['priority-cc', 'CC'], ['priority-ach', 'ACH'], ['direct-ach', 'ACH'],
  ])('%s is %s', (provider, type) => expect(paymentMethodTypeOf(provider)).toBe(type));
});

describe('validation error field', () => {
  it('names an unknown property, a missing one, and a nested path', () => {
    expect(fieldOfAjvError({ instancePath: '', keyword: 'additionalProperties', params: { additionalProperty: 'remember' } })).toBe('remember');
    expect(fieldOfAjvError({ instancePath: '', keyword: 'required', params: { missingProperty: 'contact' } })).toBe('contact');
    expect(fieldOfAjvError({ instancePath: '/partialPayments/0/newAmount', keyword: 'type', params: {} })).toBe('partialPayments[0].newAmount');
    expect(fieldOfAjvError({ instancePath: '', keyword: 'type', params: {} })).toBeUndefined();
  });
});

describe('logs and headers', () => {
  it('masks tokens in URLs', () => {
    expect(redactUrl('/token/abcDEF_-123/vendors?x=1')).toBe('/token/[redacted]/vendors?x=[redacted]');
    // query values never reach the log (a token sent as ?token= or a bare ?<token>); the names stay
    expect(redactUrl('/api/tokens/current?token=abcDEF_-123&page=2')).toBe('/api/tokens/current?token=[redacted]&page=[redacted]');
    expect(redactUrl('/api/x?abcDEF_-123')).toBe('/api/x?[redacted]');
    expect(redactUrl('/api/x?a=/token/abc#frag')).toBe('/api/x?a=[redacted]');
    expect(redactUrl('/token/abc')).toBe('/token/[redacted]');
    expect(redactUrl('/api/vendors')).toBe('/api/vendors');
  });

  it('reads the ContactAccess scheme only', () => {
    expect(tokenFromHeader('ContactAccess abc')).toBe('abc');
    expect(tokenFromHeader('contactaccess abc')).toBe('abc');
    expect(tokenFromHeader('Bearer abc')).toBeUndefined();
    expect(tokenFromHeader('ContactAccess')).toBeUndefined();
    expect(tokenFromHeader(undefined)).toBeUndefined();
  });
});
