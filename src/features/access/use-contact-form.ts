import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { ContactFormActor } from '../../../machines/contact-form/contact-form.actor';
import { connectContactForm, connectContactFormDraft, type ContactFormApi as ConnectedContactForm } from '../../../machines/contact-form/contact-form.connect';
import type { ContactFormEvent } from '../../../machines/contact-form/contact-form.machine';

export interface ContactFormApi extends ConnectedContactForm {
  /** The visitor is about to use the form (focus, pointer): start loading its machine. */
  prepare: () => void;
}

type ActorModule = typeof import('../../../machines/contact-form/contact-form.actor');
let actorModule: ActorModule | undefined;
/** Loads the form's machine (and XState); tests and callers that know it will be needed may call it ahead. */
export const loadContactFormMachine = () =>
  actorModule ? Promise.resolve(actorModule) : import('../../../machines/contact-form/contact-form.actor').then((m) => (actorModule = m));

const noActor = { subscribe: () => () => {}, getSnapshot: () => undefined };

/**
 * The landing page's contact form: the machine's view (`connectContactForm`).
 *
 * The machine (and XState) loads with the first interaction, not with the page (the landing page paints without it): until it runs, the text
 * typed is kept here and the view is `connectContactFormDraft`'s. When the machine starts, it receives that text (and a
 * submit made meanwhile), so nothing typed is lost and the chart decides everything from then on.
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
  const snapshot = useSyncExternalStore(source.subscribe, source.getSnapshot, source.getSnapshot);

  // The events go to the running machine; before it runs, the text and a submit wait here for it.
  const send = useCallback((event: ContactFormEvent) => {
    if (running.current) return running.current.send(event);
    if (event.type === 'contact.change') {
      draftRef.current = event.value;
      setDraft(event.value);
      setWanted(true);
    } else if (event.type === 'contact.submit') {
      submitPending.current = true;
      setSubmitQueued(true);
      setWanted(true);
    }
  }, []);
  const view = useMemo(
    () => (snapshot ? connectContactForm(snapshot, send) : connectContactFormDraft({ contact: draft, submitQueued }, send)),
    [snapshot, send, draft, submitQueued],
  );
  const prepare = useCallback(() => setWanted(true), []);
  return { ...view, prepare };
}
