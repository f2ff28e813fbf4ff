// @vitest-environment happy-dom
/**
 * Model-based walk of the statement delivery chart on the REAL statement page (router, token guard, location frame,
 * Ark Collapsible/Tabs/RadioGroup, dialog): the delivery calls are promises the walk settles; user events are clicks.
 * The statement itself loads at once and there are no ads (their charts have their own walks and tests).
 */
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { runWalk, settleKind, walkPaths, type Drivers, type PendingCall } from '../model-walk';

const network = vi.hoisted(() => ({ pending: [] as PendingCall[] }));

vi.mock('../../../machines/statement/statement.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/statement/statement.actors')>();
  const { fromPromise } = await import('xstate');
  const { pendingActor } = await import('../model-walk');
  const { modelStatement } = await import('../../../machines/statement/statement.model');
  const pending = (kind: string) => pendingActor(network.pending, kind);
  return {
    ...original,
    loadStatement: fromPromise(async () => ({ ...modelStatement, requestMarked: true })),
    markStatementRequest: fromPromise(async () => true),
    loadAds: fromPromise(async () => []),
    loadDeliveries: pending('load'),
    saveDelivery: pending('save'),
    deleteDelivery: pending('delete'),
  };
});
vi.mock('../../../machines/load/load.actors', async (importOriginal) => (await import('../model-walk')).modelFrameLoadActors(importOriginal));
vi.mock('../../../machines/announcements/announcements.actors', async (importOriginal) => (await import('../model-walk')).noAnnouncementsActors(importOriginal));

import { statementDeliveryMachine } from '../../../machines/statement/statement-delivery.machine';
import { modelStatementInput, statementDeliveryModelEvents } from '../../../machines/statement/statement.model';
import { routes } from '../../../src/app/router';
import { scheduleDescription } from '../../../core/rules/statement-schedule';
import { deliveryTexts as t } from '../../../src/features/statement/texts';
import { token } from '../shell/fixtures';

configure({ asyncUtilTimeout: 8000 });

type Snapshot = SnapshotFrom<typeof statementDeliveryMachine>;
const paths = walkPaths<Snapshot>(statementDeliveryMachine, statementDeliveryModelEvents as never, modelStatementInput);
const base = `/token/${token}/vendors/${modelStatementInput.vendorId}/locations/${modelStatementInput.locationId}`;

beforeAll(async () => {
  await import('../../../src/features/statement/statement-page');
});

describe('statement delivery: model-based walk', () => {
  beforeEach(() => {
    network.pending.length = 0;
    window.scrollTo = vi.fn();
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [`${base}/statement`] })} />);
  });
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    await screen.findByRole('heading', { level: 1, name: /Account Statement/, hidden: true });
    if (state.value === 'confirmingOff') {
      // The modal hides the page from assistive technology while it is open.
      const dialog = await screen.findByRole('alertdialog', { name: t.confirmTitle });
      expect(dialog).toHaveTextContent(t.confirmText);
      return;
    }
    const section = await screen.findByRole('region', { name: t.title });
    if (state.value === 'loading') {
      expect(within(section).getByRole('status')).toHaveTextContent(t.loading);
      return;
    }
    const { saved, form, updated } = state.context;
    const message = within(section).getByTestId('delivery-message');
    if (saved) expect(message).toHaveTextContent((updated ? t.updated : t.current)(scheduleDescription(saved.scheduleUnit, saved.scheduleValue)));
    else expect(message).toHaveTextContent(t.notSetUp);
    const trigger = within(section).getByRole('button', { name: t.title });
    if (trigger.getAttribute('aria-expanded') !== 'true') fireEvent.click(trigger);
    await waitFor(() => expect(within(section).getByRole('tab', { name: t.tabs.weekly })).toBeVisible());
    const unit = form.scheduleUnit!;
    expect(within(section).getByRole('tab', { name: t.tabs[unit] })).toHaveAttribute('aria-selected', 'true');
    const failed = ['loadFailed', 'saveFailed', 'deleteFailed'].includes(String(state.value));
    const saveButton = within(section).getByRole('button', { name: saved ? t.update : t.turnOn });
    if (failed) {
      expect(within(section).getByRole('alert')).toHaveTextContent(t.failed);
      expect(saveButton).toBeDisabled();
      expect(within(section).getByRole('checkbox', { name: t.sendEmpty })).toBeDisabled();
      return;
    }
    expect(within(section).queryByRole('alert')).toBeNull();
    expect(within(section).getByRole('checkbox', { name: t.sendEmpty })).toHaveProperty('checked', form.sendEmptyStatements);
    const dayName = form.scheduleValue === '0' ? t.lastDay : unit === 'monthly' ? form.scheduleValue! : { mon: 'Monday', wed: 'Wednesday' }[form.scheduleValue as 'mon'];
    expect(within(section).getByRole('radio', { name: dayName })).toBeChecked();
    if (saved) expect(within(section).getByRole('button', { name: t.turnOff })).toBeInTheDocument();
    else expect(within(section).queryByRole('button', { name: t.turnOff })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    if (state.value === 'saving') expect(saveButton).toHaveAttribute('aria-busy', 'true');
  }

  const settle = (kind: string, outcome: 'resolve' | 'reject') =>
    settleKind(network.pending, kind, outcome, (p) => {
      if (kind === 'save') expect((p.input as { body?: unknown }).body).toBeDefined();
    });
  const section = () => screen.getByRole('region', { name: t.title });
  const drivers = {
    'xstate.done.actor.loadDeliveries': settle('load', 'resolve'),
    'xstate.error.actor.loadDeliveries': settle('load', 'reject'),
    'xstate.done.actor.saveDelivery': settle('save', 'resolve'),
    'xstate.error.actor.saveDelivery': settle('save', 'reject'),
    'xstate.done.actor.deleteDelivery': settle('delete', 'resolve'),
    'xstate.error.actor.deleteDelivery': settle('delete', 'reject'),
    'delivery.unit': async (e: { unit: 'weekly' | 'biweekly' | 'monthly' }) => { fireEvent.click(within(section()).getByRole('tab', { name: t.tabs[e.unit] })); },
    'delivery.value': async (e: { value: string }) => { fireEvent.click(within(section()).getByRole('radio', { name: e.value === '0' ? t.lastDay : e.value })); },
    'delivery.sendEmpty': async () => { fireEvent.click(within(section()).getByRole('checkbox', { name: t.sendEmpty })); },
    'delivery.save': async () => { fireEvent.click(within(section()).getByRole('button', { name: /^(Turn On|Update)$/ })); },
    'delivery.turnOff': async () => { fireEvent.click(within(section()).getByRole('button', { name: t.turnOff })); },
    'delivery.confirmOff': async () => { fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: t.confirmOff })); },
    'delivery.keep': async () => { fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: t.keep })); },
  } satisfies Drivers<Snapshot>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runWalk(path, drivers, assertState);
  });
});
