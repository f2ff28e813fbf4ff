// @vitest-environment happy-dom
/**
 * Model-based walk of the reminders chart on the REAL reminders page (router, token guard, location frame, back bar,
 * DataTable, Ark RadioGroup, dialogs): the campaign calls are promises the walk settles; user events are clicks and
 * typing.
 */
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { runWalk, settleKind, walkPaths, type Drivers, type PendingCall } from '../model-walk';

const network = vi.hoisted(() => ({ pending: [] as PendingCall[] }));

vi.mock('../../../machines/reminders/reminders.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/reminders/reminders.actors')>();
  const { pendingActor } = await import('../model-walk');
  return {
    ...original,
    loadCampaigns: pendingActor(network.pending, 'load'),
    createCampaign: pendingActor(network.pending, 'create'),
    deleteCampaign: pendingActor(network.pending, 'delete'),
  };
});
vi.mock('../../../machines/load/load.actors', async (importOriginal) => (await import('../model-walk')).modelFrameLoadActors(importOriginal));
vi.mock('../../../machines/announcements/announcements.actors', async (importOriginal) => (await import('../model-walk')).noAnnouncementsActors(importOriginal));

import { remindersMachine } from '../../../machines/reminders/reminders.machine';
import { modelRemindersInput, remindersModelEvents } from '../../../machines/reminders/reminders.model';
import { selectReminders } from '../../../machines/reminders/reminders.selectors';
import { routes } from '../../../src/app/router';
import { describeEventDay } from '../../../core/rules/reminders';
import { reminderTexts as t } from '../../../src/features/reminders/texts';
import { token } from '../shell/fixtures';

configure({ asyncUtilTimeout: 8000 });

type Snapshot = SnapshotFrom<typeof remindersMachine>;
// Shortest paths (every transition is taken: see the registry coverage test for the simple ones).
const paths = walkPaths<Snapshot>(remindersMachine, remindersModelEvents as never, modelRemindersInput);
const base = `/token/${token}/vendors/${modelRemindersInput.vendorId}/locations/${modelRemindersInput.locationId}`;

beforeAll(async () => {
  await import('../../../src/features/reminders/reminders-page');
});

describe('reminders: model-based walk', () => {
  beforeEach(() => {
    network.pending.length = 0;
    window.scrollTo = vi.fn();
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [`${base}/reminders`] })} />);
  });
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    await screen.findByRole('heading', { level: 1, name: t.title, hidden: true });
    const view = selectReminders(state);
    switch (state.value) {
      case 'loading':
        expect(screen.getByRole('status')).toHaveTextContent(t.loading);
        return;
      case 'failed':
        expect(screen.getByRole('alert')).toHaveTextContent(t.loadFailed);
        return;
      case 'adding':
      case 'creating': {
        const dialog = await screen.findByRole('dialog', { name: t.modalTitle });
        const submit = within(dialog).getByRole('button', { name: t.save });
        if (state.value === 'creating') expect(submit).toHaveAttribute('aria-busy', 'true');
        else if (view.canSubmit) expect(submit).toBeEnabled();
        else expect(submit).toBeDisabled();
        if (state.context.choice) expect(within(dialog).getByRole('radio', { name: t.choices[state.context.choice] })).toBeChecked();
        if (state.context.choice === 'before' || state.context.choice === 'after') expect(within(dialog).getByLabelText(t.daysLabel)).toHaveValue(state.context.days);
        const message = view.addMessage === 'duplicate' ? t.duplicate : view.addMessage === 'failed' ? t.addFailed : null;
        if (message) expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
        else expect(within(dialog).queryByRole('alert')).toBeNull();
        return;
      }
      case 'confirmingDelete':
      case 'deleting': {
        const dialog = await screen.findByRole('alertdialog', { name: t.deleteTitle });
        expect(dialog).toHaveTextContent(describeEventDay(state.context.deleting!.eventDay));
        if (state.context.deleteFailed && state.value === 'confirmingDelete') expect(within(dialog).getByRole('alert')).toHaveTextContent(t.deleteFailed);
        return;
      }
      default: {
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
        expect(screen.getByRole('link', { name: `‹ ${t.back}` })).toHaveAttribute('href', base);
        if (state.context.campaigns.length === 0) {
          expect(screen.getByText(t.none)).toBeInTheDocument();
          expect(screen.queryByRole('table')).toBeNull();
        } else {
          const rows = within(screen.getByRole('table', { name: t.tableLabel })).getAllByTestId('reminder-row');
          expect(rows.map((r) => r.getAttribute('data-event-day'))).toEqual(state.context.campaigns.map((c) => String(c.eventDay)));
          expect(rows[0]).toHaveTextContent(describeEventDay(state.context.campaigns[0].eventDay));
        }
      }
    }
  }

  const settle = (kind: string, outcome: 'resolve' | 'reject') => settleKind(network.pending, kind, outcome);
  const dialog = () => screen.getByRole('dialog', { name: t.modalTitle });
  const drivers = {
    'xstate.done.actor.loadCampaigns': settle('load', 'resolve'),
    'xstate.error.actor.loadCampaigns': settle('load', 'reject'),
    'xstate.done.actor.createCampaign': settle('create', 'resolve'),
    'xstate.error.actor.createCampaign': settle('create', 'reject'),
    'xstate.done.actor.deleteCampaign': settle('delete', 'resolve'),
    'xstate.error.actor.deleteCampaign': settle('delete', 'reject'),
    'reminder.add': async () => { fireEvent.click(screen.getByRole('button', { name: t.add })); },
    'reminder.choose': async (e: { choice: 'dueDate' | 'before' | 'after' }) => { fireEvent.click(within(dialog()).getByRole('radio', { name: t.choices[e.choice] })); },
    'reminder.days': async (e: { text: string }) => { fireEvent.change(within(dialog()).getByLabelText(t.daysLabel), { target: { value: e.text } }); },
    'reminder.submit': async () => { fireEvent.click(within(dialog()).getByRole('button', { name: t.save })); },
    'reminder.cancel': async () => { fireEvent.click(within(dialog()).getByRole('button', { name: t.cancel })); },
    'reminder.delete': async () => { fireEvent.click(screen.getAllByRole('button', { name: /^Delete the reminder/ })[0]); },
    'reminder.confirmDelete': async () => { fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: t.confirmDelete })); },
    'reminder.keep': async () => { fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: t.keep })); },
  } satisfies Drivers<Snapshot>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runWalk(path, drivers, assertState);
  });
});
