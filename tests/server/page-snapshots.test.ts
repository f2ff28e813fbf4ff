// @vitest-environment node
/**
 * Issue 34, first slice (docs/token-page-hydration.md): what a token page's machines reached on the server is enough
 * to render the same page again. Each page is rendered by the app itself on the real server-side build
 * (`dist/.ssr/first-screen.mjs`) against the real API with the demo data; its actors' snapshots (the hooks' machines by
 * their React id, the session's slices) go through the page's text encoding (core/api/hydration.ts) and back; a second
 * render restored from them — with every API call refused — must give the same markup in every width class, ask
 * nothing, and reach the same snapshots. That is what the browser's hydration will rely on.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiAnswer, PageRender, PageRenderInput } from '../../core/api/bootstrap';
import { decodeSnapshots, encodeSnapshots } from '../../core/api/hydration';
import { RENDER_VIEWPORTS } from '../../src/ui/server-viewport';
import { buildPortal, sharedBuild } from '../../scripts/bench/bundle-size';
import { FIRST_SCREEN_MODULE } from '../../server/http/first-screen.js';
import { startTestServer, type TestServer } from './helpers/app.js';

let s: TestServer;
let work: string;
let render: (input: PageRenderInput) => Promise<PageRender>;
let token: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'page-snapshots-'));
  const dist = (await sharedBuild('portal', buildPortal, path.join(work, 'portal'))).outDir;
  s = await startTestServer({ config: { distDir: dist } });
  token = await s.token({});
  ({ renderPageFirstScreen: render } = (await import(pathToFileURL(path.join(dist, FIRST_SCREEN_MODULE)).href)) as { renderPageFirstScreen: typeof render });
}, 600_000);
afterAll(async () => {
  await s?.close();
  rmSync(work, { recursive: true, force: true });
});

const TEMPORAL = { Instant: Temporal.Instant, PlainDate: Temporal.PlainDate, PlainDateTime: Temporal.PlainDateTime, ZonedDateTime: Temporal.ZonedDateTime, PlainTime: Temporal.PlainTime };

async function renderOnce(pagePath: string, restore?: PageRenderInput['restore']): Promise<{ result: PageRender; asked: string[] }> {
  const asked: string[] = [];
  const get = async (pathWithQuery: string): Promise<ApiAnswer> => {
    asked.push(pathWithQuery);
    if (restore) return { status: 503, body: { errorCode: 'unavailable', message: 'no answers for a restored render' } };
    const res = await s.app.inject({ method: 'GET', url: `/api${pathWithQuery}`, headers: { authorization: `ContactAccess ${token}`, accept: 'application/json' } });
    return { status: res.statusCode, body: res.body ? (res.json() as unknown) : undefined };
  };
  const result = await render({ path: `/token/${token}${pagePath}`, token, api: {}, files: {}, get, timeoutMs: 5000, ...(restore ? { restore } : {}) });
  return { result, asked };
}

const location = () => `/vendors/${s.demo.vendors.pfg}/locations/${s.demo.locations.blueHeron}`;
const PAGES: [string, () => string][] = [
  ['the vendor chooser', () => '/vendors'],
  ['the location chooser', () => `/vendors/${s.demo.vendors.pfg}/locations`],
  ['the dashboard', () => location()],
  ['click-to-pay', () => `${location()}/click2pay`],
  ['the invoices', () => `${location()}/invoices`],
  ['the payments', () => `${location()}/payments`],
  ['the messages', () => `${location()}/messages`],
  ['the reminders', () => `${location()}/reminders`],
  ['the statement', () => `${location()}/statement`],
  ['the resolution center', () => `${location()}/resolutioncenter`],
  ['the remit form', () => `${location()}/remit`],
  ['the profile', () => `${location()}/profile`],
  ['talk to us', () => `${location()}/talktous`],
];

describe('a page rendered again from its actors’ snapshots', () => {
  it.each(PAGES)('%s: the same markup in every width, without asking anything', async (_name, pagePath) => {
    const first = await renderOnce(pagePath());
    expect(first.result.markup, 'the page renders on the server').not.toBeNull();
    expect(first.asked.length).toBeGreaterThan(0);
    const snapshots = first.result.snapshots!;
    expect(Object.keys(snapshots.actors).length + Object.keys(snapshots.session).length).toBeGreaterThan(0);

    // through the page's text and back, as the browser will read it
    const actors = decodeSnapshots(encodeSnapshots(snapshots.actors, TEMPORAL)!, TEMPORAL)!;
    const session = decodeSnapshots(encodeSnapshots(snapshots.session, TEMPORAL)!, TEMPORAL)!;
    expect(actors).not.toBeNull();
    expect(session).not.toBeNull();

    const again = await renderOnce(pagePath(), { actors, session });
    expect(again.asked).toEqual([]);
    expect(again.result.markup).toEqual(first.result.markup);
    expect(encodeSnapshots(again.result.snapshots!.actors, TEMPORAL)).toBe(encodeSnapshots(snapshots.actors, TEMPORAL));
  });

  it('the dashboard writes nothing while the server renders it (its visit waits for the browser): its snapshots are carried, with the unread count', async () => {
    const first = await renderOnce(location());
    expect(first.result.hydration, 'a render whose actors tried to write carries no snapshots').toBeDefined();
    expect(first.asked.some((p) => p.endsWith('/visits'))).toBe(false);
    const dashboard = Object.values(first.result.snapshots!.actors).find((a) => a.machine === 'dashboard');
    expect((dashboard?.snapshot as { value?: unknown })?.value).toMatchObject({ visit: 'waiting', autopay: expect.any(String), plans: expect.any(String) });
    const unread = Object.values(first.result.snapshots!.actors).find((a) => a.machine === 'unreadMessages');
    expect((unread?.snapshot as { value?: unknown })?.value).not.toBe('waiting'); // the location was told: counted, or none
  });

  it('the statement writes nothing while the server renders it (its mark and the ad banner wait for the browser): its snapshots are carried', async () => {
    const first = await renderOnce(`${location()}/statement`);
    expect(first.result.hydration, 'a render whose actors tried to write carries no snapshots').toBeDefined();
    expect(first.asked.some((p) => /statementrequest|advertisements/.test(p))).toBe(false);
    const statement = Object.values(first.result.snapshots!.actors).find((a) => a.machine === 'statement');
    expect((statement?.snapshot as { context?: { shown?: boolean; markSent?: boolean } })?.context).toMatchObject({ shown: false, markSent: false });
  });

  it('restores a snapshot only into the machine it came from', async () => {
    const first = await renderOnce(PAGES[0]![1]());
    const actors = Object.fromEntries(Object.entries(first.result.snapshots!.actors).map(([id, a]) => [id, { ...a, machine: 'someOtherMachine' }]));
    const again = await renderOnce(PAGES[0]![1](), { actors, session: first.result.snapshots!.session });
    // not restored: the page's own machine asks again (refused here), so it is not the same page
    expect(again.asked.length).toBeGreaterThan(0);
  });
});

describe('the width classes a page is rendered for', () => {
  it('a width class is rendered only where some part of the page decides otherwise than in one already rendered', async () => {
    const dashboard = await renderOnce(location());
    const invoices = await renderOnce(`${location()}/invoices`);
    const pay = await renderOnce(`${location()}/click2pay`);
    const classes = RENDER_VIEWPORTS.map((v) => v.name).sort();
    for (const page of [dashboard, invoices, pay]) expect(Object.keys(page.result.markup!).sort()).toEqual(classes);
    // click-to-pay: its table's phone row below 550 px, its method labels cut below 420 px — three markups, each rendered
    expect(new Set(Object.values(pay.result.markup!)).size).toBe(3);
    expect(pay.result.widthsRendered).toBe(3);
    // the invoices' table: the phone row at 480 and at 375 px alike — the 480 px render serves both
    expect(invoices.result.markup!.narrow).toBe(invoices.result.markup!.phone);
    expect(invoices.result.markup!.phone).not.toBe(invoices.result.markup!.wide);
    expect(invoices.result.widthsRendered).toBe(2);
    // the dashboard reads no width: one markup for every class, made by the widest class's passes alone
    expect(new Set(Object.values(dashboard.result.markup!)).size).toBe(1);
    expect(dashboard.result.widthsRendered).toBe(1);
    // and so does the same page again from its snapshots, as the browser's dry run would
    const again = await renderOnce(location(), { actors: dashboard.result.snapshots!.actors, session: dashboard.result.snapshots!.session });
    expect(again.result.markup).toEqual(dashboard.result.markup);
    expect(again.result.widthsRendered).toBe(1);
  });
});

describe('the snapshots’ text', () => {
  it('carries Temporal values, sets, dates and errors, and refuses functions', () => {
    const snapshots = {
      a: { machine: 'm', snapshot: { at: Temporal.Instant.from('2026-11-29T12:00:00Z'), day: Temporal.PlainDate.from('2026-11-29'), picked: new Set(['x']), when: new Date(0), missing: undefined, error: Object.assign(new Error('busy'), { status: 503 }) } },
    };
    const back = decodeSnapshots(encodeSnapshots(snapshots, TEMPORAL)!, TEMPORAL)!;
    const snapshot = back.a!.snapshot as Record<string, unknown>;
    expect((snapshot.at as Temporal.Instant).equals(Temporal.Instant.from('2026-11-29T12:00:00Z'))).toBe(true);
    expect((snapshot.day as Temporal.PlainDate).toString()).toBe('2026-11-29');
    expect(snapshot.picked).toEqual(new Set(['x']));
    expect(snapshot.when).toEqual(new Date(0));
    expect('missing' in snapshot).toBe(true);
    expect(snapshot.error).toBeInstanceOf(Error);
    expect(snapshot.error).toMatchObject({ message: 'busy', status: 503 });
    expect(encodeSnapshots({ a: { machine: 'm', snapshot: { make: () => 1 } } })).toBeNull();
    expect(decodeSnapshots('not devalue')).toBeNull();
    // safe inside a script element: no `</script>` can close it (devalue escapes `<`), and the text comes back whole
    const hostile = { a: { machine: 'm', snapshot: { text: '</script><script>alert(1)</script><!--' } } };
    expect(encodeSnapshots(hostile)).not.toMatch(/<\/script|<!--/i);
    expect(decodeSnapshots(encodeSnapshots(hostile)!)).toEqual(hostile);
  });
});
