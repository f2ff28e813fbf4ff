/** Transitions of the reminders machine and the §5 rules (actors replaced with `.provide`). */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { remindersMachine } from '../../machines/reminders/reminders.machine';
import { modelCampaign, modelCampaignList, modelRemindersInput, reminderApiFailure } from '../../machines/reminders/reminders.model';
import { selectReminders } from '../../machines/reminders/reminders.selectors';
import { describeEventDay, reminderEventDay, validateReminderDays } from '../../core/rules/reminders';

function run(opts: { create?: (input: any) => Promise<any>; del?: () => Promise<void> } = {}) {
  const created: unknown[] = [];
  const actor = createActor(remindersMachine.provide({
    actors: {
      loadCampaigns: fromPromise(async () => structuredClone(modelCampaignList)),
      createCampaign: fromPromise(async ({ input }: { input: any }) => { created.push(input); return opts.create ? opts.create(input) : modelCampaign('ca000000-0000-4000-8000-0000000000ff', input.eventDay); }),
      deleteCampaign: fromPromise(async () => { if (opts.del) await opts.del(); }),
    },
  }), { input: modelRemindersInput }).start();
  return { actor, created };
}

describe('reminders machine', () => {
  it('adds a reminder 5 days before due for the contact; the list stays sorted by day', async () => {
    const { actor, created } = run();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'reminder.add' });
    expect(selectReminders(actor.getSnapshot()).canSubmit).toBe(false);
    actor.send({ type: 'reminder.choose', choice: 'before' });
    expect(selectReminders(actor.getSnapshot()).canSubmit).toBe(false); // blank days
    actor.send({ type: 'reminder.days', text: '5' });
    actor.send({ type: 'reminder.submit' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(created).toEqual([{ ...modelRemindersInput, eventDay: -5, contactId: modelCampaignList.contactId }]);
    expect(actor.getSnapshot().context.campaigns.map((c) => c.eventDay)).toEqual([-5, -3]);
  });

  it('a day that already has a reminder is refused before and by the server (409)', async () => {
    const { actor, created } = run({ create: async () => { throw reminderApiFailure(409, 'duplicate_reminder'); } });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'reminder.add' });
    actor.send({ type: 'reminder.choose', choice: 'before' });
    actor.send({ type: 'reminder.days', text: '3' });
    expect(selectReminders(actor.getSnapshot())).toMatchObject({ addMessage: 'duplicate', canSubmit: false });
    actor.send({ type: 'reminder.submit' });
    expect(actor.getSnapshot().value).toBe('adding');
    actor.send({ type: 'reminder.choose', choice: 'after' });
    actor.send({ type: 'reminder.submit' });
    await waitFor(actor, (s) => s.matches('adding') && s.context.addError !== null);
    expect(created).toHaveLength(1);
    expect(selectReminders(actor.getSnapshot())).toMatchObject({ addMessage: 'duplicate', canSubmit: false });
    actor.send({ type: 'reminder.days', text: '4' });
    expect(selectReminders(actor.getSnapshot())).toMatchObject({ addMessage: null, canSubmit: true });
  });

  it('an add failure says so and keeps what was typed', async () => {
    const { actor } = run({ create: async () => { throw reminderApiFailure(500); } });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'reminder.add' });
    actor.send({ type: 'reminder.choose', choice: 'dueDate' });
    actor.send({ type: 'reminder.submit' });
    await waitFor(actor, (s) => s.context.addError === 'failed');
    expect(actor.getSnapshot().context.choice).toBe('dueDate');
    expect(selectReminders(actor.getSnapshot()).addMessage).toBe('failed');
    actor.send({ type: 'reminder.cancel' });
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('deletes after confirmation; Keep keeps; a failure stays in the modal', async () => {
    let fail = true;
    const { actor } = run({ del: async () => { if (fail) throw reminderApiFailure(500); } });
    await waitFor(actor, (s) => s.matches('ready'));
    const id = actor.getSnapshot().context.campaigns[0].id;
    actor.send({ type: 'reminder.delete', campaignId: 'not-a-reminder' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'reminder.delete', campaignId: id });
    actor.send({ type: 'reminder.keep' });
    expect(actor.getSnapshot().context.campaigns).toHaveLength(1);
    actor.send({ type: 'reminder.delete', campaignId: id });
    actor.send({ type: 'reminder.confirmDelete' });
    await waitFor(actor, (s) => s.matches('confirmingDelete') && s.context.deleteFailed);
    fail = false;
    actor.send({ type: 'reminder.confirmDelete' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.campaigns).toEqual([]);
  });
});

describe('reminder rules (§5)', () => {
  it('validates days with the spec texts', () => {
    expect(validateReminderDays('')).toBeNull();
    expect(validateReminderDays('3a')).toBe('numbersOnly');
    expect(validateReminderDays('-3')).toBe('numbersOnly');
    expect(validateReminderDays('0')).toBe('zero');
    expect(validateReminderDays('91')).toBe('tooMany');
    expect(validateReminderDays('90')).toBeNull();
    expect(reminderEventDay('after', '90')).toBe(90);
    expect(reminderEventDay('before', '')).toBeNull();
    expect(describeEventDay(-1)).toBe('1 Day before an Invoice is Due');
    expect(describeEventDay(3)).toBe('3 Days after an Invoice was Due');
    expect(describeEventDay(0)).toBe('On Invoice Due Date');
  });
});
