/**
 * Where a resolved (or unresolvable) token sends the user — spec §2 "Token entry" and
 * docs/decisions.md. Pure functions: the chart calls them, the tests pin them down.
 */
import { paths } from '../../core/rules/paths';

/** Token info as answered by `GET /tokens/current`. `id` is the request the link was issued for, or "". */
export interface TokenInfo {
  id: string;
  type: string;
  status: string;
  vendorId: string;
  locationId: string;
  /**
   * Replay: for a request link without a vendor and location (a contact-wide link), the vendor and location
   * of its request, learned from `GET /requests`; absent otherwise.
   */
  requestScope?: { vendorId: string; locationId: string };
}

/** Why the token info could not be loaded: HTTP status (0 for a network failure) and the body's errorCode. */
export interface TokenInfoFailure {
  status: number;
  errorCode?: string;
}

/**
 * A failure worth asking again (decisions.md "Token entry retries a passing failure"): no answer at all (status 0) or
 * a server that said it is busy or its gateway had no answer (502, 503, 504: a shed request is answered 503). A refusal
 * (401/403) or any other answer is final.
 */
export function isPassingTokenInfoFailure(failure: TokenInfoFailure): boolean {
  return failure.status === 0 || failure.status === 502 || failure.status === 503 || failure.status === 504;
}

/** How many times a passing failure is asked again before the error page, and the wait before the first retry. */
export const TOKEN_INFO_RETRIES = 2;
export const TOKEN_INFO_RETRY_MS = 1000;

/** `/token/{token}`. The token is base64url, but encode it anyway: it comes from the address bar. */
export function tokenBase(token: string): string {
  return paths.token(token);
}

/** `/token/{token}/vendors/{vendorId}/locations/{locationId}`. */
export function locationBase(token: string, vendorId: string, locationId: string): string {
  return paths.location({ token, vendorId, locationId });
}

/**
 * The page a token leads to:
 * - no vendor or location in the token (type `login`, decisions.md): the vendor chooser `/vendors`;
 * - `paymentplan`: the location base, plus `/planrequests/{id}` unless the status is `complete`
 *   (or there is no request id);
 * - `autopay`: location base + `/autopay/{id}`, or `/autopay` without an id;
 * - `reminder` and `message`: location base + `/reminders` / `/messages` — the pages the second spec document
 *   routes (§2.6, §2.8); "/{type}" would land on a route that does not exist;
 * - any other type: location base + `/{type}` (e.g. `click2pay`, `statement`).
 */
/** Token types whose page is not named after the type (portal-recurring.md §2.6 and §2.8). */
const PAGE_OF_TYPE: Readonly<Record<string, string>> = { reminder: 'reminders', message: 'messages' };

export function tokenRedirectPath(token: string, info: TokenInfo): string {
  if (info.type === 'login' || !info.vendorId || !info.locationId) return paths.vendors(token);
  const base = locationBase(token, info.vendorId, info.locationId);
  switch (info.type) {
    case 'paymentplan':
      return info.status === 'complete' || !info.id ? base : paths.planRequest(base, info.id);
    case 'autopay':
      return paths.autopay(base, info.id);
    default:
      return `${base}/${PAGE_OF_TYPE[info.type] ?? encodeURIComponent(info.type)}`;
  }
}

/**
 * The error page for a token whose info failed to load: `/token/{token}/error`, or with the
 * errorCode when the server refused the token (401/403: `canceled`, `expired`, `invalid`; a refusal
 * without a code counts as `invalid`, as in the shared unauthorised handling).
 */
export function tokenErrorPath(token: string, failure: TokenInfoFailure): string {
  if (failure.status === 401 || failure.status === 403) return paths.error(token, failure.errorCode || 'invalid');
  return paths.error(token);
}
