/**
 * The Idempotency-Key a console change carries is `<keyBase>-<done>`: each page's actor has its own key base (a
 * module-level context would share one across visits, and the server would replay or refuse another visit's request).
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { consoleDisputeMachine } from '../../machines/console-dispute/console-dispute.machine';
import { disputeModelInput } from '../../machines/console-dispute/console-dispute.model';
import { consoleWebhooksMachine } from '../../machines/console-webhooks/console-webhooks.machine';
import { consoleImportMachine } from '../../machines/console-import/console-import.machine';

describe('each page has its own key base', () => {
  it.each([
    ['webhooks', () => createActor(consoleWebhooksMachine)],
    ['import', () => createActor(consoleImportMachine)],
    ['dispute', () => createActor(consoleDisputeMachine, { input: disputeModelInput })],
  ])('%s: two visits, two key bases', (_name, make) => {
    const a = make();
    const b = make();
    expect(a.getSnapshot().context.keyBase).not.toBe(b.getSnapshot().context.keyBase);
  });
});
