// @vitest-environment happy-dom
/**
 * Model-based walks of the console's Content page on the REAL page inside the console's frame (an AR clerk):
 * announcements — listed with their kind and last day, a red one added with its last day, one written through the
 * API changed, one removed after its confirmation, refusals in the server's words with the form kept; statement ads
 * — listed with their images, a text file refused and a PNG previewed, a click address that is not https named, an ad
 * added or changed (keeping its image), one removed after its confirmation. Each call carries its Idempotency-Key and
 * what was typed. The calls are promises the walks settle; each walk leaves the other section loading.
 */
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { runWalk, settleKind, walkPaths, type Drivers, type PendingCall } from '../model-walk';

const network = vi.hoisted(() => ({ pending: [] as PendingCall[] }));

vi.mock('../../../machines/console-announcements/console-announcements.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-announcements/console-announcements.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadAnnouncements: pendingActor(network.pending, 'announcements'), saveAnnouncement: pendingActor(network.pending, 'saveAnnouncement'), removeAnnouncement: pendingActor(network.pending, 'removeAnnouncement') };
});
vi.mock('../../../machines/console-ads/console-ads.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-ads/console-ads.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadAds: pendingActor(network.pending, 'ads'), saveAd: pendingActor(network.pending, 'saveAd'), removeAd: pendingActor(network.pending, 'removeAd'), readImage: pendingActor(network.pending, 'read') };
});
vi.mock('../../../machines/console-sent-messages/console-sent-messages.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-sent-messages/console-sent-messages.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadSentMessages: pendingActor(network.pending, 'sentMessages') };
});
vi.mock('../../../machines/console-session/console-session.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-session/console-session.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadSession: pendingActor(network.pending, 'session') };
});

import { shortDate } from '../../../core/rules/display';
import { adDraftProblems, consoleAdsMachine } from '../../../machines/console-ads/console-ads.machine';
import { adsModelInput, adsSample, consoleAdsModelEvents } from '../../../machines/console-ads/console-ads.model';
import { consoleAnnouncementsMachine } from '../../../machines/console-announcements/console-announcements.machine';
import { announcementsModelInput, announcementsSample, consoleAnnouncementsModelEvents } from '../../../machines/console-announcements/console-announcements.model';
import { consoleSessionSample } from '../../../machines/console-sign-in/console-sign-in.model';
import { consoleRoutes } from '../../../src/console/routes';
import { consoleTexts } from '../../../src/console/texts';

configure({ asyncUtilTimeout: 8000 });
const ta = consoleTexts.announcements;
const td = consoleTexts.ads;
const clerk = { ...consoleSessionSample, user: { ...consoleSessionSample.user, role: 'ar' as const } };
const region = (name: string) => within(screen.getByRole('region', { name, hidden: true }));

async function open() {
  network.pending.length = 0;
  render(<RouterProvider router={createMemoryRouter(consoleRoutes, { initialEntries: ['/content'] })} />);
  await settleKind(network.pending, 'session', 'resolve')({ output: clerk });
}

