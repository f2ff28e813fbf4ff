// @vitest-environment node
/**
 * The hosted fields' message protocol (core/api/hosted-fields-protocol.ts): each side accepts exactly the documented shapes
 * and ignores everything else — another library's messages, a frame that lies about a field's type, a theme that
 * would inject CSS, an oversized payload.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHANNEL, originOf, parseFrameMessage, parseParentMessage } from '../../core/api/hosted-fields-protocol';

describe('parent → frame', () => {
  it('accepts init, tokenize and jwt in their documented shapes', () => {
    expect(parseParentMessage({ channel: CHANNEL, type: 'init', kind: 'CC', provider: 'plastiq-cc', jwt: 'a.b.c', theme: { accent: '#1d5fbf', fontSizePx: 16 } }))
      .toEqual({ channel: CHANNEL, type: 'init', kind: 'CC', provider: 'plastiq-cc', jwt: 'a.b.c', theme: { accent: '#1d5fbf', fontSizePx: 16 } });
    expect(parseParentMessage({ channel: CHANNEL, type: 'tokenize', extra: { name: 'Ops card', tin: '123456789' } }))
      .toEqual({ channel: CHANNEL, type: 'tokenize', extra: { name: 'Ops card', tin: '123456789' } });
    expect(parseParentMessage({ channel: CHANNEL, type: 'tokenize' })).toEqual({ channel: CHANNEL, type: 'tokenize', extra: {} });
    expect(parseParentMessage({ channel: CHANNEL, type: 'jwt', jwt: 'x' })).toEqual({ channel: CHANNEL, type: 'jwt', jwt: 'x' });
  });

  it('ignores other channels, unknown kinds and providers, and a theme that is not a plain colour or size', () => {
    expect(parseParentMessage({ type: 'init', kind: 'CC', provider: 'plastiq-cc', jwt: 'x' })).toBeNull();
    expect(parseParentMessage({ channel: CHANNEL, type: 'init', kind: 'WIRE', provider: 'plastiq-cc', jwt: 'x' })).toBeNull();
    expect(parseParentMessage({ channel: CHANNEL, type: 'init', kind: 'CC', provider: 'evil-pay', jwt: 'x' })).toBeNull();
    expect(parseParentMessage({ channel: CHANNEL, type: 'init', kind: 'CC', provider: 'plastiq-cc', jwt: 'x', theme: { text: 'red;background:url(https://evil)' } })).toBeNull();
    expect(parseParentMessage({ channel: CHANNEL, type: 'init', kind: 'CC', provider: 'plastiq-cc', jwt: 'x', theme: { fontSizePx: 400 } })).toBeNull();
    expect(parseParentMessage({ channel: CHANNEL, type: 'jwt', jwt: 'x'.repeat(5000) })).toBeNull();
    expect(parseParentMessage({ channel: CHANNEL, type: 'tokenize', extra: { name: 7 } })).toBeNull();
    expect(parseParentMessage('{"channel":"pp-hosted-fields","type":"jwt","jwt":"x"}')).toBeNull();
  });
});

describe('frame → parent', () => {
  it('accepts a tokenized answer with a key, a brand, four digits and a known funding', () => {
    expect(parseFrameMessage({ channel: CHANNEL, type: 'tokenized', key: 'k_123', brand: 'visa', lastFour: '4242', funding: 'debit' }))
      .toEqual({ channel: CHANNEL, type: 'tokenized', key: 'k_123', brand: 'visa', lastFour: '4242', funding: 'debit' });
    expect(parseFrameMessage({ channel: CHANNEL, type: 'tokenized', key: 'k_123', brand: null, lastFour: '6789' }))
      .toEqual({ channel: CHANNEL, type: 'tokenized', key: 'k_123', brand: null, lastFour: '6789', funding: null });
  });

  it('refuses a "last four" that is a whole number, an empty key and an unknown funding', () => {
    expect(parseFrameMessage({ channel: CHANNEL, type: 'tokenized', key: 'k', brand: 'visa', lastFour: '4242424242424242' })).toBeNull();
    expect(parseFrameMessage({ channel: CHANNEL, type: 'tokenized', key: '', brand: 'visa', lastFour: '4242' })).toBeNull();
    expect(parseFrameMessage({ channel: CHANNEL, type: 'tokenized', key: 'k', brand: 'visa', lastFour: '4242', funding: 'gold' })).toBeNull();
    expect(parseFrameMessage({ channel: CHANNEL, type: 'resize', height: Number.POSITIVE_INFINITY })).toBeNull();
  });

  it('no arbitrary value crashes a parser, and whatever is accepted has the channel and a known type', () => {
    const types = new Set(['ready', 'resize', 'submit', 'invalid', 'tokenized', 'refused', 'unauthorized', 'failed', 'init', 'tokenize', 'jwt']);
    fc.assert(fc.property(fc.anything(), (value) => {
      for (const parsed of [parseFrameMessage(value), parseParentMessage(value)]) {
        if (parsed !== null) {
          expect(parsed.channel).toBe(CHANNEL);
          expect(types.has(parsed.type)).toBe(true);
        }
      }
    }));
    fc.assert(fc.property(fc.constantFrom('ready', 'resize', 'invalid', 'tokenized', 'refused', 'init', 'tokenize'), fc.object(), (type, rest) => {
      // a message with the channel and a type but random fields never yields a secret-looking field
      const parsed = parseFrameMessage({ ...rest, channel: CHANNEL, type });
      expect(JSON.stringify(parsed ?? {})).not.toMatch(/ccNumber|cvc|checkingAccountNumber/);
    }));
  });
});

describe('originOf', () => {
  it('answers the origin of an http(s) URL and null otherwise', () => {
    expect(originOf('https://pay.example.com:8443/hosted-fields?x=1')).toBe('https://pay.example.com:8443');
    expect(originOf('http://127.0.0.1:8182/')).toBe('http://127.0.0.1:8182');
    expect(originOf('javascript:alert(1)')).toBeNull();
    expect(originOf('not a url')).toBeNull();
  });
});
