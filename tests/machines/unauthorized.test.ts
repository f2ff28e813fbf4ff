import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { errorPagePath, unauthorizedMachine, UNAUTHORIZED_REDIRECT_DELAY_MS } from '../../machines/unauthorized/unauthorized.machine';

function start() {
  const goToErrorPage = vi.fn();
  const clearSession = vi.fn();
  const actor = createActor(
    unauthorizedMachine.provide({ actions: { goToErrorPage: (_, params: { to: string }) => goToErrorPage(params.to), clearSession } }),
  ).start();
  return { actor, goToErrorPage, clearSession };
}

describe('unauthorised handler', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('clears the session at once and redirects to the error page after 100 ms', () => {
    const { actor, goToErrorPage, clearSession } = start();
    actor.send({ type: 'unauthorized.received', token: 'tok', errorCode: 'expired' });
    expect(clearSession).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_DELAY_MS - 1);
    expect(goToErrorPage).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(goToErrorPage).toHaveBeenCalledExactlyOnceWith('/token/tok/error/expired');
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('debounces a burst of 401s into one redirect with the last code', () => {
    const { actor, goToErrorPage } = start();
    actor.send({ type: 'unauthorized.received', token: 'tok', errorCode: 'invalid' });
    vi.advanceTimersByTime(60);
    actor.send({ type: 'unauthorized.received', token: 'tok', errorCode: 'canceled' });
    vi.advanceTimersByTime(60);
    expect(goToErrorPage).not.toHaveBeenCalled();
    vi.advanceTimersByTime(40);
    expect(goToErrorPage).toHaveBeenCalledExactlyOnceWith('/token/tok/error/canceled');
  });

  it("uses 'invalid' when the answer has no error code", () => {
    const { actor, goToErrorPage } = start();
    actor.send({ type: 'unauthorized.received', token: 'tok', errorCode: '' });
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_DELAY_MS);
    expect(goToErrorPage).toHaveBeenCalledWith('/token/tok/error/invalid');
    expect(errorPagePath('t', '')).toBe('/token/t/error/invalid');
  });
});
