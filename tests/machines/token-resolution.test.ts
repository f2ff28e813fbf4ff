import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { tokenResolutionMachine } from '../../machines/token-resolution/token-resolution.machine';
import { selectIsResolving } from '../../machines/token-resolution/token-resolution.selectors';
import { TokenInfoError, toTokenInfo, toTokenInfoFailure } from '../../machines/token-resolution/token-resolution.actors';
import {
  isPassingTokenInfoFailure, locationBase, TOKEN_INFO_RETRIES, TOKEN_INFO_RETRY_MS, tokenErrorPath, tokenRedirectPath, type TokenInfo,
} from '../../machines/token-resolution/token-resolution.redirect';

const TOKEN = 'Qm9vZ1JhbmRvbVRva2VuX3dpdGgtNDMtY2hhcmFjdGVycw';
const VENDOR = '0b6d1a0e-5f1c-4a55-9d55-0e4f5a1b7c01';
const LOCATION = '7f3c2e8a-1d4b-4c9e-8a2f-3b5d6e7f8a02';
const REQUEST = 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e05';
const BASE = `/token/${TOKEN}/vendors/${VENDOR}/locations/${LOCATION}`;

const info = (over: Partial<TokenInfo>): TokenInfo => ({
  id: REQUEST, type: 'click2pay', status: 'active', vendorId: VENDOR, locationId: LOCATION, ...over,
});

describe('tokenRedirectPath (spec §2 Token entry, decisions.md)', () => {
  it.each<[string, Partial<TokenInfo>, string]>([
    ['login → vendor chooser', { type: 'login', id: '', vendorId: '', locationId: '' }, `/token/${TOKEN}/vendors`],
    ['paymentplan with a request → plan request', { type: 'paymentplan' }, `${BASE}/planrequests/${REQUEST}`],
    ['paymentplan complete → location base', { type: 'paymentplan', status: 'complete' }, BASE],
    ['paymentplan without request id → location base', { type: 'paymentplan', id: '' }, BASE],
    ['autopay with id', { type: 'autopay' }, `${BASE}/autopay/${REQUEST}`],
    ['autopay without id', { type: 'autopay', id: '' }, `${BASE}/autopay`],
    ['click2pay → /click2pay', { type: 'click2pay' }, `${BASE}/click2pay`],
    ['statement → /statement', { type: 'statement' }, `${BASE}/statement`],
    ['reminder (complete) → /reminders (portal-recurring §2.6)', { type: 'reminder', status: 'complete' }, `${BASE}/reminders`],
    ['reminder → /reminders', { type: 'reminder' }, `${BASE}/reminders`],
    ['message → /messages (portal-recurring §2.8)', { type: 'message' }, `${BASE}/messages`],
    ['any type without a location → vendor chooser', { type: 'click2pay', locationId: '' }, `/token/${TOKEN}/vendors`],
  ])('%s', (_name, over, expected) => {
    expect(tokenRedirectPath(TOKEN, info(over))).toBe(expected);
  });

  it('builds the location base from the path pieces', () => {
    expect(locationBase('t', 'v', 'l')).toBe('/token/t/vendors/v/locations/l');
  });
});

describe('tokenErrorPath (spec §8)', () => {
  it.each<[string, { status: number; errorCode?: string }, string]>([
    ['401 expired', { status: 401, errorCode: 'expired' }, `/token/${TOKEN}/error/expired`],
    ['401 canceled', { status: 401, errorCode: 'canceled' }, `/token/${TOKEN}/error/canceled`],
    ['401 without code → invalid', { status: 401 }, `/token/${TOKEN}/error/invalid`],
    ['403 with code', { status: 403, errorCode: 'invalid' }, `/token/${TOKEN}/error/invalid`],
    ['500 → error page without code', { status: 500, errorCode: 'internal' }, `/token/${TOKEN}/error`],
    ['network failure → error page without code', { status: 0 }, `/token/${TOKEN}/error`],
  ])('%s', (_name, failure, expected) => {
    expect(tokenErrorPath(TOKEN, failure)).toBe(expected);
  });
});

describe('token info helpers', () => {
  it('turns any thrown value into a failure', () => {
    expect(toTokenInfoFailure(new TokenInfoError(401, 'expired'))).toEqual({ status: 401, errorCode: 'expired' });
    expect(toTokenInfoFailure(new TokenInfoError(500))).toEqual({ status: 500 });
    expect(toTokenInfoFailure(new TypeError('fetch failed'))).toEqual({ status: 0 });
    expect(toTokenInfoFailure('boom')).toEqual({ status: 0 });
  });
  it('fills absent ids with ""', () => {
    expect(toTokenInfo({ type: 'login', status: 'active', id: null, vendorId: null, locationId: undefined })).toEqual({
      id: '', type: 'login', status: 'active', vendorId: '', locationId: '',
    });
  });
});

