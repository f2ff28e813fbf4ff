// @vitest-environment node
/** Invoice and payment-method display rules (portal-core.md §2 Click-to-pay / Invoice Report, §3, §5, §9). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DISPUTE_REASONS,
  adjustmentKind,
  canEditInvoice,
  invoiceDisplayStatus,
  isAllDisputed,
  isCredit,
  isDisputeReason,
  isNarrowWidth,
  messageInvoiceNumber,
  payInvoiceNumber,
  paymentMethodLabel,
  paymentTypeForProvider,
  selectAllState,
  sortPayableInvoices,
  toggleSelectAll,
} from '../../core/rules/invoices';
import { isPaymentFormValid, paymentFormProblems, type PaymentFormInput } from '../../core/rules/payment-form';

describe('invoice numbers', () => {
  it('pay page: longer than 9 characters → "..." + the last 10', () => {
    expect(payInvoiceNumber('INV-1001')).toBe('INV-1001');
    expect(payInvoiceNumber('123456789')).toBe('123456789');
    expect(payInvoiceNumber('1234567890')).toBe('...1234567890');
    expect(payInvoiceNumber('INV-2026-000123456')).toBe('...-000123456');
  });

  it('message tables: longer than 12 characters → "…" + the last 12', () => {
    expect(messageInvoiceNumber('INV-2026-001')).toBe('INV-2026-001');
    expect(messageInvoiceNumber('INV-2026-0001')).toBe('…NV-2026-0001');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(payInvoiceNumber('😀😀😀😀😀😀😀😀😀')).toBe('😀😀😀😀😀😀😀😀😀');
  });
});

describe('status, credits, editing', () => {
  it('Closed when deleted, Open when payable, otherwise Scheduled', () => {
    expect(invoiceDisplayStatus({ deletedAt: '2026-11-01T10:00:00Z', payable: true })).toBe('Closed');
    expect(invoiceDisplayStatus({ deletedAt: null, payable: true })).toBe('Open');
    expect(invoiceDisplayStatus({ deletedAt: null, payable: false })).toBe('Scheduled');
    expect(invoiceDisplayStatus({ payable: false })).toBe('Scheduled');
  });

  it('a negative open amount is a credit, which cannot be disputed or part-paid', () => {
    expect(isCredit({ openAmount: -12.5 })).toBe(true);
    expect(isCredit({ openAmountCents: -1 })).toBe(true);
    expect(isCredit({ openAmount: 0 })).toBe(false);
    expect(canEditInvoice({ openAmount: -12.5 })).toBe(false);
    expect(canEditInvoice({ openAmountCents: 1200 })).toBe(true);
  });

  it('a new amount above 0 is a partial payment, otherwise a dispute; allDisputed needs every invoice adjusted', () => {
    expect(adjustmentKind({ newAmountCents: 1 })).toBe('partial');
    expect(adjustmentKind({ newAmountCents: 0 })).toBe('dispute');
    expect(isAllDisputed(['a', 'b'], [{ invoiceId: 'a' }, { invoiceId: 'b' }])).toBe(true);
    expect(isAllDisputed(['a', 'b'], [{ invoiceId: 'a' }])).toBe(false);
    expect(isAllDisputed([], [])).toBe(false);
  });

  it('knows the eight dispute reasons of the spec', () => {
    expect(DISPUTE_REASONS).toEqual(['Damaged/Quality', 'Discount', 'Partial Payment', 'Price Incorrect', 'Quantity/Weight Incorrect', 'Refused', 'Tax Incorrect', 'Wrong Item']);
    expect(isDisputeReason('Wrong Item')).toBe(true);
    expect(isDisputeReason('wrong item')).toBe(false);
  });
});

describe('payment methods', () => {
  it('type from provider: -cc (any case) and PLASTIQ_CC are cards, the rest ACH', () => {
    expect(paymentTypeForProvider('plastiq-cc')).toBe('CC');
    expect(paymentTypeForProvider('priority-cc')).toBe('CC');
    expect(paymentTypeForProvider('PRIORITY-CC')).toBe('CC');
    expect(paymentTypeForProvider('PLASTIQ_CC')).toBe('CC');
    expect(paymentTypeForProvider('priority-ach')).toBe('ACH');
    expect(paymentTypeForProvider('direct-ach')).toBe('ACH');
    expect(paymentTypeForProvider('acc')).toBe('ACH');
  });

  it('label: the name cut to 10 characters (5 below 420 px), then the last four', () => {
    expect(paymentMethodLabel('Visa Business', '4821', false)).toBe('Visa Busin 4821');
    expect(paymentMethodLabel('Visa Business', '4821', true)).toBe('Visa 4821');
    expect(paymentMethodLabel('Checking', '6789', false)).toBe('Checking 6789');
    expect(paymentMethodLabel('Operating Account', '0042', true)).toBe('Opera 0042');
    expect(paymentMethodLabel('', '0042', false)).toBe('0042');
    expect(isNarrowWidth(375)).toBe(true);
    expect(isNarrowWidth(419)).toBe(true);
    expect(isNarrowWidth(420)).toBe(false);
  });
});

describe('sorting and selection: examples', () => {
  it('requested first, then credits, then due date ascending', () => {
    const invoices = [
      { id: 'late', openAmount: 10, dueDate: '2026-12-20' },
      { id: 'credit', openAmount: -5, dueDate: '2026-12-31' },
      { id: 'early', openAmount: 10, dueDate: '2026-11-01' },
      { id: 'requested-late', openAmount: 10, dueDate: '2026-12-30' },
      { id: 'no-due', openAmount: 10, dueDate: '' },
      { id: 'requested-early', openAmount: 10, dueDate: '2026-10-01' },
    ];
    expect(sortPayableInvoices(invoices, ['requested-late', 'requested-early']).map((i) => i.id)).toEqual([
      'requested-early', 'requested-late', 'credit', 'early', 'late', 'no-due',
    ]);
    expect(invoices[0].id).toBe('late'); // the input is left alone
  });

  it('three-state select-all and its toggle', () => {
    expect(selectAllState([], ['a', 'b'])).toBe('none');
    expect(selectAllState(['a'], ['a', 'b'])).toBe('some');
    expect(selectAllState(new Set(['a', 'b']), ['a', 'b'])).toBe('all');
    expect(selectAllState(['x'], ['a', 'b'])).toBe('none');
    expect(selectAllState([], [])).toBe('none');
    expect(toggleSelectAll(['a', 'b'], ['a', 'b'])).toEqual([]);
    expect(toggleSelectAll(['a'], ['a', 'b'])).toEqual(['a', 'b']);
    expect(toggleSelectAll([], ['a', 'b'])).toEqual(['a', 'b']);
  });
});

// ── properties ──
const invoiceArb = fc.record({
  id: fc.uuid(),
  openAmount: fc.integer({ min: -50_000, max: 500_000 }).map((c) => c / 100),
  dueDate: fc.oneof(fc.constant(''), fc.integer({ min: 0, max: 60 }).map((n) => `2026-${String(10 + Math.floor(n / 28)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`)),
});
const listArb = fc.uniqueArray(invoiceArb, { selector: (i) => i.id, maxLength: 40 }).chain((list) =>
  fc.tuple(fc.constant(list), fc.subarray(list.map((i) => i.id))),
);

describe('sorting and selection: properties', () => {
  it('sort puts requested first, then credits, then due dates ascending (empty last), keeping every invoice once', () => {
    fc.assert(fc.property(listArb, ([list, requestedIds]) => {
      const requested = new Set(requestedIds);
      const sorted = sortPayableInvoices(list, requestedIds);
      expect([...sorted].sort((a, b) => a.id.localeCompare(b.id))).toEqual([...list].sort((a, b) => a.id.localeCompare(b.id)));
      const key = (i: (typeof list)[number]) => [requested.has(i.id) ? 0 : 1, i.openAmount < 0 ? 0 : 1, i.dueDate === '' ? '9999' : i.dueDate] as const;
      for (let n = 1; n < sorted.length; n++) {
        const [r0, c0, d0] = key(sorted[n - 1]);
        const [r1, c1, d1] = key(sorted[n]);
        expect(r0 < r1 || (r0 === r1 && (c0 < c1 || (c0 === c1 && d0 <= d1)))).toBe(true);
        // Stable: equal keys keep their input order.
        if (r0 === r1 && c0 === c1 && d0 === d1) expect(list.indexOf(sorted[n - 1])).toBeLessThan(list.indexOf(sorted[n]));
      }
    }));
  });

  it('toggling select-all always ends in all or none, and twice from all gives all back', () => {
    fc.assert(fc.property(listArb, ([list, selected]) => {
      const ids = list.map((i) => i.id);
      const once = toggleSelectAll(selected, ids);
      const state = selectAllState(once, ids);
      if (ids.length === 0) expect(state).toBe('none');
      else expect(state).toBe(selectAllState(selected, ids) === 'all' ? 'none' : 'all');
      expect(selectAllState(toggleSelectAll(toggleSelectAll(ids, ids), ids), ids)).toBe(ids.length ? 'all' : 'none');
    }));
  });

  it('select-all state follows the count of selected listed invoices', () => {
    fc.assert(fc.property(listArb, ([list, selected]) => {
      const expected = selected.length === 0 ? 'none' : selected.length === list.length ? 'all' : 'some';
      expect(selectAllState(selected, list.map((i) => i.id))).toBe(expected);
    }));
  });

  it('pay-page numbers are shown whole up to 9 characters and as "..." + the last 10 beyond', () => {
    fc.assert(fc.property(fc.string({ maxLength: 30 }), (num) => {
      const shown = payInvoiceNumber(num);
      const length = Array.from(num).length;
      if (length <= 9) expect(shown).toBe(num);
      else expect(shown).toBe(`...${Array.from(num).slice(-10).join('')}`);
    }));
  });

  it('method labels never show more than 10 (narrow: 5) characters of the name and always end with the last four', () => {
    fc.assert(fc.property(fc.string({ minLength: 1, maxLength: 40 }), fc.stringMatching(/^\d{4}$/), fc.boolean(), (name, four, narrow) => {
      const label = paymentMethodLabel(name, four, narrow);
      expect(label.endsWith(four)).toBe(true);
      const namePart = label.slice(0, -4).trimEnd();
      expect(Array.from(namePart).length).toBeLessThanOrEqual(narrow ? 5 : 10);
      expect(name.trim().startsWith(namePart)).toBe(true);
    }));
  });
});

describe('payment form validity (§5)', () => {
  const valid: PaymentFormInput = {
    termsAccepted: true,
    method: { id: 'pm-1', verificationRequired: false },
    paymentDate: '2026-11-24',
    totalCents: 0,
    invoiceCount: 1,
  };

  it('is valid with terms, a usable method, a date, a total ≥ 0 and an invoice', () => {
    expect(isPaymentFormValid(valid)).toBe(true);
  });

  it('names each broken rule', () => {
    expect(paymentFormProblems({ ...valid, termsAccepted: false })).toEqual(['terms']);
    expect(paymentFormProblems({ ...valid, method: null })).toEqual(['method']);
    expect(paymentFormProblems({ ...valid, method: { id: '' } })).toEqual(['method']);
    expect(paymentFormProblems({ ...valid, method: { id: 'pm-2', verificationRequired: true } })).toEqual(['verification']);
    expect(paymentFormProblems({ ...valid, paymentDate: null })).toEqual(['date']);
    expect(paymentFormProblems({ ...valid, totalCents: -1 })).toEqual(['total']);
    expect(paymentFormProblems({ ...valid, invoiceCount: 0 })).toEqual(['invoices']);
  });
});
