// @vitest-environment node
/**
 * The hosted frame's layout both sides know (core/api/hosted-fields-protocol.ts `HOSTED_LAYOUT`): the rows it counts are the
 * rows the frame's field list makes (a field marked half shares a row with the next half field from two columns
 * on), and the heights the portal reserves follow from them — what the add-method page's "no layout shift" rests on.
 */
import { describe, expect, it } from 'vitest';
import { HOSTED_LAYOUT, hostedFieldsHeight, type HostedKind } from '../../core/api/hosted-fields-protocol';
import { fieldsOf } from '../../src/hosted-fields/fields';

/** Rows as the frame's `render` builds them: consecutive half fields pair up into one row (two columns). */
function rowsOf(kind: HostedKind, columns: 1 | 2): number {
  if (columns === 1) return fieldsOf(kind).length;
  let rows = 0;
  let openHalf = false;
  for (const f of fieldsOf(kind)) {
    if (f.half && openHalf) openHalf = false;
    else {
      rows += 1;
      openHalf = Boolean(f.half);
    }
  }
  return rows;
}

describe('HOSTED_LAYOUT', () => {
  it.each(['CC', 'ACH'] as const)('counts the rows the frame renders for %s', (kind) => {
    expect(HOSTED_LAYOUT.rows[kind]).toEqual({ one: rowsOf(kind, 1), two: rowsOf(kind, 2) });
  });

  it('gives the heights the portal reserves: fields of 92 px, 16 px between rows, 2 px around', () => {
    expect(hostedFieldsHeight('CC', 1)).toBe(744);
    expect(hostedFieldsHeight('CC', 2)).toBe(636);
    expect(hostedFieldsHeight('ACH', 1)).toBe(204);
    expect(hostedFieldsHeight('ACH', 2)).toBe(96);
  });
});
