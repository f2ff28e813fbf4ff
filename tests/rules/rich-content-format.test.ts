/** Rich content format v1 (core/rules/rich-content-format.ts) and the message rules (core/rules/messages.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupByCategory, isPastDue, resolutionCategory } from '../../core/rules/messages';
import { MAX_NODES, isSafeLinkUrl, parseRichContent, richContentText } from '../../core/rules/rich-content-format';

describe('parseRichContent', () => {
  it('accepts headings, paragraphs, lists, links and marks, keeping only what the format knows', () => {
    const doc = [
      { type: 'heading', level: 1, children: [{ text: 'Title' }] },
      { type: 'paragraph', children: [{ text: 'a', bold: true }, { text: 'b', italic: true, bold: false }, { type: 'link', url: 'https://example.com/x', children: [{ text: 'site' }] }] },
      { type: 'numbered-list', children: [{ type: 'list-item', children: [{ text: 'one' }, { type: 'link', url: 'mailto:ar@example.com', children: [{ text: 'mail' }] }] }] },
    ];
    const result = parseRichContent(JSON.stringify(doc));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.document[1]).toEqual({ type: 'paragraph', children: [{ text: 'a', bold: true }, { text: 'b', italic: true }, { type: 'link', url: 'https://example.com/x', children: [{ text: 'site' }] }] });
    expect(richContentText(result.document)).toBe('Title\nabsite\nonemail');
  });

  it.each([
    ['not JSON', '{'],
    ['not a list', '{"type":"paragraph","children":[]}'],
    ['an unknown block', '[{"type":"html","children":[]}]'],
    ['an unknown key', '[{"type":"paragraph","children":[],"style":"color:red"}]'],
    ['a leaf with html', '[{"type":"paragraph","children":[{"text":"x","html":"<b>x</b>"}]}]'],
    ['a heading level 4', '[{"type":"heading","level":4,"children":[]}]'],
    ['a javascript: link', '[{"type":"paragraph","children":[{"type":"link","url":"javascript:alert(1)","children":[{"text":"x"}]}]}]'],
    ['a data: link', '[{"type":"paragraph","children":[{"type":"link","url":"data:text/html,hi","children":[{"text":"x"}]}]}]'],
    ['a relative link', '[{"type":"paragraph","children":[{"type":"link","url":"/x","children":[{"text":"x"}]}]}]'],
    ['a list item outside a list', '[{"type":"list-item","children":[]}]'],
    ['a nested link', '[{"type":"paragraph","children":[{"type":"link","url":"https://a.example","children":[{"type":"link","url":"https://b.example","children":[]}]}]}]'],
    ['a mark that is not a boolean', '[{"type":"paragraph","children":[{"text":"x","bold":"yes"}]}]'],
  ])('refuses %s', (_label, json) => {
    expect(parseRichContent(json).ok).toBe(false);
  });

  it(`refuses more than ${MAX_NODES} nodes`, () => {
    const many = [{ type: 'paragraph', children: Array.from({ length: MAX_NODES }, () => ({ text: 'x' })) }];
    expect(parseRichContent(JSON.stringify(many)).ok).toBe(false);
  });

  it('never throws and never accepts a link that is not http, https or mailto (any input)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.webUrl().map((url) => JSON.stringify([{ type: 'paragraph', children: [{ type: 'link', url, children: [] }] }]))), (text) => {
        const result = parseRichContent(text);
        if (!result.ok) return;
        const links = JSON.stringify(result.document).match(/"url":"([^"]*)"/g) ?? [];
        for (const link of links) expect(/^"url":"(https?:|mailto:)/.test(link)).toBe(true);
      }),
    );
  });

  it('isSafeLinkUrl', () => {
    expect(isSafeLinkUrl('https://example.com')).toBe(true);
    expect(isSafeLinkUrl('http://example.com/a?b')).toBe(true);
    expect(isSafeLinkUrl('mailto:a@example.com')).toBe(true);
    for (const bad of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'vbscript:x', 'ftp://example.com', 'https://', '//example.com', 'mailto:']) expect(isSafeLinkUrl(bad), bad).toBe(false);
  });
});

describe('message rules', () => {
  it('§2.9 categories', () => {
    expect(resolutionCategory({ subject: 'Payment Failed', paymentPaidAmount: null })).toBe('Payment Failed');
    expect(resolutionCategory({ subject: 'Comment', paymentPaidAmount: null })).toBe('Comment');
    expect(resolutionCategory({ subject: 'Pricing Error', paymentPaidAmount: 0 })).toBe('Disputed');
    expect(resolutionCategory({ subject: 'Short', paymentPaidAmount: 12.5 })).toBe('Partially Paid');
    expect(groupByCategory([
      { subject: 'Comment', paymentPaidAmount: null },
      { subject: 'X', paymentPaidAmount: 0 },
    ]).map((g) => g.category)).toEqual(['Disputed', 'Comment']);
  });
  it('past due is a due date before the vendor\'s today', () => {
    expect(isPastDue('2026-11-22', '2026-11-23')).toBe(true);
    expect(isPastDue('2026-11-23', '2026-11-23')).toBe(false);
    expect(isPastDue(null, '2026-11-23')).toBe(false);
  });
});
