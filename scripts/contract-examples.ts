/**
 * Writes the vendor contract's examples from the real thing: `npx tsx scripts/contract-examples.ts`. A fresh embedded
 * database with the demo data, the app in-process, and one walk through the API a new integrator takes (a key, a
 * location, a contact, invoices, a link, an endpoint and its test, events, a payment and its refund, settings and
 * content); every request body sent and every 2xx answer received becomes the operation's `examples.walkthrough`
 * (arrays cut to their first 2 items, secrets and tokens replaced by look-alikes). Operations that already have
 * examples keep them. tests/contract/examples.test.ts checks every example against its schema.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { buildApp } from '../server/app.js';
import { projectRoot, testConfig } from '../server/config.js';
import { createTestDb } from '../server/db/testing.js';
import { settleDuePaymentGroups } from '../server/jobs/settlement.js';
import { processDueRefunds } from '../server/jobs/refunds.js';
import { DEMO_EPA } from '../server/seed/demo.js';
import { createApiKey } from '../server/use-cases/vendor-keys.js';
import { schedulePaymentOnce } from '../server/use-cases/schedule-payment.js';

const file = path.resolve(projectRoot, 'openapi/vendor.yaml');
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const requests = new Map<string, unknown>();
const answers = new Map<string, unknown>();

/** Short, stable-looking, secret-free. */
function tidy(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, 2).map(tidy);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, tidy(v)]));
  if (typeof value === 'string') {
    // a key's secret, or its visible prefix (its first 12 characters)
    if (/^ppk_/.test(value)) return 'ppk_3kT9xQm2vLpR8wYz0aBcDeFgHiJkLmNoPqRsTuVw'.slice(0, value.length);
    if (/^whsec_/.test(value)) return 'whsec_c2VjcmV0LWZvci10aGUtZXhhbXBsZS1vbmx5ZXhh'.slice(0, value.length);
    if (/\/token\/[^/]+/.test(value)) return value.replace(/\/token\/[^/]+/, '/token/EXAMPLE-TOKEN');
  }
  return value;
}

const t = await createTestDb({ seed: true });
const app = await buildApp({ db: t.db, config: testConfig({ publicUrl: 'https://pay.example.com' }), logger: false });
await app.ready();
const created = await createApiKey(t.db, t.demo!.vendors.pfg, 'ERP sync');
if (!created.ok) throw new Error('no key');
const key = created.value.secret;

