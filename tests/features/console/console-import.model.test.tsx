// @vitest-environment happy-dom
/**
 * Model-based walk of the console's invoice upload on the REAL page inside the console's frame: a file with one bad row
 * is checked (a dry run) and its problem shown by line and column, nothing written; a file of another kind is named
 * and not sent; the fixed file passes its check with its counts and is written on confirmation; how far a check has
 * read; an upload refused or a reading lost, and trying again. The uploads are promises the walk settles; the import's
 * readings are sent by the walk through the watcher's own channel.
 */
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { runWalk, settleKind, walkPaths, type Drivers, type PendingCall } from '../model-walk';

interface Watch {
  input: { importId: string };
  sendBack: (event: AnyEventObject) => void;
  stopped: boolean;
}
const network = vi.hoisted(() => ({ pending: [] as PendingCall[], watches: [] as Watch[] }));

vi.mock('../../../machines/console-import/console-import.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-import/console-import.actors')>();
  const { fromCallback, fromPromise } = await import('xstate');
  const { deferred } = await import('../model-walk');
  return {
    ...original,
    sendImport: fromPromise(({ input }: { input: { dryRun: boolean } }) => {
      const d = deferred<unknown>();
      network.pending.push({ kind: input.dryRun ? 'check' : 'write', input, d });
      return d.promise as Promise<never>;
    }),
    watchImport: fromCallback(({ input, sendBack }: { input: { importId: string }; sendBack: (e: AnyEventObject) => void }) => {
      const watch: Watch = { input, sendBack, stopped: false };
      network.watches.push(watch);
      return () => void (watch.stopped = true);
    }),
  };
});
vi.mock('../../../machines/console-session/console-session.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-session/console-session.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadSession: pendingActor(network.pending, 'session') };
});

import { consoleImportMachine, succeeded } from '../../../machines/console-import/console-import.machine';
import { consoleImportModelEvents } from '../../../machines/console-import/console-import.model';
import { consoleSessionSample } from '../../../machines/console-sign-in/console-sign-in.model';
import { consoleRoutes } from '../../../src/console/routes';
import { consoleTexts } from '../../../src/console/texts';

configure({ asyncUtilTimeout: 8000 });
const t = consoleTexts.upload;

async function open() {
  network.pending.length = 0;
  network.watches.length = 0;
  render(<RouterProvider router={createMemoryRouter(consoleRoutes, { initialEntries: ['/invoices/upload'] })} />);
  await settleKind(network.pending, 'session', 'resolve')({ output: consoleSessionSample });
}

/** The readings of the import the page watches now (the newest watcher still running). */
const reading = async (event: AnyEventObject) => {
  await waitFor(() => expect(network.watches.some((w) => !w.stopped)).toBe(true));
  const watch = network.watches.filter((w) => !w.stopped).at(-1)!;
  await act(async () => watch.sendBack(event));
};

