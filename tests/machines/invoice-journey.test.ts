import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { InvoiceJourney, JourneyEntry } from '../../machines/invoice-journey/invoice-journey.actors';
import { invoiceJourneyMachine } from '../../machines/invoice-journey/invoice-journey.machine';
import { modelCommentEntry, modelJourney, modelJourneyInput } from '../../machines/invoice-journey/invoice-journey.model';
import { selectCommentModal, selectCommentProblem, selectJourneyStatus } from '../../machines/invoice-journey/invoice-journey.selectors';
import { commentLength, commentProblem } from '../../core/rules/comment';

function start(opts: { load?: () => Promise<InvoiceJourney>; markRead?: (input?: unknown) => Promise<void>; submit?: (input: { message: string }) => Promise<JourneyEntry> } = {}) {
  const markRead = vi.fn(opts.markRead ?? (async (_input?: unknown) => {}));
  const submit = vi.fn(opts.submit ?? (async () => modelCommentEntry));
  const actor = createActor(
    invoiceJourneyMachine.provide({
      actors: {
        loadJourney: fromPromise(opts.load ?? (async () => modelJourney)),
        markRead: fromPromise(({ input }) => markRead(input as never)),
        submitComment: fromPromise(({ input }) => submit(input as never)),
      },
    }),
    { input: modelJourneyInput },
  ).start();
  return { actor, markRead, submit };
}

describe('invoice journey machine', () => {
  it('marks the messages read on open, loads the history newest first', async () => {
    const { actor, markRead } = start();
    expect(markRead).toHaveBeenCalledWith(modelJourneyInput);
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().context.journey!.journeys.map((e) => e.action)).toEqual(['Reminder sent', 'Invoice created']);
  });

  it('a failed mark-read changes nothing on the page', async () => {
    const { actor } = start({ markRead: async () => { throw new Error('nope'); } });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().status).toBe('active');
  });

  it('a failed load is the failed state', async () => {
    const { actor } = start({ load: async () => { throw new Error('down'); } });
    await waitFor(actor, (s) => !s.matches('loading'));
    expect(selectJourneyStatus(actor.getSnapshot())).toBe('failed');
  });

  it('comment: Submit refused while empty, blank, too long or multi-line; a valid comment is sent and listed first', async () => {
    const { actor, submit } = start();
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'comment.open' });
    for (const [text, problem] of [['', 'required'], ['   ', 'required'], ['x'.repeat(151), 'tooLong'], ['a\nb', 'lineBreak'], ['a\u2028b', 'lineBreak']] as const) {
      actor.send({ type: 'comment.change', text });
      expect(selectCommentProblem(actor.getSnapshot())).toBe(problem);
      actor.send({ type: 'comment.submit' });
      expect(selectCommentModal(actor.getSnapshot())).toBe('editing');
    }
    // 150 emoji are 300 UTF-16 units but 150 characters for the server: accepted.
    expect(commentProblem('😀'.repeat(150))).toBeNull();
    expect(commentLength('😀'.repeat(150))).toBe(150);
    actor.send({ type: 'comment.change', text: 'Driver left the case at the back door' });
    actor.send({ type: 'comment.submit' });
    expect(selectCommentModal(actor.getSnapshot())).toBe('submitting');
    await waitFor(actor, (s) => s.matches({ loaded: 'submitted' }));
    expect(submit).toHaveBeenCalledWith({ ...modelJourneyInput, message: 'Driver left the case at the back door' });
    expect(actor.getSnapshot().context.journey!.journeys[0]).toEqual(modelCommentEntry);
    expect(actor.getSnapshot().context.comment).toBe('');
    actor.send({ type: 'comment.close' });
    expect(selectCommentModal(actor.getSnapshot())).toBe('closed');
  });

  it('a failed submit returns to the modal in failed state, keeps the text, and can be sent again', async () => {
    let attempt = 0;
    const { actor } = start({ submit: async () => { if (attempt++ === 0) throw new Error('failed calling api'); return modelCommentEntry; } });
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'comment.open' });
    actor.send({ type: 'comment.change', text: 'Short one case' });
    actor.send({ type: 'comment.submit' });
    await waitFor(actor, (s) => s.matches({ loaded: 'failed' }));
    expect(actor.getSnapshot().context.comment).toBe('Short one case');
    expect(actor.getSnapshot().context.journey!.journeys).toHaveLength(2);
    actor.send({ type: 'comment.submit' });
    await waitFor(actor, (s) => s.matches({ loaded: 'submitted' }));
    expect(actor.getSnapshot().context.journey!.journeys).toHaveLength(3);
  });
});
