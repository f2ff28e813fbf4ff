/** Actors of the contact form: the only place that talks to the API for this flow. */
import { fromPromise } from 'xstate';

export interface LoginLinkInput {
  contact: string;
}

/** `POST /letmein` answers 202 whether or not the address matches (no account enumeration). */
export interface LoginLinkAccepted {
  status: 'accepted';
}

/**
 * Once the actor is stopped (its signal aborted) it must not settle: under React StrictMode
 * @xstate/react restarts the machine, and a late rejection of the stopped call would otherwise be
 * taken for the new call's answer.
 */
function never(): Promise<never> {
  return new Promise<never>(() => {});
}

/** A failed link request: `status` is the HTTP status (0 when the network failed), `errorCode` from the body. */
export class LoginLinkRequestError extends Error {
  readonly status: number;
  readonly errorCode: string | undefined;
  constructor(status: number, errorCode?: string) {
    super(`login link request failed (${status || 'network'}${errorCode ? `, ${errorCode}` : ''})`);
    this.name = 'LoginLinkRequestError';
    this.status = status;
    this.errorCode = errorCode;
  }
}

/**
 * Requests a login link for an e-mail address or phone number. No credentials are sent. The API client (and
 * openapi-fetch) is imported on submit: the landing page paints and hydrates without it.
 */
export const requestLoginLink = fromPromise<LoginLinkAccepted, LoginLinkInput>(async ({ input, signal }) => {
  let result;
  try {
    const { api } = await import('../../core/api/client');
    if (signal.aborted) return never();
    result = await api.POST('/letmein', { body: { contact: input.contact }, signal });
  } catch {
    if (signal.aborted) return never();
    throw new LoginLinkRequestError(0);
  }
  if (signal.aborted) return never();
  const { response, error } = result;
  if (!response.ok) {
    const code = (error as { errorCode?: unknown } | undefined)?.errorCode;
    throw new LoginLinkRequestError(response.status, typeof code === 'string' ? code : undefined);
  }
  return { status: 'accepted' };
});
