// The site table is one definition: the code's table (girth-sites.ts) covers the 27 girths in the
// interface's order, names only real body parts, and docs/measurements.md shows exactly it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CIRCUMFERENCE_FIELDS } from '../../../src/domain/measurements.ts';
import { BODY_PARTS } from '../../../src/processing/body-model/posable-model-types.ts';
import { GIRTH_SITES, partMask, toleranceM } from '../../../src/processing/measure/girth-sites.ts';
import { siteTableMarkdown } from '../../../scripts/site-table.ts';

describe('the girth site table', () => {
  it('has one row per circumference field, in the interface order', () => {
    assert.deepEqual(GIRTH_SITES.map((s) => s.field), [...CIRCUMFERENCE_FIELDS]);
  });

  it('names only body parts of the model, and limb cuts name their bone', () => {
    for (const site of GIRTH_SITES) {
      for (const part of site.parts) assert.ok(BODY_PARTS.includes(part), `${site.field}: ${part}`);
      if (site.orientation === 'perpendicular-to-bone') assert.ok(site.bone && site.parts.includes(site.bone), site.field);
      assert.ok(partMask(site.parts) > 0);
    }
  });

  it('gives the ISO 20685-1 limits: 9 mm for torso and thigh girths, 4 mm for neck, arms, calves and ankles', () => {
    assert.equal(toleranceM('waistFit'), 0.009);
    assert.equal(toleranceM('upperThighLeftFit'), 0.009);
    assert.equal(toleranceM('neckFit'), 0.004);
    assert.equal(toleranceM('wristRightFit'), 0.004);
    assert.equal(toleranceM('calfLeftFit'), 0.004);
  });

  it('is the table docs/measurements.md shows (regenerate with node scripts/site-table.ts)', () => {
    const doc = readFileSync(resolve(import.meta.dirname, '..', '..', '..', 'docs', 'measurements.md'), 'utf8');
    const match = /<!-- site-table:start -->\n([\s\S]*?)\n<!-- site-table:end -->/.exec(doc);
    assert.ok(match, 'docs/measurements.md has the site-table markers');
    assert.equal(match[1], siteTableMarkdown());
  });
});