describe('console announcements: model-based walk', () => {
  type Snapshot = SnapshotFrom<typeof consoleAnnouncementsMachine>;
  const paths = walkPaths<Snapshot>(consoleAnnouncementsMachine, consoleAnnouncementsModelEvents as never, announcementsModelInput);
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    await screen.findByRole('heading', { level: 2, name: ta.title, hidden: true });
    const panel = region(ta.title);
    const { items, draft, target, problem, notice, done } = state.context;
    if (state.matches('loading')) return void expect(panel.getByRole('status', { hidden: true })).toHaveTextContent(ta.loading);
    if (state.matches('failed')) return void expect(panel.getByText(ta.loadFailed)).toHaveAttribute('role', 'alert');
    const rows = await panel.findAllByTestId('announcement-row');
    expect(rows.map((r) => r.getAttribute('data-id'))).toEqual(items.map((a) => a.id));
    items.forEach((a, i) => {
      expect(rows[i]).toHaveTextContent(a.message);
      expect(rows[i]).toHaveTextContent(ta.types[a.type]!);
      if (a.expirationDate) expect(rows[i]).toHaveTextContent(shortDate(a.expirationDate));
      // only one written with the vendor's own id can be changed here
      expect(within(rows[i]!).queryByRole('button', { name: ta.editLabel(a.message), hidden: true }) !== null).toBe(a.externalId !== null);
    });
    const editing = draft.externalId !== null;
    const form = within(panel.getByRole('form', { name: editing ? ta.editTitle : ta.addTitle, hidden: true }));
    expect(form.getByLabelText(ta.messageLabel)).toHaveValue(draft.message);
    expect(form.getByLabelText(ta.typeLabel)).toHaveValue(draft.type);
    expect(form.getByLabelText(ta.expiresLabel)).toHaveValue(draft.expires);
    if (state.matches('saving')) {
      const asked = network.pending.find((p) => p.kind === 'saveAnnouncement')!.input as { announcement: Record<string, unknown>; idempotencyKey: string };
      // a new one gets an id of this page's own (`console-<key>-<n>`)
      expect(asked.announcement).toEqual({ externalId: draft.externalId ?? expect.stringMatching(new RegExp(`^console-[0-9a-f]{8}-${done}$`)), type: draft.type, message: draft.message.trim(), expirationDate: draft.expires || null });
      expect(asked.idempotencyKey.endsWith(`-${done}`)).toBe(true);
      return;
    }
    if (state.matches('confirmingRemove') || state.matches('removing')) {
      const dialog = await screen.findByRole('alertdialog', { name: ta.removeTitle });
      expect(dialog).toHaveTextContent(ta.removeBody(target!.message));
      if (problem) expect(within(dialog).getByText(problem)).toBeInTheDocument();
      return;
    }
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    if (problem) expect(panel.getByText(problem)).toHaveAttribute('role', 'alert');
    if (notice) expect(panel.getByText(ta.notices[notice]!)).toHaveAttribute('role', 'status');
  }

  const form = () => screen.getByRole('form', { name: /^(Add an announcement|Change the announcement)$/ });
  const drivers = {
    'xstate.done.actor.loadAnnouncements': settleKind(network.pending, 'announcements', 'resolve'),
    'xstate.error.actor.loadAnnouncements': settleKind(network.pending, 'announcements', 'reject'),
    'xstate.done.actor.saveAnnouncement': settleKind(network.pending, 'saveAnnouncement', 'resolve'),
    'xstate.error.actor.saveAnnouncement': settleKind(network.pending, 'saveAnnouncement', 'reject'),
    'xstate.done.actor.removeAnnouncement': settleKind(network.pending, 'removeAnnouncement', 'resolve'),
    'xstate.error.actor.removeAnnouncement': settleKind(network.pending, 'removeAnnouncement', 'reject'),
    'announcements.retry': async () => { fireEvent.click(region(ta.title).getByRole('button', { name: consoleTexts.content.retry })); },
    'draft.change': async (e: { field: string; value: string }) => {
      const label = { message: ta.messageLabel, type: ta.typeLabel, expires: ta.expiresLabel }[e.field]!;
      fireEvent.change(within(form()).getByLabelText(label), { target: { value: e.value } });
    },
    'announcement.edit': async (e: { id: string }) => {
      const a = announcementsSample.find((x) => x.id === e.id)!;
      fireEvent.click(region(ta.title).getByRole('button', { name: ta.editLabel(a.message) }));
    },
    'draft.clear': async () => { fireEvent.click(within(form()).getByRole('button', { name: ta.stopEditing })); },
    'announcement.save': async () => { fireEvent.submit(form()); },
    'remove.ask': async (e: { id: string }) => {
      const a = announcementsSample.find((x) => x.id === e.id)!;
      fireEvent.click(region(ta.title).getByRole('button', { name: ta.removeLabel(a.message) }));
    },
    'remove.confirm': async () => { fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: ta.removeConfirm })); },
    'remove.cancel': async () => { fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: consoleTexts.content.cancel })); },
  } satisfies Drivers<Snapshot>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await open();
    await runWalk(path, drivers, assertState);
  });
});

