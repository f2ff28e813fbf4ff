/// <reference lib="webworker" />
/**
 * ELK runs in a worker: the layout stays off the main thread, and elkjs (a CommonJS bundle) brings its interop
 * helpers into the worker's own bundle instead of the runtime chunk every page loads.
 */
import ELK from 'elkjs/lib/elk.bundled.js';

const elk = new ELK();

self.onmessage = async (message: MessageEvent<{ id: number; graph: unknown }>) => {
  const { id, graph } = message.data;
  try {
    postMessage({ id, layout: await elk.layout(graph as never) });
  } catch (error) {
    postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
