// @vitest-environment happy-dom
/**
 * Model-based walk of the console's settings on the REAL page inside the console's frame (an admin): the settings as
 * saved, a file of another kind refused and a PNG previewed as the new logo (removed again, or saved), a product
 * name changed, a card fee above the cap refused before anything is sent and one within it previewed with its
 * amounts, a flag turned off and its column gone from the preview, the ship-to column, the cut-off's hour and time
 * zone; only what changed is sent; a refusal in the server's words with the form kept; reset. The calls are promises
 * the walk settles.
 */
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { runWalk, settleKind, walkPaths, type Drivers, type PendingCall } from '../model-walk';

const network = vi.hoisted(() => ({ pending: [] as PendingCall[] }));

vi.mock('../../../machines/console-settings/console-settings.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-settings/console-settings.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadSettings: pendingActor(network.pending, 'settings'), saveSettings: pendingActor(network.pending, 'save'), readImage: pendingActor(network.pending, 'read') };
});
vi.mock('../../../machines/console-session/console-session.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-session/console-session.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadSession: pendingActor(network.pending, 'session') };
});

import { consoleSettingsMachine, draftProblems, patchOf } from '../../../machines/console-settings/console-settings.machine';
import { consoleSettingsModelEvents, settingsModelInput } from '../../../machines/console-settings/console-settings.model';
import { consoleSessionSample } from '../../../machines/console-sign-in/console-sign-in.model';
import { consoleRoutes } from '../../../src/console/routes';
import { consoleTexts } from '../../../src/console/texts';

configure({ asyncUtilTimeout: 8000 });
const t = consoleTexts.settings;