describe('console statement ads: model-based walk', () => {
  type Snapshot = SnapshotFrom<typeof consoleAdsMachine>;
  const paths = walkPaths<Snapshot>(consoleAdsMachine, consoleAdsModelEvents as never, adsModelInput);
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    await screen.findByRole('heading', { level: 2, name: td.title, hidden: true });
    const panel = region(td.title);
    const { ads, draft, imageProblem, target, problem, notice, done } = state.context;
    if (state.matches('loading')) return void expect(panel.getByRole('status', { hidden: true })).toHaveTextContent(td.loading);
    if (state.matches('failed')) return void expect(panel.getByText(td.loadFailed)).toHaveAttribute('role', 'alert');
    const rows = await panel.findAllByTestId('ad-row');
    expect(rows.map((r) => r.getAttribute('data-id'))).toEqual(ads.map((a) => a.id));
    ads.forEach((a, i) => {
      expect(within(rows[i]!).getByRole('img', { name: td.imageAlt(i + 1), hidden: true })).toHaveAttribute('src', a.imageUrl);
      if (a.clickUrl) expect(rows[i]).toHaveTextContent(a.clickUrl);
    });
    const editing = draft.externalId !== null;
    const form = within(panel.getByRole('form', { name: editing ? td.editTitle : td.addTitle, hidden: true }));
    expect(form.getByLabelText(td.clickUrlLabel)).toHaveValue(draft.clickUrl);
    expect(form.getByLabelText(td.durationLabel)).toHaveValue(draft.duration);
    const problems = adDraftProblems(draft);
    if (problems.clickUrl && draft.clickUrl) expect(form.getByText(problems.clickUrl)).toBeInTheDocument();
    if (state.matches('readingImage')) return void expect(form.getByText(td.imageReading)).toBeInTheDocument();
    if (draft.image) {
      expect(form.getByTestId('ad-image-state')).toHaveTextContent(td.imageChosen(draft.image.name));
      expect(form.getByRole('img', { name: td.imagePreview, hidden: true })).toHaveAttribute('src', `data:image/png;base64,${draft.image.data}`);
    } else expect(form.queryByTestId('ad-image-state')).toBeNull();
    if (imageProblem) expect(form.getByText(td.imageProblems[imageProblem]!)).toHaveAttribute('role', 'alert');
    if (state.matches('saving')) {
      const asked = network.pending.find((p) => p.kind === 'saveAd')!.input as { ad: Record<string, unknown>; idempotencyKey: string };
      expect(asked.ad).toEqual({
        externalId: draft.externalId ?? expect.stringMatching(new RegExp(`^console-[0-9a-f]{8}-${done}$`)),
        ...(draft.image ? { image: { contentType: 'image/png', data: draft.image.data } } : {}),
        clickUrl: draft.clickUrl.trim() || null,
        order: Number(draft.order),
        duration: Number(draft.duration),
      });
      expect(asked.idempotencyKey.endsWith(`-${done}`)).toBe(true);
      return;
    }
    expect(form.getByRole('button', { name: editing ? td.save : td.add, hidden: true })).toHaveProperty('disabled', Object.keys(problems).length > 0);
    if (state.matches('confirmingRemove') || state.matches('removing')) {
      const dialog = await screen.findByRole('alertdialog', { name: td.removeTitle });
      expect(dialog).toHaveTextContent(td.removeBody(ads.findIndex((a) => a.id === target!.id) + 1));
      if (problem) expect(within(dialog).getByText(problem)).toBeInTheDocument();
      return;
    }
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    if (problem) expect(panel.getByText(problem)).toHaveAttribute('role', 'alert');
    if (notice) expect(panel.getByText(td.notices[notice]!)).toHaveAttribute('role', 'status');
  }

  const form = () => screen.getByRole('form', { name: /^(Add an ad|Change the ad)$/ });
  const numberOf = (id: string, prev: Snapshot) => prev.context.ads.findIndex((a) => a.id === id) + 1;
  const drivers = {
    'xstate.done.actor.loadAds': settleKind(network.pending, 'ads', 'resolve'),
    'xstate.error.actor.loadAds': settleKind(network.pending, 'ads', 'reject'),
    'xstate.done.actor.saveAd': settleKind(network.pending, 'saveAd', 'resolve'),
    'xstate.error.actor.saveAd': settleKind(network.pending, 'saveAd', 'reject'),
    'xstate.done.actor.removeAd': settleKind(network.pending, 'removeAd', 'resolve'),
    'xstate.error.actor.removeAd': settleKind(network.pending, 'removeAd', 'reject'),
    'xstate.done.actor.readAdImage': settleKind(network.pending, 'read', 'resolve'),
    'xstate.error.actor.readAdImage': settleKind(network.pending, 'read', 'reject'),
    'ads.retry': async () => { fireEvent.click(region(td.title).getByRole('button', { name: consoleTexts.content.retry })); },
    'draft.change': async (e: { field: string; value: string }) => {
      const label = { clickUrl: td.clickUrlLabel, order: td.orderLabel, duration: td.durationLabel }[e.field]!;
      fireEvent.change(within(form()).getByLabelText(label), { target: { value: e.value } });
    },
    'image.choose': async (e: { file: Blob; name: string }) => {
      fireEvent.change(within(form()).getByLabelText(td.imageLabel), { target: { files: [new File([e.file], e.name, { type: e.file.type })] } });
    },
    'ad.edit': async (e: { id: string }, prev: Snapshot) => { fireEvent.click(region(td.title).getByRole('button', { name: td.editLabel(numberOf(e.id, prev)) })); },
    'draft.clear': async () => { fireEvent.click(within(form()).getByRole('button', { name: td.stopEditing })); },
    'ad.save': async () => { fireEvent.submit(form()); },
    'remove.ask': async (e: { id: string }, prev: Snapshot) => { fireEvent.click(region(td.title).getByRole('button', { name: td.removeLabel(numberOf(e.id, prev)) })); },
    'remove.confirm': async () => { fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: td.removeConfirm })); },
    'remove.cancel': async () => { fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: consoleTexts.content.cancel })); },
  } satisfies Drivers<Snapshot>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await open();
    await runWalk(path, drivers, assertState);
  });

  it('a viewer reads the content and can change none of it', async () => {
    network.pending.length = 0;
    render(<RouterProvider router={createMemoryRouter(consoleRoutes, { initialEntries: ['/content'] })} />);
    await settleKind(network.pending, 'session', 'resolve')({ output: { ...consoleSessionSample, user: { ...consoleSessionSample.user, role: 'viewer' } } });
    await settleKind(network.pending, 'ads', 'resolve')({ output: adsSample });
    await settleKind(network.pending, 'announcements', 'resolve')({ output: announcementsSample });
    expect(await screen.findByText(consoleTexts.content.readOnly)).toBeInTheDocument();
    expect(await screen.findAllByTestId('ad-row')).toHaveLength(2);
    expect(screen.getAllByTestId('announcement-row')).toHaveLength(2);
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
  });
});
