/** Message machines: transitions with stubbed actors (`.provide`). */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { invoiceSelectionMachine } from '../../machines/invoice-selection/invoice-selection.machine';
import { messageListMachine } from '../../machines/messages/message-list.machine';
import { modelMessageEntries, modelMessageIds as ids, modelMessages, modelMessagesInput, modelTemplateInput, modelTemplateMessage } from '../../machines/messages/messages.model';
import { selectCanPay, selectRichContent, selectTemplateStatus, selectUnreadBadge } from '../../machines/messages/messages.selectors';
import { resolutionCenterMachine } from '../../machines/messages/resolution-center.machine';
import { templateMessageMachine } from '../../machines/messages/template-message.machine';
import { unreadMessagesMachine } from '../../machines/messages/unread-messages.machine';

describe('message list and resolution center machines', () => {
  /** Starts a list machine with its loader replaced (both machines share the report lifecycle). */
  function startList(machine: typeof resolutionCenterMachine | typeof messageListMachine, load: () => Promise<unknown[]>) {
    const calls: unknown[] = [];
    const provided = (machine as typeof resolutionCenterMachine).provide({ actors: { load: fromPromise(async ({ input }) => { calls.push(input); return (await load()) as never; }) } });
    return { actor: createActor(provided, { input: modelMessagesInput }).start(), calls };
  }
  it('load once with the location; rows, empty or failed', async () => {
    for (const [machine, rows] of [[messageListMachine, modelMessageEntries], [resolutionCenterMachine, modelMessages]] as const) {
      const ok = startList(machine, async () => rows);
      await waitFor(ok.actor, (s) => s.value !== 'loading');
      expect(ok.actor.getSnapshot().value).toBe('loaded');
      expect(ok.actor.getSnapshot().context.rows).toEqual(rows);
      expect(ok.calls).toEqual([modelMessagesInput]);
      const empty = startList(machine, async () => []);
      await waitFor(empty.actor, (s) => s.value !== 'loading');
      expect(empty.actor.getSnapshot().value).toBe('empty');
      const failed = startList(machine, async () => { throw new Error('failed calling api'); });
      await waitFor(failed.actor, (s) => s.value !== 'loading');
      expect(failed.actor.getSnapshot().value).toBe('failed');
    }
  });

  it('the message list is newest first, template and invoice messages together, unread marked', () => {
    const times = modelMessageEntries.map((e) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(modelMessageEntries.map((e) => e.kind)).toEqual(['invoice', 'template', 'invoice', 'invoice', 'invoice']);
    expect(modelMessageEntries.filter((e) => e.unread).map((e) => e.id)).toEqual([ids.failed, ids.disputed]);
  });
});

describe('template message machine', () => {
  function start(load: () => Promise<unknown>) {
    const payments: Array<{ messageId: string; invoiceIds: string[] }> = [];
    const calls: unknown[] = [];
    const machine = templateMessageMachine.provide({
      actors: { loadTemplateMessage: fromPromise(async ({ input }) => { calls.push(input); return load() as never; }) },
      actions: { startPayment: (_, params) => { payments.push(params); } },
    });
    return { actor: createActor(machine, { input: modelTemplateInput }).start(), payments, calls };
  }

  it('loads the message; Pay sets the confirmed flag and hands over the message id and its PAYABLE invoice ids', async () => {
    const { actor, payments, calls } = start(async () => modelTemplateMessage());
    expect(selectTemplateStatus(actor.getSnapshot())).toBe('loading');
    await waitFor(actor, (s) => s.value === 'loaded');
    expect(calls).toEqual([modelTemplateInput]);
    expect(selectCanPay(actor.getSnapshot())).toBe(true);
    expect(selectRichContent(actor.getSnapshot())).toMatchObject({ ok: true });
    actor.send({ type: 'message.pay' });
    expect(selectTemplateStatus(actor.getSnapshot())).toBe('confirmed');
    expect(payments).toEqual([{ messageId: ids.template, invoiceIds: [ids.invoicePastDue, ids.invoiceLong] }]);
    actor.send({ type: 'message.pay' });
    expect(payments).toHaveLength(1);
  });

  it('offers no Pay when none of its invoices can be paid', async () => {
    const { actor, payments } = start(async () => modelTemplateMessage({ invoices: [modelTemplateMessage().invoices[2]] }));
    await waitFor(actor, (s) => s.value === 'loaded');
    expect(selectCanPay(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'message.pay' });
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(payments).toEqual([]);
  });

  it('content that is not the documented format is a parse failure, not an error state', async () => {
    for (const content of ['{not json', '[{"type":"script","children":[]}]', '[{"type":"paragraph","children":[{"type":"link","url":"javascript:alert(1)","children":[{"text":"x"}]}]}]']) {
      const { actor } = start(async () => modelTemplateMessage({ messageData: { subject: 'S', content } }));
      await waitFor(actor, (s) => s.value === 'loaded');
      expect(selectRichContent(actor.getSnapshot())).toMatchObject({ ok: false });
    }
  });

  it('a failed load shows the failure; Try again loads again', async () => {
    let fail = true;
    const { actor, calls } = start(async () => { if (fail) throw new Error('failed calling api'); return modelTemplateMessage(); });
    await waitFor(actor, (s) => s.value === 'failed');
    expect(selectTemplateStatus(actor.getSnapshot())).toBe('failed');
    fail = false;
    actor.send({ type: 'message.retry' });
    await waitFor(actor, (s) => s.value === 'loaded');
    expect(calls).toHaveLength(2);
  });
});

describe('unread messages machine (MESSAGES tile)', () => {
  function start(load: () => Promise<number>) {
    const calls: unknown[] = [];
    const machine = unreadMessagesMachine.provide({ actors: { loadUnreadCount: fromPromise(async ({ input }) => { calls.push(input); return load(); }) } });
    return { actor: createActor(machine, { input: modelMessagesInput }).start(), calls };
  }
  it('counts only when the location has unread messages', async () => {
    const none = start(async () => 3);
    none.actor.send({ type: 'unread.location', hasUnreadMessages: false });
    expect(none.actor.getSnapshot().value).toBe('none');
    expect(none.calls).toEqual([]);
    expect(selectUnreadBadge(none.actor.getSnapshot())).toBeNull();

    const some = start(async () => 3);
    expect(selectUnreadBadge(some.actor.getSnapshot())).toBeNull();
    some.actor.send({ type: 'unread.location', hasUnreadMessages: true });
    await waitFor(some.actor, (s) => s.value === 'loaded');
    expect(some.calls).toEqual([modelMessagesInput]);
    expect(selectUnreadBadge(some.actor.getSnapshot())).toBe(3);
  });
  it('a count of 0 (read meanwhile) shows nothing; a failed count falls back to "new"', async () => {
    const zero = start(async () => 0);
    zero.actor.send({ type: 'unread.location', hasUnreadMessages: true });
    await waitFor(zero.actor, (s) => s.value === 'loaded');
    expect(selectUnreadBadge(zero.actor.getSnapshot())).toBeNull();
    const failed = start(async () => { throw new Error('failed calling api'); });
    failed.actor.send({ type: 'unread.location', hasUnreadMessages: true });
    await waitFor(failed.actor, (s) => s.value === 'failed');
    expect(selectUnreadBadge(failed.actor.getSnapshot())).toBe('new');
  });
});

describe('invoice selection: Pay from a template message', () => {
  it('before the first load: the message invoices become the selection, the next load keeps the payable ones; clear forgets the message', () => {
    const a = createActor(invoiceSelectionMachine).start();
    a.send({ type: 'selection.message', messageId: ids.template, invoiceIds: [ids.invoicePastDue, ids.invoiceLong] });
    a.send({ type: 'selection.loaded', payableIds: [ids.invoicePastDue, ids.invoiceScheduled], requestInvoiceIds: [ids.invoiceScheduled] });
    expect(a.getSnapshot().context).toMatchObject({ selected: new Set([ids.invoicePastDue]), showAll: true, messageId: ids.template });
    a.send({ type: 'selection.clear' });
    expect(a.getSnapshot().context).toMatchObject({ selected: new Set(), messageId: null });
  });
  it('after a load: replaces the selection and its adjustments, and shows every invoice', () => {
    const a = createActor(invoiceSelectionMachine).start();
    a.send({ type: 'selection.loaded', payableIds: [ids.invoicePastDue, ids.invoiceLong], requestInvoiceIds: [ids.invoicePastDue] });
    a.send({ type: 'selection.adjust', adjustment: { invoiceId: ids.invoicePastDue, amountCents: 100, newAmountCents: 0, reason: 'Refused', notes: '' } });
    a.send({ type: 'selection.message', messageId: ids.template, invoiceIds: [ids.invoiceLong] });
    expect(a.getSnapshot().context).toMatchObject({ selected: new Set([ids.invoiceLong]), adjustments: [], showAll: true, messageId: ids.template });
  });
});