describe('console invoice upload: model-based walk', () => {
  type Snapshot = SnapshotFrom<typeof consoleImportMachine>;
  const paths = walkPaths<Snapshot>(consoleImportMachine, consoleImportModelEvents as never);
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    await screen.findByRole('heading', { level: 1, name: t.title });
    const { chosen, notice, check, write, problem } = state.context;
    const input = screen.getByLabelText(t.fileLabel);
    expect(input).toHaveProperty('disabled', state.matches('writing'));
    if (notice) expect(screen.getByText(t.notices[notice]!)).toHaveAttribute('role', 'alert');
    else expect(screen.queryByText(t.notices.wrong_kind!)).toBeNull();
    const sending = state.matches({ checking: 'sending' }) || state.matches({ writing: 'sending' });
    if (sending) {
      expect(screen.getByRole('status')).toHaveTextContent(`Sending ${chosen!.name}`);
      // the file sent is the one chosen, checked first and written only after the check
      const dryRun = state.matches('checking');
      const call = network.pending.find((p) => p.kind === (dryRun ? 'check' : 'write'))!;
      const sent = call.input as { chosen: { name: string; file: Blob }; dryRun: boolean; idempotencyKey: string };
      expect(sent.chosen.name).toBe(chosen!.name);
      expect(await sent.chosen.file.text()).toBe(await chosen!.file.text());
      expect(sent.dryRun).toBe(dryRun);
      expect(sent.idempotencyKey.endsWith(`-${state.context.done}`)).toBe(true);
      return;
    }
    if (state.matches({ checking: 'watching' }) || state.matches({ writing: 'watching' })) {
      const watched = state.matches('writing') ? write! : check!;
      expect(network.watches.filter((w) => !w.stopped).at(-1)!.input.importId).toBe(watched.id);
      const text = watched.progress ? (state.matches('writing') ? t.checkingWrite(chosen!.name) : t.checking(chosen!.name, watched.progress.rowsChecked.toLocaleString('en-US'))) : t.waiting(chosen!.name);
      return void expect(screen.getByRole('status')).toHaveTextContent(text);
    }
    if (state.matches({ checking: 'lost' }) || state.matches({ writing: 'lost' })) {
      expect(screen.getByText(t.lost)).toHaveAttribute('role', 'alert');
      return void expect(screen.getByRole('button', { name: t.watchAgain })).toBeInTheDocument();
    }
    if (state.matches('refused')) {
      expect(screen.getByText(new RegExp(t.refusedTitle))).toHaveTextContent(problem!);
      return void expect(screen.getByRole('button', { name: t.retry })).toBeInTheDocument();
    }
    if (state.matches('checked')) {
      if (succeeded(check)) {
        const s = check!.summary!;
        expect(screen.getByRole('status')).toHaveTextContent(t.counts(String(s.invoices), String(s.created), String(s.updated), String(s.unchanged)));
        return void expect(screen.getByRole('button', { name: t.confirm(String(s.invoices)) })).toBeInTheDocument();
      }
      expect(screen.getByRole('heading', { name: t.problemsTitle(String(check!.problemCount)) })).toBeInTheDocument();
      const rows = await screen.findAllByTestId('problem-row');
      expect(rows.map((r) => r.getAttribute('data-line'))).toEqual(check!.problems.map((p) => String(p.line ?? '')));
      expect(within(rows[0]!).getByText(check!.problems[0]!.message)).toBeInTheDocument();
      return void expect(screen.queryByRole('button', { name: /^Import / })).toBeNull();
    }
    if (state.matches('written')) {
      const s = write!.summary!;
      return void expect(screen.getByRole('status')).toHaveTextContent(t.counts(String(s.invoices), String(s.created), String(s.updated), String(s.unchanged)));
    }
    // idle: nothing sent
    expect(network.pending.filter((p) => p.kind === 'check' || p.kind === 'write')).toHaveLength(0);
  }

  const drivers = {
    'file.choose': async (e: { file: Blob; name: string }) => {
      fireEvent.change(screen.getByLabelText(t.fileLabel), { target: { files: [new File([e.file], e.name)] } });
    },
    'xstate.done.actor.sendCheck': settleKind(network.pending, 'check', 'resolve'),
    'xstate.error.actor.sendCheck': settleKind(network.pending, 'check', 'reject'),
    'xstate.done.actor.sendWrite': settleKind(network.pending, 'write', 'resolve'),
    'xstate.error.actor.sendWrite': settleKind(network.pending, 'write', 'reject'),
    'import.progress': reading,
    'import.finished': reading,
    'import.lost': reading,
    'watch.retry': async () => { fireEvent.click(screen.getByRole('button', { name: t.watchAgain })); },
    'upload.retry': async () => { fireEvent.click(screen.getByRole('button', { name: t.retry })); },
    'import.confirm': async () => { fireEvent.click(screen.getByRole('button', { name: /^Import / })); },
  } satisfies Drivers<Snapshot>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await open();
    await runWalk(path, drivers, assertState);
  });
});
