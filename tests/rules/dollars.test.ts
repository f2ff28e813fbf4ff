// @vitest-environment node
/** Typed dollar amounts and currency display (portal-core.md §5 Partial payment, §9 amounts). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PARTIAL_AMOUNT_MESSAGES, formatCurrency, formatDollarInput, parseDollarInput, validatePartialAmount } from '../../core/rules/dollars';

describe('partial payment amount: examples', () => {
  it('uses the spec’s messages verbatim', () => {
    expect(PARTIAL_AMOUNT_MESSAGES).toEqual({
      format: 'New amount must be formatted in dollars and cents.',
      nonPositive: 'New amount cannot be $0 or negative.',
      tooLarge: 'New amount cannot be greater than or equal to than the original amount.',
    });
  });

  it('accepts dollars and cents in the usual spellings', () => {
    const cases: Array<[string, number]> = [
      ['12', 1200], ['12.5', 1250], ['12.50', 1250], ['$12.50', 1250], ['1,234.56', 123_456], ['$1,234,567.89', 123_456_789],
      ['.99', 99], ['0.01', 1], ['  45.00 ', 4500], ['1234', 123_400],
    ];
    for (const [text, cents] of cases) expect(parseDollarInput(text), text).toEqual({ ok: true, cents });
  });

  it('answers "formatted in dollars and cents" for anything that is not an amount', () => {
    for (const text of ['', ' ', 'abc', '12.345', '1,23', '12,3456', '5.', '$', '--5', '-$-5', '1.2.3', '12 34', '1e3', '+5', '€5']) {
      expect(parseDollarInput(text), JSON.stringify(text)).toEqual({ ok: false, error: 'format', message: 'New amount must be formatted in dollars and cents.' });
    }
  });

  it('answers "$0 or negative" for zero and negative amounts', () => {
    for (const text of ['0', '0.00', '$0', '-5', '-$5.00', '$-5', '-0.01', '.0']) {
      expect(parseDollarInput(text), text).toEqual({ ok: false, error: 'nonPositive', message: 'New amount cannot be $0 or negative.' });
    }
  });

  it('answers "greater than or equal to" when the new amount is not below the open amount', () => {
    const tooLarge = { ok: false, error: 'tooLarge', message: 'New amount cannot be greater than or equal to than the original amount.' };
    expect(validatePartialAmount('100.00', 10_000)).toEqual(tooLarge);
    expect(validatePartialAmount('100.01', 10_000)).toEqual(tooLarge);
    expect(validatePartialAmount('99.99', 10_000)).toEqual({ ok: true, cents: 9999 });
    expect(validatePartialAmount('abc', 10_000)).toMatchObject({ error: 'format' });
    expect(validatePartialAmount('0', 10_000)).toMatchObject({ error: 'nonPositive' });
    expect(validatePartialAmount('99999999999999999999', 10_000)).toEqual(tooLarge);
  });
});

describe('currency display: examples', () => {
  it('shows dollars with thousands separators and two decimals', () => {
    expect(formatCurrency(123_456)).toBe('$1,234.56');
    expect(formatCurrency(-1200)).toBe('-$12.00');
    expect(formatCurrency(0)).toBe('$0.00');
    expect(formatCurrency(-0)).toBe('$0.00');
    expect(formatCurrency(5)).toBe('$0.05');
    expect(formatCurrency(100_000_000)).toBe('$1,000,000.00');
    expect(formatCurrency(12_345_678_901_234n)).toBe('$123,456,789,012.34');
    expect(() => formatCurrency(12.5)).toThrow(RangeError);
    expect(formatDollarInput(123_456)).toBe('1234.56');
  });
});

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

describe('dollars: properties', () => {
  it('formatCurrency matches the en-US currency format', () => {
    fc.assert(fc.property(fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }), (cents) => {
      expect(formatCurrency(cents)).toBe(usd.format(cents / 100));
    }));
  });

  it('what is shown or pre-filled parses back to the same cents', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (cents) => {
      expect(parseDollarInput(formatCurrency(cents))).toEqual({ ok: true, cents });
      expect(parseDollarInput(formatDollarInput(cents))).toEqual({ ok: true, cents });
    }));
  });

  it('a partial amount is valid exactly when 0 < new amount < open amount', () => {
    fc.assert(fc.property(fc.integer({ min: -100_000, max: 1_000_000 }), fc.integer({ min: 1, max: 1_000_000 }), (cents, open) => {
      const text = cents < 0 ? `-${formatDollarInput(-cents)}` : formatDollarInput(cents);
      const result = validatePartialAmount(text, open);
      if (cents <= 0) expect(result).toMatchObject({ ok: false, error: 'nonPositive' });
      else if (cents >= open) expect(result).toMatchObject({ ok: false, error: 'tooLarge' });
      else expect(result).toEqual({ ok: true, cents });
    }));
  });

  it('text with letters is never an amount', () => {
    fc.assert(fc.property(fc.string(), fc.constantFrom(...'abcxyzEO'), fc.string(), (before, letter, after) => {
      expect(parseDollarInput(before + letter + after)).toMatchObject({ ok: false, error: 'format' });
    }));
  });
});
