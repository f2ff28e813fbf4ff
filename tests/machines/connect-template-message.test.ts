import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { TemplateMessage } from '../../machines/messages/messages.actors';
import { modelTemplateInput, modelTemplateMessage } from '../../machines/messages/messages.model';
import { connectTemplateMessage } from '../../machines/messages/template-message.connect';
import { templateMessageMachine, type TemplateMessageEvent } from '../../machines/messages/template-message.machine';

function start(load: () => Promise<TemplateMessage>) {
  return createActor(templateMessageMachine.provide({ actors: { loadTemplateMessage: fromPromise(load) } }), { input: modelTemplateInput }).start();
}

describe('connectTemplateMessage', () => {
  it('loading shows no message and offers no Pay', () => {
    const actor = start(() => new Promise(() => {}));
    expect(connectTemplateMessage(actor.getSnapshot(), () => {})).toMatchObject({ status: 'loading', message: null, content: null, canPay: false });
    actor.stop();
  });

  it('a loaded message shows with its parsed content and Pay while some invoice can be paid', async () => {
    const message = modelTemplateMessage();
    const loaded = connectTemplateMessage(await waitFor(start(async () => message), (s) => s.matches('loaded')), () => {});
    expect(loaded).toMatchObject({ status: 'loaded', message, canPay: true, content: { ok: true } });
    const unpayable = await waitFor(start(async () => modelTemplateMessage({ invoices: [message.invoices[2]!] })), (s) => s.matches('loaded'));
    expect(connectTemplateMessage(unpayable, () => {}).canPay).toBe(false);
    const broken = await waitFor(start(async () => modelTemplateMessage({ messageData: { subject: 'S', content: '{not json' } })), (s) => s.matches('loaded'));
    expect(connectTemplateMessage(broken, () => {}).content).toMatchObject({ ok: false });
  });

  it('a failed load is failed; Pay and Try again send their events', async () => {
    const failed = await waitFor(start(async () => { throw new Error('failed calling api'); }), (s) => s.matches('failed'));
    const sent: TemplateMessageEvent[] = [];
    const view = connectTemplateMessage(failed, (e) => void sent.push(e));
    expect(view).toMatchObject({ status: 'failed', canPay: false });
    view.retry();
    view.pay();
    expect(sent).toEqual([{ type: 'message.retry' }, { type: 'message.pay' }]);
  });
});
