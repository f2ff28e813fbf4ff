// @vitest-environment node
/** `GET .../invoices` (open / loadAll / invoiceId / requestInvoiceIds / filters) and `GET .../invoices/{id}/journey`. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceDisplayStatus } from '../../core/rules/invoices.js';
import { expectMatchesContract } from './helpers/contract.js';
import type { TestServer } from './helpers/app.js';
import { demoRequests, startDemoSession } from './helpers/demo-session.js';

let s: TestServer;
let token: string;
beforeAll(async () => ({ s, token } = await startDemoSession()));
afterAll(() => s?.close());
const { coastal: coastalPath, get, invoiceByNumber } = demoRequests(() => ({ s, token }));
const pfgPath = (locationId: string) => `/api/vendors/${s.demo.vendors.pfg}/locations/${locationId}`;

describe('GET .../invoices', () => {
  it('answers the open (payable, not closed) invoices of the location, due date ascending with undated credits last', async () => {
    const res = await get(`${pfgPath(s.demo.locations.blueHeron)}/invoices`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expectMatchesContract('listInvoices', 200, body);
    const nums = body.locationInvoices.map((i: any) => i.displayInvNum);
    // 14 invoices at Blue Heron: 2 closed and 1 scheduled are not open
    expect(nums).toHaveLength(11);
    expect(nums).not.toContain('INV4409870'); // closed
    expect(nums).not.toContain('INV4411601'); // scheduled by AutoPay
    expect(body.locationInvoices.every((i: any) => i.payable && i.deletedAt === null)).toBe(true);
    const dues = body.locationInvoices.map((i: any) => i.dueDate);
    const dated = dues.filter((d: string | null) => d !== null);
    expect(dated).toEqual([...dated].sort());
    expect(dues.slice(-2)).toEqual([null, null]);
    expect(body.requestInvoiceIds).toEqual([]);
  });

  it('shapes an invoice: dollars, negative credits, ship-to "stId - stName", filterName, createType', async () => {
    const res = await get(`${pfgPath(s.demo.locations.blueHeron)}/invoices`);
    const partial = res.json().locationInvoices.find((i: any) => i.displayInvNum === 'INV4410902');
    expect(partial).toMatchObject({
      openAmount: 475,
      poRefId: 'BH-PO-7768',
      shipTo: '0041-01 - Blue Heron Grill – Main Kitchen',
      filterName: 'Blue Heron Grill – Main Kitchen',
      createType: 'ERP',
      status: 'open',
    });
    const credit = res.json().locationInvoices.find((i: any) => i.displayInvNum === 'CM-4411552');
    expect(credit.openAmount).toBe(-212);
    expect(credit.dueDate).toBeNull();
  });

  it('with loadAll=true also answers closed and scheduled invoices; the display status follows from the data', async () => {
    const res = await get(`${pfgPath(s.demo.locations.blueHeron)}/invoices?loadAll=true`);
    expect(res.statusCode).toBe(200);
    expectMatchesContract('listInvoices', 200, res.json());
    const invoices = res.json().locationInvoices;
    expect(invoices).toHaveLength(14);
    const statuses = invoices.map((i: any) => invoiceDisplayStatus(i));
    expect(statuses.filter((x: string) => x === 'Closed')).toHaveLength(2);
    expect(statuses.filter((x: string) => x === 'Scheduled')).toHaveLength(1);
    expect(statuses.filter((x: string) => x === 'Open')).toHaveLength(11);
    const closed = invoices.find((i: any) => i.displayInvNum === 'INV4409870');
    expect(closed.deletedAt).not.toBeNull();
    expect(closed.openAmount).toBe(0);
  });

  it('answers requestInvoiceIds of the active click-to-pay request (token request first), [] for a type without one', async () => {
    const { vendors, locations, requests } = s.demo;
    const request = await s.db.selectFrom('requests').select('invoiceIds').where('id', '=', requests.click2pay).executeTakeFirstOrThrow();
    expect(request.invoiceIds).toHaveLength(3);
    const c2p = await s.token({ type: 'click2pay', vendorId: vendors.coastal, locationId: locations.coastalBlueHeron, requestId: requests.click2pay });
    for (const raw of [c2p, token]) {
      const res = await get(`${coastalPath()}/invoices?type=click2pay`, raw);
      expect(res.statusCode).toBe(200);
      expectMatchesContract('listInvoices', 200, res.json());
      expect([...res.json().requestInvoiceIds].sort()).toEqual([...request.invoiceIds].sort());
    }
    const none = await get(`${pfgPath(locations.blueHeron)}/invoices?type=click2pay`);
    expect(none.json().requestInvoiceIds).toEqual([]);
    const withoutType = await get(`${coastalPath()}/invoices`);
    expect(withoutType.json().requestInvoiceIds).toEqual([]);
  });

  it('with invoiceId answers that one invoice, even a closed one; an invoice of another location or contact is 404', async () => {
    const closed = await invoiceByNumber('INV4409870');
    const res = await get(`${pfgPath(s.demo.locations.blueHeron)}/invoices?invoiceId=${closed.id}`);
    expect(res.statusCode).toBe(200);
    expectMatchesContract('listInvoices', 200, res.json());
    expect(res.json().locationInvoices.map((i: any) => i.id)).toEqual([closed.id]);

    const other = await invoiceByNumber('INV4410722'); // Saltmarsh (the other contact)
    const foreign = await get(`${pfgPath(s.demo.locations.blueHeron)}/invoices?invoiceId=${other.id}`);
    expect(foreign.statusCode).toBe(404);
    expectMatchesContract('listInvoices', 404, foreign.json());
    const scope = await get(`${pfgPath(s.demo.locations.saltmarsh)}/invoices`);
    expect(scope.statusCode).toBe(404);
    expect(scope.json().errorCode).toBe('not_found');
  });

  it('with filters=true answers the ship-to filter options when the vendor has the shipTo column, else none', async () => {
    const res = await get(`${pfgPath(s.demo.locations.blueHeron)}/invoices?filters=true`);
    expect(res.statusCode).toBe(200);
    expectMatchesContract('listInvoices', 200, res.json());
    expect(res.json()).toEqual({
      filters: [
        { filterName: 'Blue Heron Grill – Main Kitchen', filterValue: '0041-01' },
        { filterName: 'Blue Heron Grill – Oyster Bar', filterValue: '0041-02' },
      ],
    });
    const coastal = await get(`${coastalPath()}/invoices?filters=true`);
    expect(coastal.json()).toEqual({ filters: [] });
  });

  it('refuses a malformed invoiceId with 400', async () => {
    const res = await get(`${pfgPath(s.demo.locations.blueHeron)}/invoices?invoiceId=nope`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('validation_failed');
  });
});

describe('GET .../invoices/{invoiceId}/journey', () => {
  it('answers the invoice and its history, newest first', async () => {
    const paid = await invoiceByNumber('INV4409870');
    const res = await get(`${pfgPath(s.demo.locations.blueHeron)}/invoices/${paid.id}/journey`);
    expect(res.statusCode).toBe(200);
    expectMatchesContract('getInvoiceJourney', 200, res.json());
    expect(res.json().invoice.id).toBe(paid.id);
    expect(res.json().journeys.map((j: any) => j.action)).toEqual(['Paid', 'Viewed', 'Email Sent', 'Created']);
  });

  it('answers 404 for an invoice of another contact or another location', async () => {
    const other = await invoiceByNumber('INV4410722');
    const res = await get(`${pfgPath(s.demo.locations.blueHeron)}/invoices/${other.id}/journey`);
    expect(res.statusCode).toBe(404);
    expectMatchesContract('getInvoiceJourney', 404, res.json());
    const elsewhere = await invoiceByNumber('INV4408802'); // Dana's, but at Harbor Street
    const wrongPath = await get(`${pfgPath(s.demo.locations.blueHeron)}/invoices/${elsewhere.id}/journey`);
    expect(wrongPath.statusCode).toBe(404);
  });
});
