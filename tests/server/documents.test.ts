// @vitest-environment node
/** `GET .../invoices/{id}/details` and `GET .../qbopdf/{externalId}`: the invoice copy as a real PDF document. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesContract } from './helpers/contract.js';
import type { TestServer } from './helpers/app.js';
import { demoRequests, locPath, startDemoSession } from './helpers/demo-session.js';
import { checkPdfStructure, pdfText } from './helpers/pdf.js';

let s: TestServer;
let token: string;
beforeAll(async () => ({ s, token } = await startDemoSession()));
afterAll(() => s?.close());
const { blueHeron, coastal, get, invoiceByNumber } = demoRequests(() => ({ s, token }));

function expectPdf(res: { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer }, number: string) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(String(res.headers['content-disposition'])).toMatch(new RegExp(`^inline; filename="invoice-${number}\\.pdf"`));
  expect(res.headers['cache-control']).toBe('no-store');
  const pdf = res.rawPayload;
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const structure = checkPdfStructure(pdf);
  expect(structure.problems).toEqual([]);
  expect(structure.objectCount).toBeGreaterThan(5);
  // the content streams are compressed: the number is not readable in the raw bytes, only after inflating
  expect(pdf.toString('latin1')).toMatch(/\/FlateDecode/);
  return { pdf, text: pdfText(pdf) };
}

describe('GET .../invoices/{invoiceId}/details', () => {
  it('answers the invoice copy as a PDF with vendor, remit address, location, number, dates, PO/Ref, ship-to, amounts, status and a pay link', async () => {
    const invoice = await invoiceByNumber('INV4410902');
    const res = await get(`${blueHeron()}/invoices/${invoice.id}/details`);
    const { pdf, text } = expectPdf(res, 'INV4410902');
    expect(text).toContain('Invoice INV4410902');
    expect(text).toContain('INV4410902');
    expect(text).toContain('PerformancePay'); // brand (config.appName)
    expect(text).toContain('Performance Foodservice');
    expect(text).toContain('7850 Forest Point Blvd'); // remit address
    expect(text).toContain('Charlotte, NC 28273');
    expect(text).toContain('Blue Heron Grill'); // location
    expect(text).toContain('BH-PO-7768'); // PO/Ref
    expect(text).toContain('0041-01 - Blue Heron Grill \u2013 Main Kitchen'); // ship-to (en dash survives WinAnsi)
    expect(text).toContain('$475.00'); // open amount
    expect(text).toMatch(/Status: Open/);
    const [y, m, d] = String(invoice.dueDate).slice(0, 10).split('-');
    expect(text).toContain(`${Number(m)}/${Number(d)}/${y.slice(2)}`); // due date M/D/YY
    // the pay link: the portal's public address, clickable, without the caller's token
    expect(text).toContain('http://portal.test/');
    expect(pdf.toString('latin1')).toMatch(/\/URI \(http:\/\/portal\.test\/\)/);
    expect(pdf.toString('latin1')).not.toContain(token);
    expect(text).not.toContain(token);
  });

  it('answers a closed invoice too, with status Closed', async () => {
    const closed = await invoiceByNumber('INV4409870');
    const { text } = expectPdf(await get(`${blueHeron()}/invoices/${closed.id}/details`), 'INV4409870');
    expect(text).toMatch(/Status: Closed/);
    expect(text).toContain('$0.00');
  });

  it('answers 404 for another contact\'s invoice, an invoice of another location and an unknown id', async () => {
    const other = await invoiceByNumber('INV4410722'); // Saltmarsh: the other contact's
    for (const url of [
      `${blueHeron()}/invoices/${other.id}/details`,
      `${locPath(s.demo.vendors.pfg, s.demo.locations.saltmarsh)}/invoices/${other.id}/details`,
      `${locPath(s.demo.vendors.pfg, s.demo.locations.harborStreet)}/invoices/${(await invoiceByNumber('INV4410902')).id}/details`,
      `${blueHeron()}/invoices/00000000-0000-4000-8000-000000000000/details`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expectMatchesContract('getInvoicePdf', 404, res.json());
      expect(res.json().errorCode).toBe('not_found');
    }
  });

  it('refuses a malformed id with 400 and a missing token with 401', async () => {
    const bad = await get(`${blueHeron()}/invoices/nope/details`);
    expect(bad.statusCode).toBe(400);
    expectMatchesContract('getInvoicePdf', 400, bad.json());
    const invoice = await invoiceByNumber('INV4410902');
    const anonymous = await s.app.inject({ url: `${blueHeron()}/invoices/${invoice.id}/details` });
    expect(anonymous.statusCode).toBe(401);
    expectMatchesContract('getInvoicePdf', 401, anonymous.json());
  });
});

describe('GET .../qbopdf/{externalId}', () => {
  it('answers the copy of a QBO invoice by its external id', async () => {
    const qbo = await invoiceByNumber('1047');
    expect(qbo.createType).toBe('QBO');
    const { text } = expectPdf(await get(`${coastal()}/qbopdf/${encodeURIComponent(qbo.externalId)}`), '1047');
    expect(text).toContain('Invoice 1047');
    expect(text).toContain('$845.00');
    expect(text).toContain('1120 Morrison Dr');
  });

  it('answers 404 for a non-QBO invoice, an unknown external id and another contact\'s location', async () => {
    const erp = await invoiceByNumber('CPC-10482');
    const qbo = await invoiceByNumber('1047');
    for (const url of [
      `${coastal()}/qbopdf/${encodeURIComponent(erp.externalId)}`,
      `${coastal()}/qbopdf/no-such-invoice`,
      `${blueHeron()}/qbopdf/${encodeURIComponent(qbo.externalId)}`,
      `${locPath(s.demo.vendors.pfg, s.demo.locations.saltmarsh)}/qbopdf/${encodeURIComponent(qbo.externalId)}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expectMatchesContract('getQboInvoicePdf', 404, res.json());
    }
  });
});
