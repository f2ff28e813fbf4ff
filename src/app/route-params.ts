/** Path parameters that are not UUIDs (spec §5): only `token` and `error` are free text. */
export const FREE_TEXT_PARAMS = new Set(['token', 'error', '*']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** True when a parameter other than token/error is present and not a UUID. */
export function hasInvalidParam(params: Record<string, string | undefined>): boolean {
  return Object.entries(params).some(([name, value]) => !FREE_TEXT_PARAMS.has(name) && value !== undefined && !isUuid(value));
}

/** An error page path is not an authenticated page: no API announcements there. */
export function isErrorPath(path: string): boolean {
  return /^\/token\/[^/]+\/error(\/|$)/.test(path);
}
