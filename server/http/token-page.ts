/**
 * What a token page is and the first-screen data it carries inline: shared by the loader of that data
 * (server/http/bootstrap.ts) and the first screen rendered from it (server/http/first-screen.ts), which the loader
 * calls, so the types stand below both of them.
 */
/**
 * `entry`: the token base (and its `/c2p`, `/ap`, `/pp` aliases), where a link from an e-mail or text lands; the app
 * resolves the token there and sends the reader to the link's page — which the server does itself when it can (below).
 * `error`: why a link cannot be used (`/error/<code>`): it asks nothing of the API, so its first screen is painted for
 * any token — above all for one that no longer answers (expired, canceled).
 */
export type TokenPageKind = 'entry' | 'error' | 'vendors' | 'locations' | 'dashboard' | 'location-page';

export interface TokenPage {
  token: string;
  /** The path after `/token/<token>` (what the inline data is for; no token in it). */
  page: string;
  kind: TokenPageKind;
  vendorId?: string;
  locationId?: string;
  /** The page's own module, when the route is one whose chain is preloaded. */
  module?: string;
}

export interface Bootstrap {
  /** The page it was made for: the path after /token/<token>. */
  page: string;
  /** GET answers by path under /api (with its query string). */
  api: Record<string, unknown>;
  /** Public files by path. */
  files: Record<string, unknown>;
}
