/**
 * The one rule for a URL that data (not code) puts into `href` or `src` — a vendor's logo, an ad's image and its
 * click target: an absolute `http:`/`https:` URL (answered normalised) or a site-relative path (`/static/ads/a.svg`).
 * Anything else — `javascript:`, `data:`, `vbscript:`, a protocol-relative `//host`, a backslash or control
 * characters that browsers read as a slash or drop — is null: the caller shows nothing for it. The server applies it
 * before answering (`server/repos/vendors.ts`, `server/repos/ads.ts`) and the SPA again before rendering.
 */
export function safeUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const url = value.trim();
  if (!url || /[\u0000-\u001f\u007f\\]/.test(url)) return null;
  if (url.startsWith('/')) return url.startsWith('//') ? null : url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
