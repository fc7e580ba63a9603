// What measuring is told about a reconstructed recording: a turn's arms swing while the person turns
// (armsMoved: the arm girths come from the fitted model), a walk's person stands still.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { reconstructedSurfaceHints } from '../../../src/processing/recording-reconstruction/capture-surface.ts';

describe('the hints of a reconstructed recording', () => {
  it('say metres, y up, no floor left, bridged gaps under two mesh cells and unseen shoulder tops in both modes', () => {
    for (const mode of ['walk', 'turn'] as const) {
      const hints = reconstructedSurfaceHints(mode);
      assert.equal(hints.unit, 'm');
      assert.equal(hints.upAxis, '+y');
      assert.equal(hints.floorRemoved, true);
      assert.equal(hints.bridgedGapM, 0.02);
      assert.equal(hints.topsUnseen, true);
    }
  });

  it('say that the surface facing up and the feet below 8 cm are made up, for the volume', () => {
    for (const mode of ['walk', 'turn'] as const) {
      assert.deepEqual(reconstructedSurfaceHints(mode).unseenSurface, { upFacingNormalY: 0.5, feetBelowM: 0.08 });
    }
  });

  it('say that the arms moved, the thighs scatter and the surface scatters from plane to plane in a turn, and none of these in a walk', () => {
    assert.equal(reconstructedSurfaceHints('turn').armsMoved, true);
    assert.equal(reconstructedSurfaceHints('walk').armsMoved, false);
    assert.equal(reconstructedSurfaceHints('turn').thighsScattered, true);
    assert.equal(reconstructedSurfaceHints('walk').thighsScattered, false);
    assert.equal(reconstructedSurfaceHints('turn').surfaceScattered, true);
    assert.equal(reconstructedSurfaceHints('walk').surfaceScattered, false);
  });

  it('say that the chest scatters in both modes (a walk reads its chest and upper chest from the model plus its offset)', () => {
    for (const mode of ['walk', 'turn'] as const) assert.equal(reconstructedSurfaceHints(mode).chestScattered, true);
  });
});