describe('token resolution machine', () => {
  /** Starts the machine with a stubbed token-info call and a navigation spy. */
  function run(fetchInfo: () => Promise<TokenInfo>) {
    const navigate = vi.fn();
    const inputs: unknown[] = [];
    const actor = createActor(
      tokenResolutionMachine.provide({
        actors: {
          fetchTokenInfo: fromPromise<TokenInfo, { token: string }>(({ input }) => {
            inputs.push(input);
            return fetchInfo();
          }),
        },
        actions: { redirectToTarget: (_, params: { to: string }) => navigate(params.to) },
      }),
      { input: { token: TOKEN } },
    );
    return { actor, navigate, inputs };
  }

  it('is loading first and asks for the info of its own token', () => {
    const { actor, navigate, inputs } = run(() => new Promise<TokenInfo>(() => {}));
    actor.start();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(selectIsResolving(actor.getSnapshot())).toBe(true);
    expect(inputs).toEqual([{ token: TOKEN }]);
    expect(navigate).not.toHaveBeenCalled();
    actor.stop();
  });

  it('loaded: navigates once to the redirect of the type', async () => {
    const { actor, navigate } = run(async () => info({ type: 'autopay' }));
    actor.start();
    await toPromise(actor);
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(selectIsResolving(actor.getSnapshot())).toBe(false);
    expect(navigate.mock.calls).toEqual([[`${BASE}/autopay/${REQUEST}`]]);
  });

  it('failed with a refused token: navigates to the error page with its code', async () => {
    const { actor, navigate } = run(async () => { throw new TokenInfoError(401, 'canceled'); });
    actor.start();
    await toPromise(actor).catch(() => undefined);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(navigate.mock.calls).toEqual([[`/token/${TOKEN}/error/canceled`]]);
  });

  it('failed otherwise: navigates to the token base + /error, without asking again', async () => {
    const { actor, navigate, inputs } = run(async () => { throw new TokenInfoError(500, 'internal'); });
    actor.start();
    await toPromise(actor).catch(() => undefined);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(inputs).toHaveLength(1);
    expect(navigate.mock.calls).toEqual([[`/token/${TOKEN}/error`]]);
  });

  describe('a passing failure (no answer, a busy server) is asked again before it counts', () => {
    beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
    afterEach(() => vi.useRealTimers());

    it('a shed request (503) is asked again after 1 s, and the link opens', async () => {
      let calls = 0;
      const { actor, navigate, inputs } = run(async () => {
        if (++calls === 1) throw new TokenInfoError(503, 'unavailable');
        return info({ type: 'click2pay' });
      });
      actor.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().value).toBe('retrying');
      expect(selectIsResolving(actor.getSnapshot())).toBe(true);
      await vi.advanceTimersByTimeAsync(TOKEN_INFO_RETRY_MS - 1);
      expect(inputs).toHaveLength(1);
      expect(navigate).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      await toPromise(actor);
      expect(inputs).toEqual([{ token: TOKEN }, { token: TOKEN }]);
      expect(navigate.mock.calls).toEqual([[`${BASE}/click2pay`]]);
    });

    it('no answer three times: asked after 1 s and 2 s more, then the error page', async () => {
      const { actor, navigate, inputs } = run(async () => { throw new TypeError('fetch failed'); });
      actor.start();
      await vi.advanceTimersByTimeAsync(TOKEN_INFO_RETRY_MS);
      expect(inputs).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(2 * TOKEN_INFO_RETRY_MS - 1);
      expect(inputs).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(inputs).toHaveLength(1 + TOKEN_INFO_RETRIES);
      expect(actor.getSnapshot().value).toBe('failed');
      expect(navigate.mock.calls).toEqual([[`/token/${TOKEN}/error`]]);
    });

    it('a refused token is never asked again', async () => {
      const { actor, navigate, inputs } = run(async () => { throw new TokenInfoError(401, 'expired'); });
      actor.start();
      await vi.advanceTimersByTimeAsync(10 * TOKEN_INFO_RETRY_MS);
      expect(inputs).toHaveLength(1);
      expect(navigate.mock.calls).toEqual([[`/token/${TOKEN}/error/expired`]]);
    });

    it.each([[0, true], [502, true], [503, true], [504, true], [500, false], [429, false], [401, false], [404, false]])(
      'status %i is passing: %s', (status, passing) => {
        expect(isPassingTokenInfoFailure({ status })).toBe(passing);
      },
    );
  });

  it('does nothing by default (navigation must be provided)', async () => {
    const actor = createActor(
      tokenResolutionMachine.provide({ actors: { fetchTokenInfo: fromPromise(async () => info({})) } }),
      { input: { token: TOKEN } },
    ).start();
    await toPromise(actor);
    expect(actor.getSnapshot().value).toBe('loaded');
  });
});
