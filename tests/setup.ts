import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/dom';

// findBy*/waitFor wait for a state, bounded: on a loaded 2-core machine a page's first lazy chunk (transformed on first
// import) can take more than the library's default second to appear; the bound only decides how long a failing test
// waits before it reports, never what it accepts.
configure({ asyncUtilTimeout: 8000 });

// (jsdom only: most views' files run in happy-dom, docs/decisions.md.) jsdom finds a `<label for>`'s control by walking the whole document (HTMLLabelElement-impl.js), and an element's
// `labels` by asking every node of the document for its control: a label query over a page is cubic in its size
// (the console's Settings page, with its time-zone list, spent 64 % of its walk there). The same rule — the first
// element in tree order with that id, if labelable — through the document's id index, which jsdom keeps anyway.
if (typeof window !== 'undefined' && 'HTMLLabelElement' in window && /jsdom/.test(navigator.userAgent)) {
  const { createRequire } = await import('node:module');
  const require = createRequire(import.meta.url);
  const nodes = `${require.resolve('jsdom').replace(/[\\/]lib[\\/]api\.js$/, '')}/lib/jsdom/living/nodes`;
  const label = require(`${nodes}/HTMLLabelElement-impl.js`).implementation.prototype;
  const { isLabelable } = require(`${nodes}/../helpers/form-controls.js`);
  const walk = Object.getOwnPropertyDescriptor(label, 'control')!.get!;
  Object.defineProperty(label, 'control', {
    configurable: true,
    get() {
      const forValue = this.getAttributeNS(null, 'for');
      if (forValue === null || forValue === '') return walk.call(this);
      const root = this.getRootNode({});
      if (!root._byIdCache) return walk.call(this);
      const target = root.getElementById(forValue);
      return target && isLabelable(target) ? target : null;
    },
  });
}
