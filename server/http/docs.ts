/**
 * API reference at `GET /api/docs`: Scalar's self-contained browser bundle (`@scalar/api-reference`, pinned to the
 * last release that supports Node 20) served from node_modules — no internet needed at run time — rendering
 * `GET /api/openapi.json`. Without the package, a plain server-rendered list of the operations.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { projectRoot } from '../config.js';
import { contractOperations, type OpenApiDocument } from './contract.js';
import { DOCS_CONTENT_SECURITY_POLICY } from './security-headers.js';

const scalarBundle = path.join(projectRoot, 'node_modules/@scalar/api-reference/dist/browser/standalone.js');

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const initScript = (base: string) => `Scalar.createApiReference('#api-reference', {
  url: '${base}/openapi.json',
  withDefaultFonts: false,
  hideClientButton: true,
  showDeveloperTools: 'never',
  telemetry: false,
  agent: { disabled: true },
});
`;

function scalarPage(title: string, base: string) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — API reference</title>
</head>
<body>
<div id="api-reference"></div>
<script src="${base}/docs/standalone.js"></script>
<script src="${base}/docs/init.js"></script>
</body>
</html>`;
}

function listingPage(contract: OpenApiDocument, base: string) {
  const title = String((contract.info as any)?.title ?? 'API');
  const rows = contractOperations(contract)
    .map(
      (op) =>
        `<tr><td><code>${op.method}</code></td><td><code>${base}${escapeHtml(op.path)}</code></td><td>${escapeHtml(op.operationId)}</td><td>${escapeHtml(op.summary ?? '')}</td><td>${op.authenticated ? 'yes' : 'none'}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — API reference</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#1a202c}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e2e8f0;padding:.4rem;text-align:left;vertical-align:top}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>The full contract: <a href="${base}/openapi.json">openapi.json</a> · <a href="${base}/openapi.yaml">openapi.yaml</a></p>
<table><thead><tr><th>Method</th><th>Path</th><th>Operation</th><th>Summary</th><th>Auth</th></tr></thead>
<tbody>
${rows}
</tbody></table>
</body>
</html>`;
}

/** The reference of one contract under `base` (`/api`, `/vendor-api`): docs, openapi.json and openapi.yaml. */
export function registerDocs(app: FastifyInstance, contract: OpenApiDocument, contractPath: string, base = '/api') {
  const hasScalar = existsSync(scalarBundle);
  const title = String((contract.info as any)?.title ?? 'API');

  app.get(`${base}/openapi.json`, async () => contract);
  app.get(`${base}/openapi.yaml`, async (_request, reply) =>
    reply.type('application/yaml; charset=utf-8').send(readFileSync(contractPath, 'utf8')),
  );
  app.get(`${base}/docs`, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', DOCS_CONTENT_SECURITY_POLICY)
      .send(hasScalar ? scalarPage(title, base) : listingPage(contract, base)),
  );
  if (hasScalar) {
    let bundle: Buffer | undefined; // 3.5 MB, read on first use
    app.get(`${base}/docs/standalone.js`, async (_request, reply) => {
      bundle ??= readFileSync(scalarBundle);
      return reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=86400').send(bundle);
    });
    app.get(`${base}/docs/init.js`, async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(initScript(base)));
  }
}
