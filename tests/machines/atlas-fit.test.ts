// @vitest-environment node
/** The atlas's fit: a diagram opens scaled to its frame and centred on both axes. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIT_PADDING, MAX_FIT_SCALE, MIN_SCALE, fitView } from '../../src/atlas/fit';

describe('fitView', () => {
  it('enlarges a small chart to the frame (up to 2×) and centres it', () => {
    // configLoad's drawing (466 × 236) in the desktop frame (716 × 602): width-bound
    const v = fitView({ width: 716, height: 602 }, { width: 466, height: 236 });
    expect(v.scale).toBeCloseTo((716 - 2 * FIT_PADDING) / 466);
    expect(v.x).toBeCloseTo(FIT_PADDING);
    expect(v.y).toBeCloseTo((602 - 236 * v.scale) / 2);
    expect(fitView({ width: 2000, height: 1000 }, { width: 100, height: 50 }).scale).toBe(MAX_FIT_SCALE);
  });

  it('shrinks a large chart to the frame and centres it', () => {
    const v = fitView({ width: 343, height: 444 }, { width: 1220, height: 560 });
    expect(v.scale).toBeCloseTo((343 - 32) / 1220);
    expect(v.x).toBeCloseTo(16);
    expect(v.y + (560 * v.scale) / 2).toBeCloseTo(444 / 2);
  });

  it('a frame or drawing without area leaves the drawing as it is', () => {
    expect(fitView({ width: 0, height: 400 }, { width: 10, height: 10 })).toEqual({ scale: 1, x: 0, y: 0 });
    expect(fitView({ width: 400, height: 400 }, { width: 0, height: 10 })).toEqual({ scale: 1, x: 0, y: 0 });
  });

  it('property: centred on both axes, inside the padding, filling one axis unless a scale limit holds it', () => {
    const side = fc.integer({ min: 40, max: 4000 });
    fc.assert(
      fc.property(side, side, side, side, (fw, fh, cw, ch) => {
        const { scale, x, y } = fitView({ width: fw, height: fh }, { width: cw, height: ch });
        const w = cw * scale;
        const h = ch * scale;
        expect(x + w / 2).toBeCloseTo(fw / 2, 6);
        expect(y + h / 2).toBeCloseTo(fh / 2, 6);
        if (scale > MIN_SCALE) {
          expect(w).toBeLessThanOrEqual(fw - 2 * FIT_PADDING + 1e-6);
          expect(h).toBeLessThanOrEqual(fh - 2 * FIT_PADDING + 1e-6);
        }
        if (scale > MIN_SCALE && scale < MAX_FIT_SCALE) {
          expect(Math.max(w - (fw - 2 * FIT_PADDING), h - (fh - 2 * FIT_PADDING))).toBeCloseTo(0, 6);
        }
      }),
    );
  });
});
