/**
 * Security headers on every answer — also on the answers Fastify and Node's HTTP parser give themselves (414, 431,
 * 400 for a malformed request: `frameworkErrors` and `clientErrorHandler` in errors.ts). `Referrer-Policy: no-referrer` matters most: SPA URLs carry the login token
 * (`/token/<token>/…`), and no other site may see them in a Referer header.
 *
 * Kept by hand rather than `@fastify/helmet`: helmet has no option for Permissions-Policy or the API's no-store, and
 * its hook never runs for the router's and the HTTP parser's refusals, which need this list anyway; set to this
 * policy it was also slower per request (`npm run bench -- libs`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Ark UI and React set style attributes at run time; inline <style> from libraries needs 'unsafe-inline'.
  "style-src 'self' 'unsafe-inline'",
  // Images come from the portal itself (vendor logos are site-relative or served by the portal; an absolute logo URL
  // on another host is not displayed); data: for inline icons.
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/**
 * The portal's policy when the payments service has an origin of its own: the base policy, plus exactly
 * that origin as the one frame source (the hosted card and bank-account fields), plus where violations are reported
 * (`report-uri` for older browsers, `report-to` with the `Reporting-Endpoints` header). `scriptSources` are the hashes
 * of the inline scripts the built pages carry — exactly the import map with the chunks' integrity
 * (server/http/script-integrity.ts); never 'unsafe-inline'.
 */
export function portalContentSecurityPolicy(paymentsOrigin: string | null, scriptSources: readonly string[] = []): string {
  const base = scriptSources.length ? CONTENT_SECURITY_POLICY.replace("script-src 'self'", `script-src 'self' ${scriptSources.join(' ')}`) : CONTENT_SECURITY_POLICY;
  return [base, `frame-src ${paymentsOrigin ?? "'none'"}`, 'report-uri /csp-reports', 'report-to csp'].join('; ');
}

/** The API reference page (Scalar) builds its UI with inline styles, blob workers and data: images. */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "object-src 'none'",
].join('; ');

/** The headers every answer carries (the content security policy unless the route set its own). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

/** Answers of the API and the payments service are per token: never cached, not even by the browser. */
export function isNoStorePath(url: string): boolean {
  return (
    url.startsWith('/api/') || url === '/api' || url.startsWith('/api?') ||
    url === '/payments-api' || url.startsWith('/payments-api/') || url.startsWith('/payments-api?') ||
    url === '/vendor-api' || url.startsWith('/vendor-api/') || url.startsWith('/vendor-api?')
  );
}

export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply) {
  if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
  if (isNoStorePath(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
}

export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { paymentsOrigin: string | null; reportEndpoint: string | null; scriptSources?: readonly string[] } = { paymentsOrigin: null, reportEndpoint: null },
) {
  const policy = portalContentSecurityPolicy(options.paymentsOrigin, options.scriptSources);
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', policy);
    if (options.reportEndpoint) reply.header('reporting-endpoints', `csp="${options.reportEndpoint}"`);
    applySecurityHeaders(request, reply);
    return payload;
  });
}
