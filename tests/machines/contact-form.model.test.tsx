// @vitest-environment jsdom
/**
 * Model-based walk of the contact form: every path that `xstate/graph` generates from the chart
 * (with the model events of machines/contact-form/contact-form.model.ts) is replayed on the REAL
 * landing page — typing, clicking, waiting out the debounce — and each state's view is checked.
 * Only the network is replaced: the link request is a promise the walk settles.
 */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';

const network = vi.hoisted(() => ({
  pending: [] as Array<{ input: { contact: string }; resolve: (v: unknown) => void; reject: (e: unknown) => void }>,
}));

vi.mock('../../machines/contact-form/contact-form.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../machines/contact-form/contact-form.actors')>();
  const { fromPromise } = await import('xstate');
  return {
    ...original,
    requestLoginLink: fromPromise<{ status: 'accepted' }, { contact: string }>(
      ({ input }) => new Promise((resolve, reject) => network.pending.push({ input, resolve: resolve as (v: unknown) => void, reject })),
    ),
  };
});

import { CONTACT_DEBOUNCE_MS, contactFormMachine } from '../../machines/contact-form/contact-form.machine';
import { contactFormModelEvents, contactFormModelValues } from '../../machines/contact-form/contact-form.model';
import LandingPage from '../../src/features/access/landing-page';
import { landingTexts as t } from '../../src/features/access/texts';
import { allTransitions, takenTransitions } from './transitions';

type Snapshot = SnapshotFrom<typeof contactFormMachine>;
type Step = { state: Snapshot; event: EventObject & Record<string, unknown> };

/** Like createTestModel: a state reached by a different event/source is a different vertex, so every edge is walked. */
function serializeState(state: Snapshot, event?: EventObject, prev?: Snapshot): string {
  const base = JSON.stringify({ value: state.value, context: state.context });
  if (!event || !prev || JSON.stringify(prev.value) === JSON.stringify(state.value)) return base;
  return `${base} via ${JSON.stringify(event)} from ${JSON.stringify(prev.value)}`;
}

const model = new TestModel(contactFormMachine, {
  events: contactFormModelEvents as (s: Snapshot) => never[],
  serializeState,
  stateMatcher: (state: Snapshot, key: string) => state.matches(key as never),
});
const paths = model.getShortestPaths();

const user = userEvent.setup({ delay: null });
const input = (): HTMLInputElement => screen.getByPlaceholderText(t.inputPlaceholder);
const submitButton = () => screen.getByRole('button', { name: t.submit, hidden: true });

function expectForm({ value, invalidShown, enabled }: { value: string; invalidShown: boolean; enabled: boolean }) {
  expect(screen.getByRole('textbox', { name: t.inputLabel })).toBe(input());
  expect(input()).toHaveValue(value);
  if (invalidShown) {
    expect(screen.getByText(t.invalidContact)).toBeVisible();
    expect(input()).toHaveAttribute('aria-invalid', 'true');
  } else {
    expect(screen.queryByText(t.invalidContact)).toBeNull();
    expect(input()).not.toHaveAttribute('aria-invalid', 'true');
  }
  if (enabled) expect(submitButton()).toBeEnabled();
  else expect(submitButton()).toBeDisabled();
  expect(submitButton()).not.toHaveAttribute('aria-busy');
  expect(screen.queryByRole('dialog')).toBeNull();
}

const noSubmitError = () => expect(screen.queryByText(t.submitError)).toBeNull();

const stateChecks: Record<string, (s: Snapshot) => void> = {
  'editing.empty': (s) => {
    expectForm({ value: s.context.contact, invalidShown: false, enabled: false });
    noSubmitError();
  },
  'editing.typing': (s) => {
    expectForm({ value: s.context.contact, invalidShown: false, enabled: s.context.contact === contactFormModelValues.valid });
    noSubmitError();
  },
  'editing.valid': (s) => {
    expectForm({ value: s.context.contact, invalidShown: false, enabled: true });
    noSubmitError();
  },
  'editing.invalid': (s) => {
    expectForm({ value: s.context.contact, invalidShown: true, enabled: false });
    noSubmitError();
  },
  submitting: (s) => {
    expect(input()).toHaveValue(s.context.contact);
    expect(input()).toHaveAttribute('readonly');
    expect(submitButton()).toBeDisabled();
    expect(submitButton()).toHaveAttribute('aria-busy', 'true');
    expect(network.pending.map((p) => p.input)).toEqual([{ contact: s.context.contact.trim() }]);
    noSubmitError();
  },
  requested: async () => {
    // The dialog's chunk loads on submit (not on the landing page's first load), so it may arrive a moment later.
    const dialog = await screen.findByRole('dialog', { name: t.modalTitle });
    expect(within(dialog).getByText(t.modalBody)).toBeVisible();
    expect(input()).toHaveValue('');
    noSubmitError();
  },
  failed: (s) => {
    expect(screen.getByRole('alert')).toHaveTextContent(t.submitError);
    expect(input()).toHaveValue(s.context.contact);
    expect(submitButton()).toBeEnabled();
    expect(screen.queryByRole('dialog')).toBeNull();
  },
};

type Exec = (step: Step) => Promise<void> | void;
const eventDrivers = {
  'xstate.init': () => {},
  'contact.change': async ({ event }) => {
    const value = event.value as string;
    const el = input();
    if (value === '') await user.clear(el);
    else await user.type(el, value, { initialSelectionStart: 0, initialSelectionEnd: el.value.length });
  },
  'contact.submit': async () => {
    await user.click(submitButton());
  },
  'modal.close': async () => {
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: t.modalClose }));
    // Let the dialog's exit run to its end, as a user would see it.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
  },
  'xstate.after.contactDebounce.contactForm.editing.typing': async () => {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CONTACT_DEBOUNCE_MS - 1);
    });
    // One millisecond early nothing has changed yet.
    expect(screen.queryByText(t.invalidContact)).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
  },
  'xstate.done.actor.requestLoginLink': async ({ event }) => {
    await act(async () => network.pending.shift()!.resolve(event.output));
  },
  'xstate.error.actor.requestLoginLink': async ({ event }) => {
    await act(async () => network.pending.shift()!.reject(event.error));
  },
} satisfies Record<string, Exec>;

describe('contact form: model-based walk on the landing page', () => {
  // In a browser the dialog's chunk arrives over the network while the user types; here the walk runs on fake timers,
  // under which a first-time module transform never completes, so the module is loaded before the walk.
  // The same for the form's machine, which the page loads with the first interaction.
  beforeAll(async () => {
    await import('../../src/ui/dialog');
    await (await import('../../src/features/access/use-contact-form')).loadContactFormMachine();
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    // Testing Library drains pending work with setTimeout(0); it only advances fake timers it recognises as Jest's.
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
    network.pending.length = 0;
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('the generated paths cover every state and every transition of the chart', () => {
    const covered = new Set(paths.flatMap((p) => takenTransitions(contactFormMachine, p.steps as Step[])));
    expect([...allTransitions(contactFormMachine)].filter((id) => !covered.has(id))).toEqual([]);
    const reached = paths.flatMap((p) => p.steps.map((step) => step.state));
    for (const key of Object.keys(stateChecks)) {
      expect(reached.some((state) => state.matches(key as never)), key).toBe(true);
    }
  });

  for (const path of paths) {
    it(path.description, async () => {
      render(
        <MemoryRouter>
          <LandingPage />
        </MemoryRouter>,
      );
      await path.test({ states: stateChecks, events: eventDrivers as never });
    });
  }
});
