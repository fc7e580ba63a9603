import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { generateOpenApiDocument } from '../../scripts/openapi-document.ts';
import { pgliteTemplate } from '../support/pglite-template.ts';
import { compileErrors, validate } from '@readme/openapi-parser';
import { SUCCESS_DESCRIPTIONS } from '../../src/api/openapi/success-descriptions.ts';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

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

describe('OpenAPI document quality', () => {
  let document: any;
  before(async () => { document = JSON.parse(JSON.stringify(await generateOpenApiDocument(await pgliteTemplate()))); });

  it('validates against the OpenAPI 3.1 specification (@readme/openapi-parser), without warnings', async () => {
    const result = await validate(structuredClone(document));
    assert.equal(result.valid, true, compileErrors(result));
    assert.deepEqual(result.warnings, []);
  });

  it('is rejected by the same validator once a reference dangles (the check bites)', async () => {
    const broken = structuredClone(document);
    broken.paths['/scans/{id}'].get.responses['200'].content['application/json'].schema = { $ref: '#/components/schemas/NoSuchSchema' };
    assert.equal((await validate(broken)).valid, false);
  });

  it('names its schemas and refers to them: the error body is written once, not per response', () => {
    for (const name of ['Scan', 'ScanAssets', 'Measurements', 'Bodyfat', 'User', 'BodyShapePrediction', 'HealthReport', 'Error', 'Weight', 'Height']) {
      assert.ok(document.components.schemas[name], `components.schemas.${name}`);
    }
    assert.deepEqual(document.paths['/scans/{id}'].get.responses['200'].content['application/json'].schema, { $ref: '#/components/schemas/Scan' });
    assert.deepEqual(document.paths['/scans/{id}'].get.responses['404'], { $ref: '#/components/responses/NotFound' });
    const text = JSON.stringify(document);
    assert.equal(text.match(/"requestId":\{"type":"string"\}/g)?.length, 1, 'the Error schema is inlined somewhere');
    assert.equal(text.match(/"neckFit":\{"type":"number"\}/g)?.length, 1, 'the Measurements schema is inlined somewhere');
  });

  it('describes every response (no "Default Response") and names the deployment\'s address and the bearer scheme', () => {
    assert.doesNotMatch(JSON.stringify(document), /Default Response/);
    const operationIds = Object.values<any>(document.paths).flatMap((methods) => Object.values<any>(methods).map((operation) => operation.operationId));
    for (const operationId of operationIds) assert.ok(SUCCESS_DESCRIPTIONS[operationId], `success-descriptions.ts has no entry for ${operationId}`);
    for (const [path, methods] of Object.entries<any>(document.paths)) {
      for (const [method, operation] of Object.entries<any>(methods)) {
        for (const [status, response] of Object.entries<any>(operation.responses)) {
          const description = response.$ref ? document.components.responses[response.$ref.split('/').pop()].description : response.description;
          assert.ok(typeof description === 'string' && description.length > 10, `${method} ${path} ${status}`);
        }
      }
    }
    assert.equal(document.servers[0].variables.baseUrl.default, 'http://localhost:8080');
    assert.equal(document.components.securitySchemes.bearer.scheme, 'bearer');
    assert.deepEqual(document.security, [{ bearer: [] }]);
    assert.ok(document.components.responses.RateLimited.headers['retry-after']);
  });

  it('gives the main schemas examples from a real run, and each example fits its schema', () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: 'openapi.json', components: document.components }, 'openapi.json');
    for (const name of ['Scan', 'Measurements', 'Bodyfat', 'User', 'BodyShapePrediction', 'HealthReport', 'UploadAddress', 'ScanAssetUrls', 'RegisterUser', 'CreateScan']) {
      const schema = document.components.schemas[name];
      assert.equal(schema.examples?.length, 1, `${name} has no example`);
      const check = ajv.compile({ $ref: `openapi.json#/components/schemas/${name}` });
      assert.ok(check(schema.examples[0]), `${name}: ${ajv.errorsText(check.errors)}`);
    }
    for (const [name, response] of Object.entries<any>(document.components.responses)) {
      const check = ajv.compile({ $ref: 'openapi.json#/components/schemas/Error' });
      assert.ok(check(response.content['application/json'].example), `${name}: ${ajv.errorsText(check.errors)}`);
    }
  });
});
