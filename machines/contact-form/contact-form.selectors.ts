import type { SnapshotFrom } from 'xstate';
import type { contactFormMachine } from './contact-form.machine';

type ContactFormSnapshot = Pick<SnapshotFrom<typeof contactFormMachine>, 'context' | 'matches' | 'can'>;

/** What the contact form shows, derived from the chart (never stored). */
export interface ContactFormView {
  contact: string;
  /** The debounced verdict "Invalid email address or phone number." is on screen. */
  showInvalid: boolean;
  /** "Request Link" is enabled. */
  canSubmit: boolean;
  /** The button shows loading and the input is read-only. */
  isSubmitting: boolean;
  /** "Unable to send request." is on screen. */
  showSubmitError: boolean;
  /** The "Access Requested" modal is open. */
  isModalOpen: boolean;
}

export function selectContactFormView(snapshot: ContactFormSnapshot): ContactFormView {
  const { contact } = snapshot.context;
  const isSubmitting = snapshot.matches('submitting');
  return {
    contact,
    showInvalid: snapshot.matches({ editing: 'invalid' }),
    // `can` evaluates the guards: only a valid text can be submitted, never twice at once.
    canSubmit: snapshot.can({ type: 'contact.submit' }),
    isSubmitting,
    showSubmitError: snapshot.matches('failed'),
    isModalOpen: snapshot.matches('requested'),
  };
}