describe('console settings: model-based walk', () => {
  type Snapshot = SnapshotFrom<typeof consoleSettingsMachine>;
  const paths = walkPaths<Snapshot>(consoleSettingsMachine, consoleSettingsModelEvents as never, settingsModelInput);
  afterEach(() => cleanup());

  it('walks a handful of paths that together take every transition', () => {
    expect(paths.length).toBeGreaterThan(5);
    expect(paths.length).toBeLessThan(40);
  });

  async function assertState(state: Snapshot) {
    await screen.findByRole('heading', { level: 1, name: t.title, hidden: true });
    const { settings, draft, logoProblem, problem, notice } = state.context;
    if (state.matches('loading')) return void expect(await screen.findByRole('status')).toHaveTextContent(t.loading);
    if (state.matches('failed')) return void expect(await screen.findByText(t.loadFailed)).toHaveAttribute('role', 'alert');
    const preview = within(await screen.findByTestId('settings-preview'));
    // the form keeps what was typed
    expect(screen.getByLabelText(t.displayName)).toHaveValue(draft.displayName);
    expect(screen.getByLabelText(t.appName)).toHaveValue(draft.appName);
    expect(screen.getByLabelText(t.fee('Plastiq cards'))).toHaveValue(draft.fees['plastiq-cc']);
    expect(screen.getByLabelText(t.cutoffHour)).toHaveValue(draft.cutoffHour);
    expect(screen.getByLabelText(t.timeZone)).toHaveValue(draft.timeZone);
    expect(screen.getByLabelText(t.flags.statements)).toHaveValue(draft.flags.statements);
    expect((screen.getByLabelText(t.shipTo) as HTMLInputElement).checked).toBe(draft.shipTo);
    const problems = draftProblems(draft);
    if (problems['fee.plastiq-cc']) expect(screen.getByText(problems['fee.plastiq-cc'])).toBeInTheDocument();
    // the preview draws the draft: the logo, the columns, the fee's amounts, the cut-off
    const logo = preview.getByRole('img', { name: t.previewLogo(draft.displayName) });
    if (draft.logo.kind === 'new') expect(logo).toHaveAttribute('src', `data:image/png;base64,${draft.logo.image.data}`);
    else if (draft.logo.kind === 'keep' && settings!.logoUrl) expect(logo).toHaveAttribute('src', settings!.logoUrl);
    else expect(logo.tagName).toBe('SPAN');
    const headers = preview.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.includes(t.previewColumns.poRef)).toBe(draft.flags.displayInvoicePoRefId !== 'off');
    expect(headers.includes(t.previewColumns.shipTo)).toBe(draft.shipTo);
    if (draft.fees['plastiq-cc'] === '2.5') expect(preview.getByText(t.previewCard('Plastiq cards', '$2.50', '$102.50'))).toBeInTheDocument();
    if (draft.fees['plastiq-cc'] === '2.9') expect(preview.getByText(t.previewCard('Plastiq cards', '$2.90', '$102.90'))).toBeInTheDocument();
    if (draft.fees['plastiq-cc'] === '3.5') expect(preview.getByText(t.previewNoFee)).toBeInTheDocument();
    expect(preview.getByText(t.previewCutoff(t.hour(Number(draft.cutoffHour)), draft.timeZone.replaceAll('_', ' ')))).toBeInTheDocument();
    if (state.matches('readingLogo')) return void expect(screen.getByText(t.logoReading)).toBeInTheDocument();
    if (logoProblem) expect(screen.getByText(t.logoProblems[logoProblem]!)).toHaveAttribute('role', 'alert');
    if (draft.logo.kind === 'new') expect(screen.getByTestId('logo-state')).toHaveTextContent(t.logoNew(draft.logo.image.name));
    if (draft.logo.kind === 'remove') expect(screen.getByTestId('logo-state')).toHaveTextContent(t.logoRemoved);
    const save = screen.getByRole('button', { name: t.save });
    if (state.matches('saving')) {
      // only what changed is sent
      const asked = network.pending.find((p) => p.kind === 'save')!.input as { patch: unknown };
      expect(asked.patch).toEqual(patchOf(settings!, draft));
      return;
    }
    expect(save).toHaveProperty('disabled', Object.keys(patchOf(settings!, draft)).length === 0 || Object.keys(problems).length > 0);
    if (notice) expect(screen.getByText(t.saved)).toHaveAttribute('role', 'status');
    if (problem) expect(screen.getByText(problem)).toHaveAttribute('role', 'alert');
  }

  const drivers = {
    'xstate.done.actor.loadSettings': settleKind(network.pending, 'settings', 'resolve'),
    'xstate.error.actor.loadSettings': settleKind(network.pending, 'settings', 'reject'),
    'xstate.done.actor.saveSettings': settleKind(network.pending, 'save', 'resolve'),
    'xstate.error.actor.saveSettings': settleKind(network.pending, 'save', 'reject'),
    'xstate.done.actor.readLogo': settleKind(network.pending, 'read', 'resolve'),
    'xstate.error.actor.readLogo': settleKind(network.pending, 'read', 'reject'),
    'settings.retry': async () => { fireEvent.click(screen.getByRole('button', { name: t.retry })); },
    'field.change': async (e: { field: string; value: string }) => {
      const label = { displayName: t.displayName, appName: t.appName, cutoffHour: t.cutoffHour, timeZone: t.timeZone }[e.field]!;
      fireEvent.change(screen.getByLabelText(label), { target: { value: e.value } });
    },
    'fee.change': async (e: { value: string }) => { fireEvent.change(screen.getByLabelText(t.fee('Plastiq cards')), { target: { value: e.value } }); },
    'flag.change': async (e: { flag: keyof typeof t.flags; value: string }) => { fireEvent.change(screen.getByLabelText(t.flags[e.flag]), { target: { value: e.value } }); },
    'shipTo.change': async () => { fireEvent.click(screen.getByLabelText(t.shipTo)); },
    'logo.choose': async (e: { file: Blob; name: string }) => {
      const file = new File([e.file], e.name, { type: e.file.type });
      fireEvent.change(screen.getByLabelText(t.logoChoose), { target: { files: [file] } });
    },
    'logo.remove': async () => { fireEvent.click(screen.getByRole('button', { name: t.logoRemove })); },
    'logo.keep': async () => { fireEvent.click(screen.getByRole('button', { name: /^(Keep the saved logo|Choose a logo)$/ })); },
    'draft.reset': async () => { fireEvent.click(screen.getByRole('button', { name: t.reset })); },
    'settings.save': async () => { fireEvent.submit(screen.getByRole('form', { name: t.title })); },
  } satisfies Drivers<Snapshot>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    network.pending.length = 0;
    render(<RouterProvider router={createMemoryRouter(consoleRoutes, { initialEntries: ['/settings'] })} />);
    await settleKind(network.pending, 'session', 'resolve')({ output: consoleSessionSample });
    await runWalk(path, drivers, assertState);
  });

  it('a viewer reads the settings and can change nothing', async () => {
    network.pending.length = 0;
    render(<RouterProvider router={createMemoryRouter(consoleRoutes, { initialEntries: ['/settings'] })} />);
    await settleKind(network.pending, 'session', 'resolve')({ output: { ...consoleSessionSample, user: { ...consoleSessionSample.user, role: 'viewer' } } });
    const { settingsSample } = await import('../../../machines/console-settings/console-settings.model');
    await settleKind(network.pending, 'settings', 'resolve')({ output: settingsSample });
    expect(await screen.findByText(t.readOnly)).toBeInTheDocument();
    expect(screen.getByLabelText(t.appName)).toBeDisabled();
    expect(screen.getByLabelText(t.fee('Plastiq cards'))).toBeDisabled();
    expect(screen.queryByRole('button', { name: t.save })).toBeNull();
    expect(screen.queryByLabelText(t.logoChoose)).toBeNull();
  });
});
