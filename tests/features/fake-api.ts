/**
 * Answers of the fake API (msw) that every page test's frame asks for, so each test lists only what its page is
 * about: `setupServer(...frameHandlers(vendorId, locationId), http.get(…the page's own calls…))`.
 */
import { http, HttpResponse } from 'msw';
import { location, vendor } from './shell/fixtures';

/** No announcements: neither the public file, nor the global ones, nor the vendor's. */
export function noAnnouncementHandlers() {
  return [
    http.get('*/static/announcements.json', () => HttpResponse.json({ announcements: [] })),
    http.get('*/api/announcements', () => HttpResponse.json({ announcements: [] })),
    http.get('*/api/vendors/:vendorId/announcements', () => HttpResponse.json({ announcements: [] })),
  ];
}

/**
 * No announcements, and the contact's one vendor (Coastal Produce Co.) with its one location (Blue Heron Grill);
 * `locationExtra` adds fields to that location, read on every request (e.g. whether it has unread messages).
 */
export function frameHandlers(vendorId: string, locationId: string, locationExtra: () => object = () => ({})) {
  return [
    ...noAnnouncementHandlers(),
    http.get('*/api/vendors', () => HttpResponse.json({ vendors: [vendor(vendorId, 'Coastal Produce Co.')] })),
    http.get('*/api/vendors/:vendorId/locations', () =>
      HttpResponse.json({ locations: [{ ...location(locationId, vendorId, 'Blue Heron Grill'), ...locationExtra() }] })),
  ];
}

/**
 * `GET /config` as the pay page reads it: no holidays, no EPA texts, and 30 days both for paying and for an AutoPay
 * start date.
 */
export function payConfigHandler() {
  return http.get('*/api/config', ({ request }) => {
    const key = new URL(request.url).searchParams.get('key');
    if (key === 'holidays') return HttpResponse.json({ holidays: [] });
    if (key === 'epa') return HttpResponse.json({ epa: {} });
    return HttpResponse.json({ configuration: { paymentRequest: { c2pPaymentDays: 30 }, autopayConfig: { startDateTimeFrame: 30 } } });
  });
}
