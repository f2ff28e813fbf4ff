// @vitest-environment jsdom
/** The ads call under the one URL rule (core/rules/safe-url.ts), against an MSW handler shaped like the contract. */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { setAuthToken } from '../../core/api/client';
import { loadAds } from '../../machines/statement/statement.actors';

const vendorId = 'a0000000-0000-4000-8000-0000000000aa';
const ad = (n: number, fileUrl: string, clickUrl: string | null) => ({ fileId: `ad000000-0000-4000-8000-00000000000${n}`, fileUrl, clickUrl, order: n, duration: 5 });
const server = setupServer(
  http.get(`*/api/vendors/${vendorId}/advertisements`, () => {
    const ads = [
      ad(1, 'javascript:alert(1)', 'https://example.com/a'),
      ad(2, '/static/ads/b.svg', 'javascript:alert(1)'),
      ad(3, '//evil.example/c.png', null),
      ad(4, '/static/ads/d.svg', 'https://example.com/d'),
    ];
    return HttpResponse.json({ advertisements: Object.fromEntries(ads.map((a) => [a.fileId, a])) });
  }),
);
beforeAll(() => { setAuthToken('t'.repeat(43)); server.listen({ onUnhandledRequest: 'error' }); });
afterAll(() => { server.close(); setAuthToken(null); });

it('leaves out an ad whose image URL is not http(s) or site-relative, and drops a bad click URL', async () => {
  const ads = await toPromise(createActor(loadAds, { input: { vendorId } }).start());
  expect(ads.map((a) => [a.fileUrl, a.clickUrl])).toEqual([
    ['/static/ads/b.svg', null],
    ['/static/ads/d.svg', 'https://example.com/d'],
  ]);
});
