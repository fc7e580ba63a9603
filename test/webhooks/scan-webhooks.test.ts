import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Tenant } from '../../src/services/ports.ts';
import { setWebhookEndpoint } from '../../src/services/webhook-endpoint-service.ts';
import { apiClient, newUserBody, pathOf, waitFor, type ApiClient } from '../support/api-client.ts';
import { databaseVariants, startTestService, type TestService } from '../support/test-service.ts';
import { resourceIdOf, signatureIsValid, startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../support/webhook-receiver.ts';

const SANDBOX_CAPTURE = JSON.stringify({ sandbox: true, sex: 'female', heightM: 1.68, weightKg: 64, seed: 5 });
const UNREADABLE_CAPTURE = 'this is not a body scan';

/** Partner webhooks end to end: real processing, a real HTTP receiver, the worker's retries. */
for (const variant of databaseVariants()) {
  describe(`scan and prediction webhooks (${variant.name})`, () => {
    let service: TestService;
    let receiver: WebhookReceiver;
    const secrets: Record<string, string> = {};
    const clients: Record<string, ApiClient> = {};

    /** A partner with a user, and (unless `endpointPath` is null) a sandbox endpoint on the receiver. */
    const partner = async (partnerId: string, endpointPath: string | null): Promise<ApiClient> => {
      const api = apiClient(service.app!, await service.key(partnerId));
      await api.post('/users', newUserBody(`${partnerId}-user`));
      if (endpointPath !== null) {
        const tenant: Tenant = { partnerId, environment: 'sandbox' };
        secrets[partnerId] = (await setWebhookEndpoint(service.db.webhooks, service.clock, tenant, `${receiver.url}${endpointPath}`)).signingSecret;
      }
      clients[partnerId] = api;
      return api;
    };
    const takeScan = async (partnerId: string, capture: string): Promise<string> => {
      const api = clients[partnerId];
      const scan = (await api.post('/scans', { userToken: `${partnerId}-user`, deviceConfigName: 'IPHONE_SCANNER' })).body;
      const { url } = (await api.post(`/scans/${scan.id}/upload-url`)).body;
      const put = await service.app!.inject({ method: 'PUT', url: pathOf(url), payload: capture });
      assert.equal(put.statusCode, 200, put.body);
      return scan.id;
    };
    const settled = async (partnerId: string, scanId: string) =>
      (await waitFor(() => clients[partnerId].get(`/scans/${scanId}`), (r) => r.body.status === 'READY' || r.body.status === 'FAILED', 60_000)).body;
    const about = (resourceId: string) => (request: ReceivedWebhook) => resourceIdOf(request) === resourceId;
    // Deliveries run concurrently, so arrival order is not event order: occurredAt is (same millisecond: the lifecycle decides).
    const phase = (request: ReceivedWebhook) => ['started', 'succeeded', 'failed'].indexOf(request.json.eventType.split('.').pop()!);
    const byOccurrence = (requests: ReceivedWebhook[]) =>
      [...requests].sort((a, b) => a.json.payload.occurredAt.localeCompare(b.json.payload.occurredAt) || phase(a) - phase(b));

    let readyScanId = '';
    let readyUserIdValue = '';
    const readyUserId = () => readyUserIdValue;

    before(async () => {
      receiver = await startWebhookReceiver();
      service = await startTestService({ variant });
      await partner('acme', '/acme');
    });
    after(async () => {
      await service.stop();
      await receiver.close();
    });

    it('delivers scan.processing.started then scan.processing.succeeded for a sandbox scan, signed with HMAC-SHA256 of timestamp.body', async () => {
      readyScanId = await takeScan('acme', SANDBOX_CAPTURE);
      const ready = await settled('acme', readyScanId);
      assert.equal(ready.status, 'READY');
      readyUserIdValue = ready.userId;
      assert.match(readyUserIdValue, /^[0-9a-f-]{36}$/);
      const [started, succeeded] = byOccurrence(await receiver.waitForEvents(about(readyScanId), 2));
      assert.deepEqual([started.json.eventType, succeeded.json.eventType], ['scan.processing.started', 'scan.processing.succeeded']);
      assert.deepEqual(Object.keys(started.json), ['eventType', 'payload']);
      const { eventId, occurredAt, ...resource } = succeeded.json.payload;
      assert.deepEqual(resource, { scanId: readyScanId, userId: readyUserId(), userToken: 'acme-user', state: 'READY' });
      assert.equal(started.json.payload.state, 'PROCESSING');
      assert.equal(succeeded.headers['x-bodyscan-event-id'], eventId);
      assert.ok(!Number.isNaN(Date.parse(occurredAt)));
      for (const request of [started, succeeded]) {
        assert.equal(request.path, '/acme');
        assert.equal(request.headers['content-type'], 'application/json');
        assert.match(String(request.headers['x-bodyscan-timestamp']), /^\d{10}$/);
        assert.match(String(request.headers['x-bodyscan-signature']), /^[0-9a-f]{64}$/);
        assert.ok(signatureIsValid(secrets.acme, request), 'the signature verifies with the endpoint secret');
        assert.ok(!signatureIsValid('whsec_not-the-secret', request), 'and with no other secret');
      }
      // The receiver has the request before the worker records its answer: wait for the record.
      const log = await waitFor(
        () => service.db.webhooks.listWebhookDeliveries({ partnerId: 'acme', environment: 'sandbox' }, 10),
        (deliveries) => deliveries.some((delivery) => delivery.id === eventId && delivery.state !== 'PENDING'), 10_000,
      );
      const logged = log.find((delivery) => delivery.id === eventId)!;
      assert.equal(logged.state, 'DELIVERED');
      assert.equal(logged.attempts, 1);
      assert.equal(logged.lastStatus, 200);
      assert.equal(logged.body, succeeded.body, 'the exact stored bytes are what was sent');
    });

    it('sends scan.processing.failed with the failure code and message when the capture cannot be read', async () => {
      const scanId = await takeScan('acme', UNREADABLE_CAPTURE);
      const scan = await settled('acme', scanId);
      assert.equal(scan.status, 'FAILED');
      const failed = (await receiver.waitForRequests((r) => about(scanId)(r) && r.json.eventType === 'scan.processing.failed', 1))[0];
      assert.deepEqual(failed.json.payload.failure, { code: 'capture_format_unknown', message: scan.failure.message });
      assert.equal(failed.json.payload.state, 'FAILED');
      assert.ok(signatureIsValid(secrets.acme, failed));
    });

    it('delivers body_shape_prediction.processing.started and .succeeded with the scan id and user token', async () => {
      const created = await clients.acme.post('/body-shape-prediction', { scanId: readyScanId, predictionType: 'weight_loss', targetWeight: 60 });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const requests = byOccurrence(await receiver.waitForEvents(about(created.body.id), 2));
      assert.deepEqual(requests.map((r) => r.json.eventType), ['body_shape_prediction.processing.started', 'body_shape_prediction.processing.succeeded']);
      const { eventId, occurredAt, ...resource } = requests[1].json.payload;
      assert.deepEqual(resource, { bodyShapePredictionId: created.body.id, scanId: readyScanId, userId: readyUserId(), userToken: 'acme-user', state: 'READY' });
      assert.equal(requests[0].json.payload.state, 'PROCESSING');
      assert.ok(requests.every((request) => signatureIsValid(secrets.acme, request)));
    });

    it('retries a delivery the receiver answers with 500, with the same event id and body, and logs every attempt', async () => {
      await partner('flaky', '/flaky');
      const refusals = [500, 503];
      receiver.respond = (request) => (request.path === '/flaky' && request.json.eventType === 'scan.processing.started' ? refusals.shift() : undefined);
      const scanId = await takeScan('flaky', UNREADABLE_CAPTURE);
      await settled('flaky', scanId);
      const started = await receiver.waitForRequests((r) => about(scanId)(r) && r.json.eventType === 'scan.processing.started', 3);
      assert.equal(new Set(started.map((r) => r.headers['x-bodyscan-event-id'])).size, 1);
      assert.equal(new Set(started.map((r) => r.body)).size, 1);
      const eventId = String(started[0].headers['x-bodyscan-event-id']);
      const delivery = await waitFor(() => service.db.webhooks.findWebhookDelivery(eventId), (d) => d?.state === 'DELIVERED');
      assert.equal(delivery!.attempts, 3);
      assert.equal(delivery!.lastStatus, 200);
      assert.ok(delivery!.deliveredAt instanceof Date);
    });

    it('records no delivery for a partner without an endpoint', async () => {
      await partner('quiet', null);
      const scanId = await takeScan('quiet', UNREADABLE_CAPTURE);
      assert.equal((await settled('quiet', scanId)).status, 'FAILED');
      assert.deepEqual(await service.db.webhooks.listWebhookDeliveries({ partnerId: 'quiet', environment: 'sandbox' }, 10), []);
      assert.equal(receiver.received.filter(about(scanId)).length, 0);
    });

    it("sends a partner's events only to its own endpoint of the same environment", async () => {
      await partner('beta', '/beta');
      // acme's production endpoint must not hear about acme's sandbox scans either.
      await setWebhookEndpoint(service.db.webhooks, service.clock, { partnerId: 'acme', environment: 'production' }, `${receiver.url}/acme-production`);
      const acmeScan = await takeScan('acme', UNREADABLE_CAPTURE);
      const betaScan = await takeScan('beta', UNREADABLE_CAPTURE);
      await settled('acme', acmeScan);
      await settled('beta', betaScan);
      await receiver.waitForRequests(about(acmeScan), 2);
      await receiver.waitForRequests(about(betaScan), 2);
      const seen = (path: string) => new Set(receiver.received.filter((r) => r.path === path).map((r) => resourceIdOf(r)));
      assert.ok(seen('/acme').has(acmeScan) && !seen('/acme').has(betaScan));
      assert.ok(seen('/beta').has(betaScan) && !seen('/beta').has(acmeScan));
      assert.equal(seen('/acme-production').size, 0);
      assert.ok(receiver.received.filter((r) => r.path === '/beta').every((r) => signatureIsValid(secrets.beta, r)));
      const betaLog = await service.db.webhooks.listWebhookDeliveries({ partnerId: 'beta', environment: 'sandbox' }, 100);
      assert.deepEqual(new Set(betaLog.map((d) => JSON.parse(d.body).payload.scanId)), new Set([betaScan]));
    });
  });
}