async function call(operationId: string, method: string, url: string, body?: unknown) {
  const res = await app.inject({ method: method as 'GET', url: `/vendor-api${url}`, headers: { authorization: `Bearer ${key}` }, ...(body === undefined ? {} : { payload: body as object }) });
  if (res.statusCode >= 300) throw new Error(`${operationId} ${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  if (body !== undefined && !requests.has(operationId)) requests.set(operationId, tidy(body));
  const answer = res.body && res.headers['content-type']?.toString().includes('json') ? res.json() : undefined;
  if (answer !== undefined && !answers.has(operationId)) answers.set(operationId, tidy(answer));
  return answer;
}

try {
  await call('getVendor', 'GET', '/vendor');
  const second = await call('createApiKey', 'POST', '/keys', { name: 'Reconciliation (read only)', access: 'read', expiresAt: '2027-06-30T00:00:00Z' });
  await call('listApiKeys', 'GET', '/keys');
  await call('revokeApiKey', 'DELETE', `/keys/${second.key.id}`);
  await call('upsertLocations', 'POST', '/locations/batch', {
    locations: [{ externalId: 'STORE-12', displayName: 'Dockside Tavern', address: { addressLine1: '1 Wharf St', city: 'Charleston', state: 'SC', postalCode: '29401' }, paymentConfigs: [{ provider: 'plastiq-cc', type: 'CC', serviceFee: '2.9' }, { provider: 'priority-ach', type: 'ACH', serviceFee: null }] }],
  });
  const locations = await call('listLocations', 'GET', '/locations?externalId=STORE-12');
  await call('getLocation', 'GET', `/locations/${locations.locations[0].id}`);
  const contacts = await call('upsertContacts', 'POST', '/contacts/batch', { contacts: [{ externalId: 'C-881', firstName: 'Sam', lastName: 'Lee', email: 'sam@dockside.example', mobile: '(843) 555-0123', locationExternalIds: ['STORE-12'] }] });
  const contactId = contacts.results[0].id;
  await call('listContacts', 'GET', `/contacts?externalId=C-881`);
  await call('getContact', 'GET', `/contacts/${contactId}`);
  await call('upsertInvoices', 'POST', '/invoices/batch', {
    invoices: [
      { externalId: 'ERP-1001', locationExternalId: 'STORE-12', displayInvNum: 'INV-1001', originalAmount: 120.5, openAmount: 120.5, dueDate: '2026-12-31', externalInvoiceDate: '2026-11-20', poRefId: 'PO-77', shipTo: { id: '7', name: 'Back dock' }, status: 'open' },
      { externalId: 'ERP-1002', locationExternalId: 'STORE-12', displayInvNum: 'INV-1002', originalAmount: 80, openAmount: 40.25, dueDate: '2027-01-15', status: 'open' },
    ],
  });
  const invoices = await call('listInvoices', 'GET', '/invoices?status=open&updatedSince=2026-01-01T00:00:00Z&limit=2');
  await call('getInvoice', 'GET', `/invoices/${invoices.invoices[0].id}`);
  await call('getInvoiceByExternalId', 'GET', '/invoices/by-external-id/ERP-1001');
  await call('createRequest', 'POST', '/requests', { type: 'click2pay', contactId, locationExternalId: 'STORE-12', invoiceExternalIds: ['ERP-1001', 'ERP-1002'], deliver: 'email' });
  await call('createLoginLink', 'POST', `/contacts/${contactId}/login-link`, { deliver: 'none' });
  const endpoint = await call('createWebhookEndpoint', 'POST', '/webhook-endpoints', { url: 'https://erp.example.com/hooks/performancepay', description: 'ERP', eventTypes: ['payment_group.completed', 'refund.succeeded'] });
  await call('listWebhookEndpoints', 'GET', '/webhook-endpoints');
  await call('getWebhookEndpoint', 'GET', `/webhook-endpoints/${endpoint.endpoint.id}`);
  await call('updateWebhookEndpoint', 'PATCH', `/webhook-endpoints/${endpoint.endpoint.id}`, { description: 'ERP (production)' });
  await call('rotateWebhookSecret', 'POST', `/webhook-endpoints/${endpoint.endpoint.id}/rotate-secret`, { overlapHours: 24 });
  await call('listWebhookAttempts', 'GET', `/webhook-endpoints/${endpoint.endpoint.id}/attempts`);

  // a payment by card, charged, and half of it refunded
  const d = t.demo!;
  const at = { contactId: d.contactId, vendorId: d.vendors.pfg, locationId: d.locations.blueHeron };
  const [invoice, later] = await t.db.selectFrom('invoices').select('id').where('locationId', '=', at.locationId).where('payable', '=', true).where('openAmountCents', '>', 0 as never).orderBy('displayInvNum').limit(2).execute();
  const method = await t.db.insertInto('paymentMethods').values({ ...at, provider: 'priority-cc', name: 'Visa', lastFour: '4242', providerToken: 'sbx_priority-cc_card_example0000', serviceFee: '0' }).returning('id').executeTakeFirstOrThrow();
  const noon = new Date('2026-12-02T17:00:00Z');
  const scheduled = await schedulePaymentOnce(t.db, {
    ...at, idempotencyKey: 'example', body: { paymentMethodId: method.id, paymentDate: '2026-12-03', partialPayments: [], invoices: [invoice.id], epaVersion: DEMO_EPA['priority-cc'].version },
    click2payRequestId: null, agreement: { ipAddress: '203.0.113.10', userAgent: 'examples', epaDir: testConfig().epaDir }, now: noon,
  });
  if (!scheduled.ok) throw new Error(JSON.stringify(scheduled.refusal));
  // and one for later in the month, which the vendor cancels
  const toCancel = await schedulePaymentOnce(t.db, {
    ...at, idempotencyKey: 'example-later', body: { paymentMethodId: method.id, paymentDate: '2026-12-21', partialPayments: [], invoices: [later!.id], epaVersion: DEMO_EPA['priority-cc'].version },
    click2payRequestId: null, agreement: { ipAddress: '203.0.113.10', userAgent: 'examples', epaDir: testConfig().epaDir }, now: noon,
  });
  if (!toCancel.ok) throw new Error(JSON.stringify(toCancel.refusal));
  await settleDuePaymentGroups(t.db, { now: new Date('2026-12-03T17:00:00Z') });
  const group = await t.db.selectFrom('paymentGroups').select(['id', 'paymentTotalCents']).where('idempotencyKey', '=', 'example').executeTakeFirstOrThrow();
  await call('listPaymentGroups', 'GET', '/payment-groups?limit=2');
  await call('getPaymentGroup', 'GET', `/payment-groups/${group.id}`);
  const refund = await call('createRefund', 'POST', `/payment-groups/${group.id}/refunds`, { amount: Math.round(Number(group.paymentTotalCents) / 2) / 100, reason: 'Damaged goods returned.' });
  await processDueRefunds(t.db, { now: new Date() });
  await call('listPaymentGroupRefunds', 'GET', `/payment-groups/${group.id}/refunds`);
  await call('getRefund', 'GET', `/refunds/${refund.id}`);
  const scheduledGroup = await t.db.selectFrom('paymentGroups').select('id').where('idempotencyKey', '=', 'example-later').executeTakeFirstOrThrow();
  await call('cancelPaymentGroup', 'POST', `/payment-groups/${scheduledGroup.id}/cancel`, { reason: 'Paid by check.' });

  const events = await call('listEvents', 'GET', '/events?type=payment_group.completed&type=refund.created&limit=2');
  const anEvent = events.events[0] ?? (await call('listEvents', 'GET', '/events?limit=1')).events[0];
  await call('getEvent', 'GET', `/events/${anEvent.id}`);
  await call('redeliverEvent', 'POST', `/events/${anEvent.id}/redeliver`, { endpointId: endpoint.endpoint.id });

  await call('getSettings', 'GET', '/settings');
  await call('updateSettings', 'PATCH', '/settings', { displayName: 'Performance Foodservice – Carolina' });
  await call('upsertAnnouncement', 'POST', '/announcements', { externalId: 'closed-monday', type: 'info', message: 'Our offices are closed Monday; payments still go through.' });
  await call('listAnnouncements', 'GET', '/announcements');
  await call('upsertAd', 'POST', '/ads', { externalId: 'winter-promo', image: { contentType: 'image/png', data: PNG }, clickUrl: 'https://www.example.com/winter', order: 1, duration: 5 });
  await call('listAds', 'GET', '/ads');
  await call('createTemplateMessage', 'POST', '/template-messages', {
    externalId: 'due-soon-1001', contactId, locationExternalId: 'STORE-12', subject: 'Invoice INV-1001 is due soon', from: { firstName: 'Karen', lastName: 'Ortiz' },
    content: [{ type: 'paragraph', children: [{ text: 'Invoice INV-1001 is due on 12/31. You can pay it here.' }] }], invoiceExternalIds: ['ERP-1001'],
  });
  await call('listTemplateMessages', 'GET', '/template-messages');
} finally {
  await app.close();
  await t.drop();
}

// into the contract: the operations without examples get these
const doc = parseDocument(readFileSync(file, 'utf8'));
let added = 0;
const paths = (doc.get('paths') as any).items as Array<{ value: any }>;
for (const pathPair of paths) {
  for (const opPair of pathPair.value.items) {
    const op = opPair.value;
    if (!op?.get || !op.get('operationId')) continue;
    const id = op.get('operationId') as string;
    const request = requests.get(id);
    const json = op.getIn(['requestBody', 'content', 'application/json']);
    if (request !== undefined && json && !json.has('examples') && !json.has('example')) {
      json.set('examples', doc.createNode({ walkthrough: { summary: 'From the walkthrough', value: request } }));
      added++;
    }
    const answer = answers.get(id);
    if (answer === undefined) continue;
    const responses = op.get('responses');
    const ok = responses.items.find((p: any) => String(p.key.value ?? p.key).startsWith('2'));
    const content = ok?.value?.getIn?.(['content', 'application/json']);
    if (content && !content.has('examples') && !content.has('example')) {
      content.set('examples', doc.createNode({ walkthrough: { summary: 'From the walkthrough', value: answer } }));
      added++;
    }
  }
}
writeFileSync(file, doc.toString({ lineWidth: 0, flowCollectionPadding: false, singleQuote: true }));
console.log(`${added} examples added to openapi/vendor.yaml`);
