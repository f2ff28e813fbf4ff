/**
 * Vite plugin (dev server only): routes the app's imports of `xstate` and `@xstate/react` through src/dev wrappers
 * that hand every actor the opt-in @statelyai/inspect observer (src/dev/inspect.ts). Dev server only: a production
 * build never sees it, so the inspector and the wrappers are absent from dist/.
 */
import path from 'node:path';
import type { Plugin } from 'vite';

export function devInspect(): Plugin {
  const root = path.resolve(import.meta.dirname, '../..');
  const wrappers: Record<string, string> = {
    xstate: path.join(root, 'src/dev/xstate-inspected.ts'),
    '@xstate/react': path.join(root, 'src/dev/xstate-react-inspected.ts'),
  };
  const own = (importer: string) => (importer.startsWith(path.join(root, 'src')) || importer.startsWith(path.join(root, 'machines'))) && !importer.startsWith(path.join(root, 'src/dev'));
  return {
    name: 'performancepay:dev-inspect',
    // The dev server only: not `vite build`, not vitest (which serves too).
    apply: (_config, env) => env.command === 'serve' && !process.env.VITEST,
    enforce: 'pre',
    resolveId(source, importer) {
      const wrapper = wrappers[source];
      if (!wrapper || !importer) return null;
      return own(importer.split('?')[0]) ? wrapper : null;
    },
  };
}
