// @vitest-environment node
/** Card service fee and totals (portal-core.md §5 "Card service fee", §2 Click-to-pay amounts). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  batchSubtotalCents, computeTotals, exceedsServiceFeeCap, hasServiceFee, parsePercent, serviceFeeCents, shownServiceFeePercent, type CardFunding,
} from '../../core/rules/fees';
import { validateCardNumber } from '../../core/rules/card-validation';
import { cardFundingOf, SANDBOX_BIN_TEST_NUMBERS, SANDBOX_BINS } from '../../server/payments-service/card-bins';

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

/**
 * Issue 20 "Card service fee rules": credit cards only (by the card's BIN: the sandbox's table), the percent capped at
 * 3 %, the same totals on the page and the server (both call computeTotals).
 */
describe('card service fee rules: funding by BIN and the 3 % cap', () => {
  // The sandbox BIN table's test numbers and other BINs (unknown = credit); the funding comes from the table, as the
  // tokenizer records it.
  const binArb = fc.oneof(
    fc.constantFrom(...SANDBOX_BINS.map((b) => b.testNumber)),
    fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 6, maxLength: 8 }),
  );
  const amountArb = fc.integer({ min: 1, max: 10_000_000_000 });
  const cardProviderArb = fc.constantFrom('plastiq-cc', 'priority-cc');
  /** Any percent the old rules accepted (0–100, up to 4 decimals), with its exact value. */
  const anyPercentArb = fc.oneof(percentArb, fc.constant({ text: '100', numerator: 100n, scale: 0 }));
  const CAP_NUM = 3n;

  it('debit and prepaid cards pay no fee; credit cards pay round-half-up(amount × min(percent, 3 %)), never above 3 %; total = subtotal + fee', () => {
    fc.assert(fc.property(binArb, amountArb, anyPercentArb, cardProviderArb, (bin, amount, pct, provider) => {
      const funding = cardFundingOf(bin);
      const totals = computeTotals({ subtotalCents: amount, method: { provider, serviceFee: pct.text, cardFunding: funding } });
      expect(totals.totalCents).toBe(totals.subtotalCents + totals.feeCents);
      if (funding !== 'credit') {
        expect(totals.feeCents).toBe(0);
        expect(hasServiceFee({ provider, serviceFee: pct.text, cardFunding: funding })).toBe(false);
        return;
      }
      // min(percent, cap) as an exact fraction n / 10^s, then half up: (2·amount·n + D) div 2D with D = 100·10^s
      const capped = pct.numerator > CAP_NUM * 10n ** BigInt(pct.scale) ? { numerator: CAP_NUM, scale: 0 } : pct;
      const D = 100n * 10n ** BigInt(capped.scale);
      const expected = (2n * BigInt(amount) * capped.numerator + D) / (2n * D);
      expect(BigInt(totals.feeCents)).toBe(expected);
      // never above 3 % of the amount, rounded half up
      expect(BigInt(totals.feeCents)).toBeLessThanOrEqual((2n * BigInt(amount) * 3n + 100n) / 200n);
    }));
  });

  it('a card whose funding is not known counts as credit; a bank account never pays a fee, whatever its funding', () => {
    fc.assert(fc.property(amountArb, anyPercentArb, cardProviderArb, (amount, pct, provider) => {
      const credit = computeTotals({ subtotalCents: amount, method: { provider, serviceFee: pct.text, cardFunding: 'credit' } });
      expect(computeTotals({ subtotalCents: amount, method: { provider, serviceFee: pct.text, cardFunding: null } })).toEqual(credit);
      expect(computeTotals({ subtotalCents: amount, method: { provider, serviceFee: pct.text } })).toEqual(credit);
      for (const ach of ['priority-ach', 'direct-ach']) {
        expect(computeTotals({ subtotalCents: amount, method: { provider: ach, serviceFee: pct.text, cardFunding: 'credit' } }).feeCents).toBe(0);
      }
    }));
  });

  it('the percent shown is the one charged: the vendor’s when at most 3, else 3; none for debit, prepaid or no fee', () => {
    fc.assert(fc.property(anyPercentArb, cardProviderArb, fc.constantFrom<CardFunding | null>('credit', 'debit', 'prepaid', null), (pct, provider, funding) => {
      const shown = shownServiceFeePercent({ provider, serviceFee: pct.text, cardFunding: funding });
      if (funding === 'debit' || funding === 'prepaid' || pct.numerator === 0n) expect(shown).toBeNull();
      else expect(shown).toBe(exceedsServiceFeeCap(pct.text) ? '3' : pct.text);
      if (shown !== null) expect(serviceFeeCents(10_000, shown)).toBeLessThanOrEqual(300);
    }));
  });

  it('examples: the cap, the funding, a vendor setting above the cap', () => {
    const credit = { provider: 'priority-cc', serviceFee: '3.5', cardFunding: 'credit' as const };
    expect(computeTotals({ subtotalCents: 10_000, method: credit })).toEqual({ subtotalCents: 10_000, feeCents: 300, totalCents: 10_300 });
    expect(computeTotals({ subtotalCents: 10_000, method: { ...credit, serviceFee: '2.9' } }).feeCents).toBe(290);
    expect(computeTotals({ subtotalCents: 10_000, method: { ...credit, cardFunding: 'debit' } }).feeCents).toBe(0);
    expect(computeTotals({ subtotalCents: 10_000, method: { ...credit, cardFunding: 'prepaid' } }).feeCents).toBe(0);
    expect(exceedsServiceFeeCap('3.5')).toBe(true);
    expect(exceedsServiceFeeCap('3.01')).toBe(true);
    expect(exceedsServiceFeeCap('3')).toBe(false);
    expect(exceedsServiceFeeCap('3.00')).toBe(false);
    expect(exceedsServiceFeeCap('2.99')).toBe(false);
    expect(exceedsServiceFeeCap('abc')).toBe(false);
    expect(cardFundingOf('4000056655665556')).toBe('debit');
    expect(cardFundingOf('5200828282828210')).toBe('debit');
    expect(cardFundingOf('4000057700000005')).toBe('prepaid');
    expect(cardFundingOf('5105105105105100')).toBe('prepaid');
    expect(cardFundingOf('4242424242424242')).toBe('credit');
    expect(cardFundingOf('4000000000000002')).toBe('credit');
    // an 8-digit entry needs its 8 digits
    expect(cardFundingOf('400005')).toBe('credit');
    expect(cardFundingOf('40000566')).toBe('debit');
  });

  it('every sandbox BIN test number is a valid card number of its BIN', () => {
    for (const entry of SANDBOX_BINS) {
      expect(validateCardNumber(entry.testNumber), entry.testNumber).toMatchObject({ ok: true });
      expect(entry.testNumber.startsWith(entry.bin)).toBe(true);
      expect(cardFundingOf(entry.testNumber)).toBe(entry.funding);
    }
    expect(SANDBOX_BIN_TEST_NUMBERS.debit.length).toBeGreaterThan(0);
    expect(SANDBOX_BIN_TEST_NUMBERS.prepaid.length).toBeGreaterThan(0);
  });
});
