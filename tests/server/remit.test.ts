// @vitest-environment node
/**
 * Remit form: `POST .../journeys` ("Remit form printed" on the selected invoices' journeys) and
 * `POST .../remit/pdf` (the remit slip as a PDF). Scoped to the token's contact, vendor and location; bad input → 400
 * and nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesContract } from './helpers/contract.js';
import type { TestServer } from './helpers/app.js';
import { demoRequests, locPath, startDemoSession } from './helpers/demo-session.js';
import { checkPdfStructure, pdfText } from './helpers/pdf.js';
import { formatCurrency } from '../../core/rules/dollars.js';

let s: TestServer;
let token: string;
beforeAll(async () => ({ s, token } = await startDemoSession()));
afterAll(() => s?.close());
const { blueHeron, post, invoiceByNumber } = demoRequests(() => ({ s, token }));
const openAt = (locationId: string) =>
  s.db.selectFrom('invoices').selectAll().where('locationId', '=', locationId).where('payable', '=', true).where('deletedAt', 'is', null).where('openAmountCents', '>', 0 as never).orderBy('displayInvNum').execute();
const journeyCount = async () => Number((await s.db.selectFrom('invoiceJourneys').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('POST .../journeys (Remit form printed)', () => {
  it('records the entry on every listed invoice; the invoices\' journeys show it, newest first', async () => {
    const [a, b] = await openAt(s.demo.locations.blueHeron);
    const res = await post(`${blueHeron()}/journeys`, { type: 'Remit form printed', invoiceIds: [a.id, b.id] });
    expect(res.statusCode).toBe(204);
    for (const invoice of [a, b]) {
      const journey = await s.app.inject({ url: `${blueHeron()}/invoices/${invoice.id}/journey`, headers: s.auth(token) });
      expect(journey.statusCode).toBe(200);
      expectMatchesContract('getInvoiceJourney', 200, journey.json());
      expect(journey.json().journeys[0].action).toBe('Remit form printed');
    }
  });

  it('answers 404 and writes nothing when one id is another contact\'s, another location\'s or unknown', async () => {
    const [mine] = await openAt(s.demo.locations.blueHeron);
    const other = await invoiceByNumber('INV4410722'); // Saltmarsh: the other contact's
    const [harbor] = await openAt(s.demo.locations.harborStreet);
    const before = await journeyCount();
    for (const foreign of [other.id, harbor.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await post(`${blueHeron()}/journeys`, { type: 'Remit form printed', invoiceIds: [mine.id, foreign] });
      expect(res.statusCode, foreign).toBe(404);
      expectMatchesContract('recordJourney', 404, res.json());
    }
    // the other contact's location itself is out of scope
    const res = await post(`${locPath(s.demo.vendors.pfg, s.demo.locations.saltmarsh)}/journeys`, { type: 'Remit form printed', invoiceIds: [other.id] });
    expect(res.statusCode).toBe(404);
    expect(await journeyCount()).toBe(before);
  });

  it('answers 400 and writes nothing for bad input; 401 without a token', async () => {
    const [mine] = await openAt(s.demo.locations.blueHeron);
    const before = await journeyCount();
    for (const payload of [
      { type: 'Printed', invoiceIds: [mine.id] },
      { type: 'Remit form printed', invoiceIds: [] },
      { type: 'Remit form printed', invoiceIds: [mine.id, mine.id] },
      { type: 'Remit form printed', invoiceIds: ['nope'] },
      { type: 'Remit form printed' },
      { type: 'Remit form printed', invoiceIds: [mine.id], extra: 1 },
    ]) {
      const res = await post(`${blueHeron()}/journeys`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expectMatchesContract('recordJourney', 400, res.json());
    }
    expect((await post(`${blueHeron()}/journeys`, { type: 'Remit form printed', invoiceIds: [mine.id] }, null)).statusCode).toBe(401);
    expect(await journeyCount()).toBe(before);
  });
});

describe('POST .../remit/pdf', () => {
  it('answers the remit slip: title, printed-on date, remit address, location, account, rows, comments, totals, fold line', async () => {
    const [a, b] = await openAt(s.demo.locations.blueHeron);
    const res = await post(`${blueHeron()}/remit/pdf`, {
      invoices: [
        { invoiceId: a.id, amount: Number(a.openAmountCents) / 100, comment: '' },
        { invoiceId: b.id, amount: 12.5, comment: 'Short shipped two cases' },
      ],
      lines: [],
      comments: 'Check 4471 enclosed',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="remit-form-\d{4}-\d{2}-\d{2}\.pdf"$/);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(checkPdfStructure(pdf).problems).toEqual([]);
    const text = pdfText(pdf);
    for (const expected of ['Remit Form', 'Printed on', 'Fold Here', 'Remit to', '7850 Forest Point Blvd', 'Charlotte, NC 28273', 'Blue Heron Grill', 'Account',
      a.displayInvNum, b.displayInvNum, 'Short shipped two cases', 'Check 4471 enclosed', 'Subtotal', 'Credits', 'Total', '$12.50']) {
      expect(text).toContain(expected);
    }
    const total = Number(a.openAmountCents) + 1250;
    expect(text).toContain(formatCurrency(total));
    expect(pdf.toString('latin1')).not.toContain(token);
  });

  it('prints the numbered blank lines and the printed empty text when there are no invoices', async () => {
    const res = await post(`${blueHeron()}/remit/pdf`, { invoices: [], lines: [{ description: 'Deposit', amount: 40 }, { description: 'Return credit', amount: -5.25 }, { description: '', amount: null }], comments: '' });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('There are no open invoices at this time.');
    expect(text).toContain('1. Deposit');
    expect(text).toContain('2. Return credit');
    expect(text).toContain('$40.00');
    expect(text).toContain('-$5.25');
    expect(text).toContain('$34.75');
  });

  it('answers 404 for another contact\'s or another location\'s invoice, 400 for bad input', async () => {
    const [mine] = await openAt(s.demo.locations.blueHeron);
    const other = await invoiceByNumber('INV4410722');
    const notFound = await post(`${blueHeron()}/remit/pdf`, { invoices: [{ invoiceId: other.id, amount: 1, comment: '' }], lines: [], comments: '' });
    expect(notFound.statusCode).toBe(404);
    expectMatchesContract('getRemitPdf', 404, notFound.json());
    for (const payload of [
      { invoices: [{ invoiceId: mine.id, amount: 1.234, comment: '' }], lines: [], comments: '' },
      { invoices: [{ invoiceId: mine.id, amount: 1, comment: 'two\nlines' }], lines: [], comments: '' },
      { invoices: [{ invoiceId: mine.id, amount: 1, comment: 'x'.repeat(251) }], lines: [], comments: '' },
      { invoices: [{ invoiceId: mine.id, amount: 1, comment: '' }, { invoiceId: mine.id, amount: 2, comment: '' }], lines: [], comments: '' },
      { invoices: [], lines: [], comments: 'y'.repeat(1001) },
      { invoices: [], lines: Array.from({ length: 6 }, () => ({ description: '', amount: null })), comments: '' },
      { invoices: [], lines: [] },
    ]) {
      const res = await post(`${blueHeron()}/remit/pdf`, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expectMatchesContract('getRemitPdf', 400, res.json());
    }
  });

  it('answers 400 naming the amount for sums cents cannot hold, beyond the bound or with fractions of a cent — never a 500 — and writes nothing', async () => {
    const [mine] = await openAt(s.demo.locations.blueHeron);
    const before = await journeyCount();
    const cases: Array<[string, unknown, string]> = [
      ['2^53 on an invoice row', { invoices: [{ invoiceId: mine.id, amount: 9007199254740992, comment: '' }], lines: [], comments: '' }, 'invoices[0].amount'],
      ['-2^53 on an invoice row', { invoices: [{ invoiceId: mine.id, amount: -9007199254740992, comment: '' }], lines: [], comments: '' }, 'invoices[0].amount'],
      ['1e21 on a blank line', { invoices: [], lines: [{ description: 'x', amount: 1e21 }], comments: '' }, 'lines[0].amount'],
      ['one cent over the bound', { invoices: [{ invoiceId: mine.id, amount: 1_000_000_000, comment: '' }], lines: [], comments: '' }, 'invoices[0].amount'],
      ['a tenth of a cent', { invoices: [], lines: [{ description: 'x', amount: 0.001 }], comments: '' }, 'lines[0].amount'],
      ['a fraction of a cent on a credit', { invoices: [], lines: [{ description: 'ok', amount: 1 }, { description: 'x', amount: -19.999 }], comments: '' }, 'lines[1].amount'],
    ];
    for (const [name, payload, field] of cases) {
      const res = await post(`${blueHeron()}/remit/pdf`, payload);
      expect(res.statusCode, name).toBe(400);
      expectMatchesContract('getRemitPdf', 400, res.json());
      expect(res.json(), name).toMatchObject({ errorCode: 'validation_failed', field });
      expect(res.json().message, name).toMatch(new RegExp(`^${field.replace(/[[\].]/g, '\\$&')}: `));
    }
    // the bound itself is fine
    const atBound = await post(`${blueHeron()}/remit/pdf`, { invoices: [], lines: [{ description: 'x', amount: 999_999_999.99 }, { description: 'y', amount: -999_999_999.99 }], comments: '' });
    expect(atBound.statusCode).toBe(200);
    expect(pdfText(atBound.rawPayload)).toContain('$999,999,999.99');
    expect(await journeyCount()).toBe(before);
  });
});
