import { describe, expect, it } from 'vitest';
import { planRefund, refundable, type RefundableGroup } from '../../core/rules/refunds';

const group = (refunds: RefundableGroup['refunds'] = []): RefundableGroup => ({
  totalCents: 10_350,
  serviceFeeCents: 350,
  lines: [
    { invoiceId: 'a', paidCents: 6_000 },
    { invoiceId: 'b', paidCents: 4_000 },
  ],
  refunds,
});

describe('what is left to refund', () => {
  it('the total less every refund not failed; each paying line less its refunds; credits are not refundable', () => {
    const left = refundable(group([
      { status: 'refunded', amountCents: 1_000, feeCents: 0, lines: [{ invoiceId: 'a', amountCents: 1_000 }] },
      { status: 'refund_pending', amountCents: 500, feeCents: 0, lines: [] },
      { status: 'refund_failed', amountCents: 9_000, feeCents: 0, lines: [{ invoiceId: 'b', amountCents: 4_000 }] },
    ]));
    expect(left.totalCents).toBe(8_850);
    expect(left.feeCents).toBe(350);
    expect([...left.lines]).toEqual([['a', 5_000], ['b', 4_000]]);
  });
});

describe('planning a refund', () => {
  it('everything left: each line and the fee', () => {
    expect(planRefund(group(), { reopenInvoices: true })).toEqual({ ok: true, amountCents: 10_350, feeCents: 350, lines: [{ invoiceId: 'a', amountCents: 6_000 }, { invoiceId: 'b', amountCents: 4_000 }] });
  });

  it('lines: at most what each line has left, each once, only lines of the payment', () => {
    expect(planRefund(group(), { lines: [{ invoiceId: 'a', amountCents: 6_000 }], reopenInvoices: true })).toMatchObject({ ok: true, amountCents: 6_000, feeCents: 0 });
    expect(planRefund(group(), { lines: [{ invoiceId: 'a', amountCents: 6_001 }], reopenInvoices: false })).toMatchObject({ ok: false, code: 'exceeds_line', field: 'lines[0].amount' });
    expect(planRefund(group(), { lines: [{ invoiceId: 'zzz', amountCents: 1 }], reopenInvoices: false })).toMatchObject({ ok: false, code: 'unknown_line' });
    expect(planRefund(group(), { lines: [{ invoiceId: 'b', amountCents: 1 }, { invoiceId: 'b', amountCents: 1 }], reopenInvoices: false })).toMatchObject({ ok: false, code: 'duplicate_line', field: 'lines[1].invoiceId' });
  });

  it('an amount: at most what is left in all, and it cannot reopen invoices', () => {
    expect(planRefund(group(), { amountCents: 10_350, reopenInvoices: false })).toMatchObject({ ok: true, amountCents: 10_350, lines: [] });
    expect(planRefund(group(), { amountCents: 10_351, reopenInvoices: false })).toMatchObject({ ok: false, code: 'exceeds_refundable', field: 'amount' });
    expect(planRefund(group(), { amountCents: 100, reopenInvoices: true })).toMatchObject({ ok: false, code: 'lines_required' });
    expect(planRefund(group(), { amountCents: 100, lines: [], reopenInvoices: false })).toMatchObject({ ok: false, code: 'lines_or_amount' });
  });

  it('lines within their rests that together exceed what is left (after a bare amount) are refused', () => {
    const after = group([{ status: 'refunded', amountCents: 5_000, feeCents: 0, lines: [] }]);
    expect(planRefund(after, { lines: [{ invoiceId: 'a', amountCents: 6_000 }], reopenInvoices: false })).toMatchObject({ ok: false, code: 'exceeds_refundable' });
    // everything left cannot be split by invoice any more: refunded as an amount, or refused when reopening
    expect(planRefund(after, { reopenInvoices: false })).toMatchObject({ ok: true, amountCents: 5_350, lines: [] });
    expect(planRefund(after, { reopenInvoices: true })).toMatchObject({ ok: false, code: 'lines_required' });
  });

  it('a credit lowered the charge: its line is not refundable, and everything left is a bare amount (reopening needs lines)', () => {
    const withCredit: RefundableGroup = { ...group(), totalCents: 9_850, lines: [...group().lines, { invoiceId: 'credit', paidCents: -500 }] };
    expect(planRefund(withCredit, { lines: [{ invoiceId: 'credit', amountCents: 1 }], reopenInvoices: false })).toMatchObject({ ok: false, code: 'unknown_line' });
    expect(planRefund(withCredit, { reopenInvoices: false })).toEqual({ ok: true, amountCents: 9_850, feeCents: 0, lines: [] });
    expect(planRefund(withCredit, { reopenInvoices: true })).toMatchObject({ ok: false, code: 'lines_required' });
  });

  it('nothing left: refused', () => {
    expect(planRefund(group([{ status: 'refunded', amountCents: 10_350, feeCents: 350, lines: [] }]), { reopenInvoices: false })).toMatchObject({ ok: false, code: 'nothing_to_refund' });
  });
});
