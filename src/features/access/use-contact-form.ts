import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ContactFormActor } from '../../../machines/contact-form/contact-form.actor';
import { isEmptyContact, isValidContact } from '../../../machines/contact-form/contact-form.guards';
import type { ContactFormView } from '../../../machines/contact-form/contact-form.selectors';

export interface ContactFormApi extends ContactFormView {
  change: (value: string) => void;
  submit: () => void;
  closeModal: () => void;
  /** The visitor is about to use the form (focus, pointer): start loading its machine. */
  prepare: () => void;
}

type ActorModule = typeof import('../../../machines/contact-form/contact-form.actor');
let actorModule: ActorModule | undefined;
/** Loads the form's machine (and XState); tests and callers that know it will be needed may call it ahead. */
export const loadContactFormMachine = () =>
  actorModule ? Promise.resolve(actorModule) : import('../../../machines/contact-form/contact-form.actor').then((m) => (actorModule = m));

const noActor = { subscribe: () => () => {}, view: () => undefined };

/**
 * The landing page's contact form: the machine's view model and its events as callbacks.
 *
 * The machine (and XState) loads with the first interaction, not with the page (the landing page paints without it): until it runs, the text
 * typed is kept here and the view is what the chart shows in `editing` before its debounce — no verdict yet, "Request
 * Link" enabled for a valid text. When the machine starts, it receives that text (and a submit made meanwhile), so
 * nothing typed is lost and the chart decides everything from then on.
 */
export function useContactForm(): ContactFormApi {
  const [wanted, setWanted] = useState(false);
  const [actor, setActor] = useState<ContactFormActor | null>(null);
  // The running actor, as soon as it runs (the state above follows one render later): events typed in between go to it.
  const running = useRef<ContactFormActor | null>(null);
  const [draft, setDraft] = useState('');
  const draftRef = useRef(draft);
  const submitPending = useRef(false);
  const [submitQueued, setSubmitQueued] = useState(false);

  useEffect(() => {
    if (!wanted) return;
    let active = true;
    let started: ContactFormActor | undefined;
    const start = (module: ActorModule) => {
      started = module.createContactFormActor();
      started.start();
      if (draftRef.current) started.send({ type: 'contact.change', value: draftRef.current });
      if (submitPending.current) started.send({ type: 'contact.submit' });
      submitPending.current = false;
      running.current = started;
      setSubmitQueued(false);
      setActor(started);
    };
    // Already loaded (a second form, a remount): start at once, in the same commit.
    if (actorModule) start(actorModule);
    else
      void loadContactFormMachine().then(
        (module) => {
          if (active) start(module);
        },
        () => {
          // The chunk did not load (offline): let the next interaction try again.
          if (active) setWanted(false);
        },
      );
    return () => {
      active = false;
      started?.stop();
      if (running.current === started) running.current = null;
      setActor(null);
    };
  }, [wanted]);

  const source = actor ?? noActor;
  const machineView = useSyncExternalStore(source.subscribe, source.view, source.view);
  const view: ContactFormView = machineView ?? {
    contact: draft,
    showInvalid: false,
    canSubmit: !submitQueued && !isEmptyContact(draft) && isValidContact(draft),
    isSubmitting: submitQueued,
    showSubmitError: false,
    isModalOpen: false,
  };

  const prepare = useCallback(() => setWanted(true), []);
  return {
    ...view,
    prepare,
    change: (value) => {
      if (running.current) return running.current.send({ type: 'contact.change', value });
      draftRef.current = value;
      setDraft(value);
      setWanted(true);
    },
    submit: () => {
      if (running.current) return running.current.send({ type: 'contact.submit' });
      if (isEmptyContact(draftRef.current) || !isValidContact(draftRef.current)) return;
      submitPending.current = true;
      setSubmitQueued(true);
      setWanted(true);
    },
    closeModal: () => running.current?.send({ type: 'modal.close' }),
  };
}
