// @vitest-environment node
/** Card service fee and totals (portal-core.md §5 "Card service fee", §2 Click-to-pay amounts). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { batchSubtotalCents, computeTotals, hasServiceFee, parsePercent, serviceFeeCents } from '../../core/rules/fees';

describe('service fee: examples', () => {
  it('2.9 % of $10.05 is 29.145 ¢ → 29 ¢; of $1,000.00 is $29.00', () => {
    expect(serviceFeeCents(1005, '2.9')).toBe(29);
    expect(serviceFeeCents(100_000, '2.9')).toBe(2900);
  });

  it('rounds exact halves up where float arithmetic would round them down', () => {
    // 3000 × 1.15 / 100 is 34.49999999999999 in floating point; exactly it is 34.5 → 35.
    expect(serviceFeeCents(3000, '1.15')).toBe(35);
    expect(serviceFeeCents(11_000, '0.35')).toBe(39);
    expect(serviceFeeCents(50, '1')).toBe(1); // 0.5 ¢ → 1 ¢
    expect(serviceFeeCents(49, '1')).toBe(0); // 0.49 ¢ → 0 ¢
  });

  it('reads fee texts such as "3.50", ".5", "0" and refuses malformed ones loudly', () => {
    expect(serviceFeeCents(10_000, '3.50')).toBe(350);
    expect(serviceFeeCents(10_000, '.5')).toBe(50);
    expect(serviceFeeCents(10_000, '0')).toBe(0);
    expect(serviceFeeCents(10_000, null)).toBe(0);
    expect(serviceFeeCents(10_000, '')).toBe(0);
    for (const bad of ['2,9', '-1', '1e2', '2.9%', '101', 'abc', '2.']) {
      expect(() => serviceFeeCents(10_000, bad), bad).toThrow(RangeError);
    }
    expect(parsePercent('2.99')).toEqual({ numerator: 299n, scale: 2 });
    expect(parsePercent('100')).toEqual({ numerator: 100n, scale: 0 });
  });

  it('applies to card providers with a fee only, on the whole batch', () => {
    const card = { provider: 'plastiq-cc', serviceFee: '2.9' };
    expect(computeTotals({ subtotalCents: 150_075, method: card })).toEqual({ subtotalCents: 150_075, feeCents: 4352, totalCents: 154_427 });
    expect(computeTotals({ subtotalCents: 150_075, method: { provider: 'PLASTIQ_CC', serviceFee: '2.9' } }).feeCents).toBe(4352);
    expect(computeTotals({ subtotalCents: 150_075, method: { provider: 'priority-ach', serviceFee: '2.9' } }).feeCents).toBe(0);
    expect(computeTotals({ subtotalCents: 150_075, method: { provider: 'priority-cc', serviceFee: null } }).feeCents).toBe(0);
    expect(computeTotals({ subtotalCents: 150_075, method: null })).toEqual({ subtotalCents: 150_075, feeCents: 0, totalCents: 150_075 });
    // One fee on the batch, not one per invoice: 3 × $10.15 at 2.9 % → 88.305 ¢ → 88 ¢ (per invoice: 3 × 29 ¢ = 87 ¢).
    expect(computeTotals({ subtotalCents: 3 * 1015, method: card }).feeCents).toBe(88);
  });

  it('charges no fee when credits bring the subtotal to zero or below', () => {
    expect(computeTotals({ subtotalCents: 0, method: { provider: 'plastiq-cc', serviceFee: '2.9' } }).totalCents).toBe(0);
    expect(computeTotals({ subtotalCents: -500, method: { provider: 'plastiq-cc', serviceFee: '2.9' } })).toEqual({ subtotalCents: -500, feeCents: 0, totalCents: -500 });
  });

  it('hasServiceFee tells when the page shows subtotal, fee and total', () => {
    expect(hasServiceFee({ provider: 'priority-cc', serviceFee: '3.5' })).toBe(true);
    expect(hasServiceFee({ provider: 'priority-cc', serviceFee: '0.00' })).toBe(false);
    expect(hasServiceFee({ provider: 'priority-cc', serviceFee: null })).toBe(false);
    expect(hasServiceFee({ provider: 'direct-ach', serviceFee: '3.5' })).toBe(false);
    expect(hasServiceFee(null)).toBe(false);
  });

  it('batch subtotal: open amounts, new amounts of partial payments, nothing for disputes, credits negative', () => {
    const invoices = [
      { id: 'a', openAmountCents: 10_000 },
      { id: 'b', openAmountCents: 5_000 },
      { id: 'c', openAmountCents: 2_500 },
      { id: 'credit', openAmountCents: -1_200 },
    ];
    const adjustments = [
      { invoiceId: 'b', newAmountCents: 2_000 }, // partial
      { invoiceId: 'c', newAmountCents: 0 }, // dispute
      { invoiceId: 'not-selected', newAmountCents: 99 },
    ];
    expect(batchSubtotalCents(invoices, adjustments)).toBe(10_000 + 2_000 + 0 - 1_200);
    expect(batchSubtotalCents(invoices)).toBe(16_300);
    expect(batchSubtotalCents([])).toBe(0);
  });
});

/** A percent text with its exact value as numerator / 10^scale, generated independently of the parser. */
const percentArb = fc
  .tuple(fc.integer({ min: 0, max: 99 }), fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: 4 }))
  .map(([whole, fraction]) => ({ text: fraction ? `${whole}.${fraction}` : String(whole), numerator: BigInt(`${whole}${fraction}`), scale: fraction.length }));
