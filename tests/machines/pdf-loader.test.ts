// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { modelJourney } from '../../machines/invoice-journey/invoice-journey.model';
import { fetchPdf, isRedirectableUrl, pdfUrlFactory } from '../../machines/pdf-loader/pdf-loader.actors';
import { pdfLoaderMachine } from '../../machines/pdf-loader/pdf-loader.machine';
import { modelPdfInput } from '../../machines/pdf-loader/pdf-loader.model';

const pdfBytes = new TextEncoder().encode('%PDF-1.7\n%%EOF\n');
const calls: string[] = [];
let invoice = modelJourney.invoice;
const server = setupServer(
  http.get('*/api/vendors/:v/locations/:l/invoices/:id/journey', () => HttpResponse.json({ ...modelJourney, invoice })),
  http.get('*/api/vendors/:v/locations/:l/invoices/:id/details', ({ request }) => {
    calls.push(new URL(request.url).pathname);
    return new HttpResponse(pdfBytes, { headers: { 'Content-Type': 'application/pdf' } });
  }),
  http.get('*/api/vendors/:v/locations/:l/qbopdf/:externalId', ({ request }) => {
    calls.push(new URL(request.url).pathname);
    return new HttpResponse(pdfBytes, { headers: { 'Content-Type': 'application/pdf' } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => { calls.length = 0; invoice = modelJourney.invoice; server.resetHandlers(); });
afterAll(() => server.close());

function run(output: () => Promise<string>) {
  const openPdf = vi.fn();
  const actor = createActor(pdfLoaderMachine.provide({ actors: { fetchPdf: fromPromise(output) }, actions: { openPdf: (_, url) => openPdf(url) } }), { input: modelPdfInput }).start();
  return { actor, openPdf };
}

describe('PDF loader machine', () => {
  it('redirects to an http, https, ftp or blob URL', async () => {
    for (const url of ['blob:http://localhost/abc', 'https://x.test/a.pdf', 'http://x.test/a.pdf', 'ftp://x.test/a.pdf']) {
      const { actor, openPdf } = run(async () => url);
      await waitFor(actor, (s) => s.status === 'done');
      expect(actor.getSnapshot().value).toBe('loaded');
      expect(openPdf).toHaveBeenCalledWith(url);
    }
  });

  it('never redirects to another protocol, nor after a failed fetch', async () => {
    for (const output of [async () => 'javascript:alert(1)', async () => 'data:application/pdf;base64,AAAA', async () => 'not a url', async () => { throw new Error('Unable to fetch PDF'); }]) {
      const { actor, openPdf } = run(output);
      await waitFor(actor, (s) => s.matches('failed'));
      expect(openPdf).not.toHaveBeenCalled();
    }
    expect(isRedirectableUrl('BLOB:http://x/1')).toBe(true);
  });
});

describe('fetchPdf actor', () => {
  const urlOf = vi.spyOn(pdfUrlFactory, 'create');
  it('fetches the invoice PDF bytes and answers a blob URL of an application/pdf Blob', async () => {
    urlOf.mockImplementation(() => 'blob:http://localhost/1');
    const url = await new Promise<string>((resolve, reject) => {
      const a = createActor(fetchPdf, { input: modelPdfInput });
      a.subscribe({ complete: () => resolve(a.getSnapshot().output!), error: reject });
      a.start();
    });
    expect(url).toBe('blob:http://localhost/1');
    expect(calls).toEqual([`/api/vendors/${modelPdfInput.vendorId}/locations/${modelPdfInput.locationId}/invoices/${modelPdfInput.invoiceId}/details`]);
    const blob = urlOf.mock.calls[0][0];
    expect(blob.type).toBe('application/pdf');
    expect(new TextDecoder().decode(await blob.arrayBuffer())).toMatch(/^%PDF-/);
  });

  it('uses the qbopdf call with the external id for a QBO-type invoice', async () => {
    urlOf.mockImplementation(() => 'blob:http://localhost/2');
    invoice = { ...modelJourney.invoice, createType: 'QBO', externalId: 'QB 77' };
    await new Promise<void>((resolve, reject) => {
      const a = createActor(fetchPdf, { input: modelPdfInput });
      a.subscribe({ complete: () => resolve(), error: reject });
      a.start();
    });
    expect(calls).toEqual([`/api/vendors/${modelPdfInput.vendorId}/locations/${modelPdfInput.locationId}/qbopdf/QB%2077`]);
  });

  it('fails with "Unable to fetch PDF" on a non-PDF or failed answer', async () => {
    server.use(http.get('*/api/vendors/:v/locations/:l/invoices/:id/details', () => HttpResponse.json({ errorCode: 'not_found' }, { status: 404 })));
    const error = await new Promise<unknown>((resolve) => {
      const a = createActor(fetchPdf, { input: modelPdfInput });
      a.subscribe({ complete: () => resolve(null), error: resolve });
      a.start();
    });
    expect((error as Error).message).toBe('Unable to fetch PDF');
  });
});
