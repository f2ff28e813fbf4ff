/**
 * The schema compilers an app starts with (server/http/validation.ts, server/http/serializers.ts) keep what they
 * compiled for every app of the process: an app built again with the same contract compiles nothing again, and still
 * validates and answers as the first one.
 */
import { describe, expect, it } from 'vitest';
import { makeSerializerCompiler } from '../../server/http/serializers.js';
import { makeValidatorCompiler } from '../../server/http/validation.js';

const body = {
  type: 'object',
  required: ['amountCents', 'invoiceId'],
  additionalProperties: false,
  properties: { amountCents: { type: 'integer', minimum: 1 }, invoiceId: { type: 'string', format: 'uuid' } },
};
const id = 'A1B2C3D4-0000-4000-8000-00000000000A';

describe('schema compilers shared by the apps of a process', () => {
  it('a second app takes the validator compiled for the first, and it validates the same', () => {
    const first = makeValidatorCompiler()({ schema: structuredClone(body), httpPart: 'body', method: 'POST', url: '/x' });
    const second = makeValidatorCompiler()({ schema: structuredClone(body), httpPart: 'body', method: 'POST', url: '/y' });
    expect(second).toBe(first);
    const value = { amountCents: 100, invoiceId: id };
    expect(second(value)).toBe(true);
    expect(value.invoiceId).toBe(id.toLowerCase()); // a uuid is still lower-cased by the validator
    expect(second({ amountCents: 0, invoiceId: id })).toBe(false);
    expect(second({ amountCents: '100', invoiceId: id })).toBe(false); // a body is not coerced
  });

  it('the same schema for a query string is a validator of its own: query values are coerced', () => {
    const forBody = makeValidatorCompiler()({ schema: structuredClone(body), httpPart: 'body', method: 'POST', url: '/x' });
    const forQuery = makeValidatorCompiler()({ schema: structuredClone(body), httpPart: 'querystring', method: 'GET', url: '/x' });
    expect(forQuery).not.toBe(forBody);
    const value: Record<string, unknown> = { amountCents: '100', invoiceId: id };
    expect(forQuery(value)).toBe(true);
    expect(value.amountCents).toBe(100);
  });

  it('a different schema gets a validator of its own', () => {
    const a = makeValidatorCompiler()({ schema: structuredClone(body), httpPart: 'body', method: 'POST', url: '/x' });
    const b = makeValidatorCompiler()({ schema: { ...structuredClone(body), required: ['amountCents'] }, httpPart: 'body', method: 'POST', url: '/x' });
    expect(b).not.toBe(a);
    expect(b({ amountCents: 5 })).toBe(true);
    expect(a({ amountCents: 5 })).toBe(false);
  });

  it('a second app takes the serializer compiled for the first, and it writes the same answer', () => {
    const answer = { type: 'object', properties: { id: { type: 'string' }, totalCents: { type: 'integer' } } };
    const route = { method: 'GET', url: '/x', httpStatus: '200' };
    const first = makeSerializerCompiler()({ schema: structuredClone(answer), ...route });
    const second = makeSerializerCompiler()({ schema: structuredClone(answer), ...route });
    expect(second).toBe(first);
    // only what the schema names is written
    expect(second({ id: 'x', totalCents: 12, secret: 'no' })).toBe('{"id":"x","totalCents":12}');
    const other = makeSerializerCompiler()({ schema: { type: 'object', properties: { id: { type: 'string' } } }, ...route });
    expect(other).not.toBe(first);
    expect(other({ id: 'x', totalCents: 12 })).toBe('{"id":"x"}');
  });
});
