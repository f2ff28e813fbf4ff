import { describe, expect, it } from 'vitest';
import { monogram } from '../../core/rules/monogram';

describe('a vendor’s monogram (no logo)', () => {
  it('is the first letters of the first two words, upper case', () => {
    expect(monogram('Performance Food Group')).toBe('PF');
    expect(monogram('coastal')).toBe('C');
    expect(monogram('  saltmarsh   bistro ')).toBe('SB');
    expect(monogram('')).toBe('');
  });
});
