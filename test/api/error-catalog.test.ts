import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ERROR_CATALOG } from '../../src/domain/error-catalog.ts';

describe('error catalog', () => {
  it('is documented in docs/errors.md with the same codes and statuses', () => {
    const doc = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
    const documented = Object.fromEntries(
      [...doc.matchAll(/^\| (\d{3}) \| `([a-z_]+)` \|/gm)].map((match) => [match[2], Number(match[1])]),
    );
    const inCode = Object.fromEntries(Object.entries(ERROR_CATALOG).map(([code, entry]) => [code, entry.status]));
    assert.deepEqual(documented, inCode);
  });
});
