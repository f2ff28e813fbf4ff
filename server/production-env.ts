/**
 * The server runs its libraries' production builds unless told otherwise: React's server renderer (the token pages'
 * first screens, `dist/.ssr/`) loads `react` and `react-dom/server` from node_modules, which pick their development
 * build — slower, and with checks meant for a developer's console — when NODE_ENV is unset.
 *
 * Imported first by server/main.ts, for its side effect: ES modules run in the order of their imports, so this runs
 * before any module that reads NODE_ENV when it loads. `NODE_ENV=development` set by the operator is kept.
 */
process.env.NODE_ENV ??= 'production';

export {};
