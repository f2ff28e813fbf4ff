import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The browser build's `@xstate/react`: src/app/xstate-react-client.ts (an actor's change renders as a transition while
 * a first screen painted from the HTML is shown); that module itself gets the real package. Build only: the dev server
 * (scripts/atlas/vite-dev-inspect.ts) and the tests use the package as it is; the server-side build has its own
 * (scripts/build/prerender.ts).
 */
export function clientActors(): Plugin {
  let wrapper = '';
  return {
    name: 'portal:client-actors',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      wrapper = path.join(config.root, 'src/app/xstate-react-client.ts');
    },
    resolveId(source, importer, options) {
      if (source !== '@xstate/react' || options?.ssr || !importer || importer.split('?')[0] === wrapper) return null;
      return wrapper;
    },
  };
}
