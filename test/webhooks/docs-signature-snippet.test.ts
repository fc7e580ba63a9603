import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { webhookHeaders } from '../../src/services/webhook-signature.ts';

type Verify = (secret: string, headers: Record<string, string>, rawBody: string | Buffer, nowS?: number) => boolean;

/** The verification snippet partners copy from docs/webhooks.md, run as written against what the service sends. */
describe('the signature check in docs/webhooks.md', () => {
  const secret = 'whsec_test-secret';
  const body = '{"eventType":"scan.processing.started","payload":{"eventId":"e-1","scanId":"s-1","userId":"u-1","userToken":"u","state":"PROCESSING"}}';
  const sentAtS = 1_795_359_688;
  let folder: string;
  let verify: Verify;

  before(async () => {
    const docs = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'webhooks.md'), 'utf8');
    const snippet = /```js\n([\s\S]*?verifyBodyscanWebhook[\s\S]*?)```/.exec(docs);
    assert.ok(snippet, 'docs/webhooks.md has the verification snippet');
    folder = mkdtempSync(join(tmpdir(), 'bodyscan-docs-snippet-'));
    writeFileSync(join(folder, 'verify.mjs'), snippet[1]);
    verify = (await import(pathToFileURL(join(folder, 'verify.mjs')).href)).verifyBodyscanWebhook;
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('accepts a request signed by the service, as a string or as bytes', () => {
    const headers = webhookHeaders('bodyscan', secret, 'e-1', new Date(sentAtS * 1000), body);
    assert.equal(verify(secret, headers, body, sentAtS + 1), true);
    assert.equal(verify(secret, headers, Buffer.from(body), sentAtS + 1), true);
  });

  it('rejects a changed body, another secret, and a timestamp more than 5 minutes old', () => {
    const headers = webhookHeaders('bodyscan', secret, 'e-1', new Date(sentAtS * 1000), body);
    assert.equal(verify(secret, headers, body.replace('PROCESSING', 'READY'), sentAtS), false);
    assert.equal(verify('whsec_other', headers, body, sentAtS), false);
    assert.equal(verify(secret, headers, body, sentAtS + 5 * 60 + 1), false);
    assert.equal(verify(secret, { ...headers, 'x-bodyscan-timestamp': String(sentAtS + 1) }, body, sentAtS), false);
  });
});
