/** Replay of saved actions: transitions of machines/replay with provided goToSavedActionPage/save spies. */
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { replayMachine } from '../../machines/replay/replay.machine';
import { modelAutopayAction, modelOtherScope, modelReplayScope, modelRequestId, modelTileAction } from '../../machines/replay/replay.model';
import { emptyReplayState, parseReplayState, replayPath, savedActionOfLink } from '../../machines/replay/replay.types';

function start(input = emptyReplayState) {
  const goToSavedActionPage = vi.fn();
  const save = vi.fn();
  const actor = createActor(replayMachine.provide({ actions: { goToSavedActionPage: (_, p: { to: string }) => goToSavedActionPage(p.to), save: (_, s) => save(s) } }), { input }).start();
  return { actor, goToSavedActionPage, save };
}
const base = `/token/model-token/vendors/${modelReplayScope.vendorId}/locations/${modelReplayScope.locationId}`;
const autopayPath = `${base}/autopay/${modelRequestId}`;

describe('replay of saved actions', () => {
  it('replays an AutoPay action once the chosen location has loaded (not on the selection alone), then marks it sent', () => {
    const { actor, goToSavedActionPage, save } = start();
    actor.send({ type: 'replay.save', action: modelAutopayAction });
    expect(actor.getSnapshot().context.actions[0].status).toBe('scheduled');
    actor.send({ type: 'replay.selected', scope: modelReplayScope });
    expect(actor.getSnapshot().value).toBe('awaitingLoad');
    expect(goToSavedActionPage).not.toHaveBeenCalled();
    actor.send({ type: 'replay.loaded', scope: modelReplayScope, path: base });
    expect(goToSavedActionPage).toHaveBeenCalledExactlyOnceWith(autopayPath);
    const ctx = actor.getSnapshot().context;
    expect(ctx.actions[0].status).toBe('sent');
    expect(ctx.everDispatched).toBe(true);
    expect(save).toHaveBeenLastCalledWith({ enabled: true, everDispatched: true, actions: ctx.actions });
    // a second load of the same location replays nothing more
    actor.send({ type: 'replay.loaded', scope: modelReplayScope, path: base });
    expect(goToSavedActionPage).toHaveBeenCalledTimes(1);
  });

  it('does not replay at another location; the action waits for its own', () => {
    const { actor, goToSavedActionPage } = start();
    actor.send({ type: 'replay.save', action: modelAutopayAction });
    actor.send({ type: 'replay.selected', scope: modelOtherScope });
    actor.send({ type: 'replay.loaded', scope: modelOtherScope, path: '/x' });
    expect(goToSavedActionPage).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.actions[0].status).toBe('scheduled');
    actor.send({ type: 'replay.selected', scope: modelReplayScope });
    actor.send({ type: 'replay.loaded', scope: modelReplayScope, path: base });
    expect(goToSavedActionPage).toHaveBeenCalledExactlyOnceWith(autopayPath);
  });

  it('a link that led straight to its page is sent without navigating again', () => {
    const { actor, goToSavedActionPage } = start();
    actor.send({ type: 'replay.selected', scope: modelReplayScope });
    actor.send({ type: 'replay.save', action: modelAutopayAction });
    actor.send({ type: 'replay.loaded', scope: modelReplayScope, path: autopayPath });
    expect(goToSavedActionPage).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.actions[0].status).toBe('sent');
  });

  it('off: nothing replays; on again: the pending action replays', () => {
    const { actor, goToSavedActionPage } = start();
    actor.send({ type: 'replay.disable' });
    actor.send({ type: 'replay.save', action: modelAutopayAction });
    actor.send({ type: 'replay.selected', scope: modelReplayScope });
    actor.send({ type: 'replay.loaded', scope: modelReplayScope, path: base });
    expect(goToSavedActionPage).not.toHaveBeenCalled();
    actor.send({ type: 'replay.enable' });
    actor.send({ type: 'replay.loaded', scope: modelReplayScope, path: base });
    expect(goToSavedActionPage).toHaveBeenCalledWith(autopayPath);
  });

  it('history: a newer action for the same scope cancels the older; cancel; none for tile records; clear per token and on 401', () => {
    const { actor } = start();
    actor.send({ type: 'replay.save', action: modelAutopayAction });
    actor.send({ type: 'replay.save', action: { ...modelAutopayAction, id: 'request:x', replayType: 'request', requestId: 'x' } });
    expect(actor.getSnapshot().context.actions.map((a) => a.status)).toEqual(['canceled', 'scheduled']);
    actor.send({ type: 'replay.cancel', id: 'request:x' });
    expect(actor.getSnapshot().context.actions.map((a) => a.status)).toEqual(['canceled', 'canceled']);
    actor.send({ type: 'replay.save', action: modelTileAction });
    expect(actor.getSnapshot().context.actions.at(-1)!.status).toBe('none');
    actor.send({ type: 'replay.save', action: { ...modelTileAction, id: 'none:other', token: 'other-token' } });
    actor.send({ type: 'replay.clearToken', token: 'model-token' });
    expect(actor.getSnapshot().context.actions.map((a) => a.token)).toEqual(['other-token']);
    actor.send({ type: 'replay.disable' });
    actor.send({ type: 'replay.clear' });
    expect(actor.getSnapshot().context).toMatchObject({ enabled: true, everDispatched: false, actions: [], scope: null });
  });

  it('reads stored state defensively and makes actions from links', () => {
    expect(parseReplayState(undefined)).toEqual(emptyReplayState);
    expect(parseReplayState({ enabled: false, everDispatched: true, actions: [{ bogus: 1 }] })).toEqual({ enabled: false, everDispatched: true, actions: [] });
    const link = { id: modelRequestId, type: 'autopay', vendorId: '', locationId: '', requestScope: { vendorId: modelReplayScope.vendorId, locationId: modelReplayScope.locationId } };
    const action = savedActionOfLink('model-token', link, 'now')!;
    expect(replayPath(action)).toBe(autopayPath);
    expect(savedActionOfLink('t', { ...link, requestScope: undefined }, 'now')).toBeNull();
    expect(savedActionOfLink('t', { id: '', type: 'login', vendorId: '', locationId: '' }, 'now')).toBeNull();
    expect(replayPath(savedActionOfLink('model-token', { id: 'r1', type: 'click2pay', vendorId: modelReplayScope.vendorId, locationId: modelReplayScope.locationId }, 'now')!)).toBe(`${base}/click2pay`);
  });
});
