import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { generateOpenApiDocument } from '../../scripts/openapi-document.ts';
import { pgliteTemplate } from '../support/pglite-template.ts';

describe('OpenAPI document', () => {
  let generated: unknown;
  before(async () => { generated = JSON.parse(JSON.stringify(await generateOpenApiDocument(await pgliteTemplate()))); });

  it('matches the committed docs/openapi.json (run npm run openapi after changing a route)', async () => {
    const committed = JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8'));
    assert.deepEqual(generated, committed);
  });

  it('documents every path of the interface', async () => {
    const document = generated as { paths: Record<string, Record<string, unknown>> };
    const expected = [
      'post /users', 'get /users/{token}', 'patch /users/{token}', 'delete /users/{token}', 'get /users/{userToken}/terms',
      'post /users/{userToken}/terms', 'get /scans', 'post /scans', 'get /scans/{id}', 'delete /scans/{id}',
      'post /scans/{scanId}/upload-url', 'get /scans/{scanId}/scan-assets', 'get /scans/{scanId}/measurements',
      'get /scans/{scanId}/asset-urls', 'get /scans/{scanId}/asset-urls/{assetType}', 'get /scans/{scanId}/bodyfat',
      'patch /scans/{scanId}/bodyfat', 'get /scans/{scanId}/health-report', 'post /body-shape-prediction',
      'get /body-shape-prediction/{bodyShapePredictionId}', 'delete /body-shape-prediction/{bodyShapePredictionId}',
      'get /scans/{scanId}/body-shape-predictions', 'get /body-shape-prediction/{bodyShapePredictionId}/asset-urls',
    ];
    const documented = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`));
    for (const operation of expected) assert.ok(documented.includes(operation), `missing ${operation}`);
  });
});
