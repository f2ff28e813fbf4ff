/** Actors of token resolution: the only place that talks to the API for this flow. */
import { fromPromise } from 'xstate';
import { api } from '../../core/api/client';
import type { TokenInfo, TokenInfoFailure } from './token-resolution.redirect';

export interface TokenInfoInput {
  token: string;
}

/**
 * Once the actor is stopped (its signal aborted) it must not settle: under React StrictMode
 * @xstate/react restarts the machine, and a late rejection of the stopped call would otherwise be
 * taken for the new call's answer.
 */
function never(): Promise<never> {
  return new Promise<never>(() => {});
}

/** The token info call failed; carries what the error page needs. */
export class TokenInfoError extends Error implements TokenInfoFailure {
  readonly status: number;
  readonly errorCode: string | undefined;
  constructor(status: number, errorCode?: string) {
    super(`token info failed (${status || 'network'}${errorCode ? `, ${errorCode}` : ''})`);
    this.name = 'TokenInfoError';
    this.status = status;
    this.errorCode = errorCode;
  }
}

/** Any thrown value as a failure the chart can route on (unknown errors count as a network failure). */
export function toTokenInfoFailure(error: unknown): TokenInfoFailure {
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number') {
    const code = 'errorCode' in error && typeof error.errorCode === 'string' ? error.errorCode : undefined;
    return code ? { status: error.status, errorCode: code } : { status: error.status };
  }
  return { status: 0 };
}

/** Normalises the body of `GET /tokens/current` (absent ids become ""). */
export function toTokenInfo(body: Partial<Record<keyof TokenInfo, string | null | undefined>>): TokenInfo {
  return {
    id: body.id ?? '',
    type: body.type ?? '',
    status: body.status ?? '',
    vendorId: body.vendorId ?? '',
    locationId: body.locationId ?? '',
  };
}

/**
 * `GET /tokens/current` with the link's token. The header is set explicitly as well, so the call
 * does not depend on the order in which the shell sets the auth token.
 */
export const fetchTokenInfo = fromPromise<TokenInfo, TokenInfoInput>(async ({ input, signal }) => {
  let result;
  try {
    result = await api.GET('/tokens/current', {
      signal,
      headers: { Authorization: `ContactAccess ${input.token}` },
    });
  } catch {
    if (signal.aborted) return never();
    throw new TokenInfoError(0);
  }
  if (signal.aborted) return never();
  const { data, error, response } = result;
  if (!response.ok || !data) {
    const code = (error as { errorCode?: unknown } | undefined)?.errorCode;
    throw new TokenInfoError(response.status, typeof code === 'string' ? code : undefined);
  }
  const info = toTokenInfo(data as Parameters<typeof toTokenInfo>[0]);
  // A request link without a vendor and location leads to the choosers; its saved action needs the
  // request's vendor and location (best effort: without them nothing is saved and the choosers work as usual).
  if (info.id && (!info.vendorId || !info.locationId)) {
    try {
      const requests = await api.GET('/requests', { signal, headers: { Authorization: `ContactAccess ${input.token}` } });
      const request = requests.data?.requests.find((r) => r.id === info.id);
      if (request) return { ...info, requestScope: { vendorId: request.vendorId, locationId: request.locationId } };
    } catch {
      if (signal.aborted) return never();
    }
  }
  return info;
});