const subtotalArb = fc.integer({ min: 1, max: 10_000_000_000 });

describe('service fee: properties', () => {
  it('fee = round-half-up(subtotal × pct / 100): the fee is the only whole cent within half a cent of the exact value, halves going up', () => {
    fc.assert(fc.property(subtotalArb, percentArb, (subtotal, pct) => {
      const fee = BigInt(serviceFeeCents(subtotal, pct.text));
      const D = 100n * 10n ** BigInt(pct.scale);
      const twiceExact = 2n * BigInt(subtotal) * pct.numerator; // 2 × exact fee × D
      // fee − ½ ≤ exact < fee + ½
      expect((2n * fee - 1n) * D <= twiceExact).toBe(true);
      expect(twiceExact < (2n * fee + 1n) * D).toBe(true);
    }));
  });

  it('total = subtotal + fee; the fee is never negative and never more than the subtotal', () => {
    fc.assert(fc.property(fc.integer({ min: -1_000_000, max: 10_000_000_000 }), percentArb, fc.constantFrom('plastiq-cc', 'priority-cc', 'priority-ach', 'direct-ach'), (subtotal, pct, provider) => {
      const totals = computeTotals({ subtotalCents: subtotal, method: { provider, serviceFee: pct.text } });
      expect(totals.totalCents).toBe(totals.subtotalCents + totals.feeCents);
      expect(totals.feeCents).toBeGreaterThanOrEqual(0);
      expect(totals.feeCents).toBeLessThanOrEqual(Math.max(subtotal, 0));
      if (provider.endsWith('-ach')) expect(totals.feeCents).toBe(0);
    }));
  });

  it('a larger subtotal never has a smaller fee', () => {
    fc.assert(fc.property(subtotalArb, fc.integer({ min: 0, max: 1_000_000 }), percentArb, (subtotal, more, pct) => {
      expect(serviceFeeCents(subtotal + more, pct.text)).toBeGreaterThanOrEqual(serviceFeeCents(subtotal, pct.text));
    }));
  });

  it('the batch subtotal is the sum of each invoice’s payable amount, in any order', () => {
    const batchArb = fc.uniqueArray(
      fc.record({ id: fc.uuid(), openAmountCents: fc.integer({ min: -1_000_000, max: 1_000_000 }), adjust: fc.option(fc.integer({ min: 0, max: 999_999 }), { nil: null }) }),
      { selector: (i) => i.id, maxLength: 30 },
    );
    fc.assert(fc.property(batchArb, (batch) => {
      const adjustments = batch.filter((i) => i.adjust !== null).map((i) => ({ invoiceId: i.id, newAmountCents: i.adjust as number }));
      const expected = batch.reduce((sum, i) => sum + (i.adjust ?? i.openAmountCents), 0);
      expect(batchSubtotalCents(batch, adjustments)).toBe(expected);
      expect(batchSubtotalCents([...batch].reverse(), [...adjustments].reverse())).toBe(expected);
    }));
  });
});
