import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchWebhookSender } from '../../src/composition/fetch-webhook-sender.ts';
import { webhookJobHandlers } from '../../src/jobs/webhook-job-handlers.ts';
import { scanEvent } from '../../src/domain/webhook-event.ts';
import type { ClaimedJob, Tenant } from '../../src/services/ports.ts';
import { WebhookAttemptError } from '../../src/services/webhook-delivery.ts';
import { removeWebhookEndpoint, setWebhookEndpoint } from '../../src/services/webhook-endpoint-service.ts';
import { recordWebhookEvent } from '../../src/services/webhook-outbox.ts';
import { databaseVariants, startTestService, type TestService } from '../support/test-service.ts';
import { signatureIsValid, startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

/**
 * The deliver-webhook job and the outbox, driven by hand (no worker): each attempt is one run of
 * the handler, as the queue would make it, so attempts and exhaustion need no waiting.
 */
for (const variant of databaseVariants()) {
  describe(`webhook delivery job (${variant.name})`, () => {
    let service: TestService;
    let receiver: WebhookReceiver;
    let tenantCount = 0;

    const newTenant = (): Tenant => ({ partnerId: `partner-${(tenantCount += 1)}`, environment: 'sandbox' });
    const endpointFor = async (tenant: Tenant, path: string) =>
      (await setWebhookEndpoint(service.db.webhooks, service.clock, tenant, `${receiver.url}${path}`)).signingSecret;
    /** A scan.processing.started event recorded as captureArrived records it; returns its delivery id. */
    const recordEvent = async (tenant: Tenant, scanId: string): Promise<string> => {
      const queued = await service.db.transaction((tx) => recordWebhookEvent(tx, tenant, scanEvent({ id: scanId, userId: 'user-id-1', userToken: 'user-1' }, 'PROCESSING', null), service.clock.now()));
      assert.equal(queued, true);
      const [delivery] = await service.db.webhooks.listWebhookDeliveries(tenant, 1);
      return delivery.id;
    };
    const handler = () => webhookJobHandlers(service.context, fetchWebhookSender)['deliver-webhook'];
    const job = (deliveryId: string, attempts: number): ClaimedJob => ({ id: 0, kind: 'deliver-webhook', payload: { id: deliveryId }, attempts, maxAttempts: 2 });
    const requestsTo = (path: string) => receiver.received.filter((request) => request.path === path);

    before(async () => {
      receiver = await startWebhookReceiver();
      service = await startTestService({ variant, worker: false });
    });
    after(async () => {
      await service.stop();
      await receiver.close();
    });

    it('marks a delivery FAILED with its last status when its attempts run out, and sends nothing more', async () => {
      const tenant = newTenant();
      await endpointFor(tenant, '/down');
      receiver.respond = (request) => (request.path === '/down' ? 500 : undefined);
      const deliveryId = await recordEvent(tenant, 'scan-down');
      await assert.rejects(handler().run(job(deliveryId, 1)), (error) => error instanceof WebhookAttemptError && /HTTP 500/.test(error.message));
      await assert.rejects(handler().run(job(deliveryId, 2)), WebhookAttemptError);
      await handler().exhausted(job(deliveryId, 2), new Error('HTTP 500'));
      const delivery = (await service.db.webhooks.findWebhookDelivery(deliveryId))!;
      assert.deepEqual([delivery.state, delivery.attempts, delivery.lastStatus, delivery.lastError, delivery.deliveredAt], ['FAILED', 2, 500, 'HTTP 500', null]);
      await handler().run(job(deliveryId, 3));
      assert.equal(requestsTo('/down').length, 2);
    });

    it('fails a delivery without a request when the endpoint was removed before delivery', async () => {
      const tenant = newTenant();
      await endpointFor(tenant, '/removed');
      const deliveryId = await recordEvent(tenant, 'scan-removed');
      assert.equal(await removeWebhookEndpoint(service.db.webhooks, tenant), true);
      await handler().run(job(deliveryId, 1));
      const delivery = (await service.db.webhooks.findWebhookDelivery(deliveryId))!;
      assert.equal(delivery.state, 'FAILED');
      assert.match(delivery.lastError!, /endpoint was removed/);
      assert.equal(requestsTo('/removed').length, 0);
    });

    it('records a connection error as the attempt error, with no status', async () => {
      const closed = await startWebhookReceiver();
      await closed.close();
      const tenant = newTenant();
      await setWebhookEndpoint(service.db.webhooks, service.clock, tenant, `${closed.url}/gone`);
      const deliveryId = await recordEvent(tenant, 'scan-unreachable');
      await assert.rejects(handler().run(job(deliveryId, 1)), WebhookAttemptError);
      const delivery = (await service.db.webhooks.findWebhookDelivery(deliveryId))!;
      assert.deepEqual([delivery.state, delivery.attempts, delivery.lastStatus], ['PENDING', 1, null]);
      assert.match(delivery.lastError!, /fetch failed|ECONNREFUSED/);
    });

    it("signs with the tenant's current secret: setting the endpoint again rotates it", async () => {
      const tenant = newTenant();
      const oldSecret = await endpointFor(tenant, '/rotated');
      const deliveryId = await recordEvent(tenant, 'scan-rotated');
      const newSecret = await endpointFor(tenant, '/rotated');
      assert.notEqual(newSecret, oldSecret);
      await handler().run(job(deliveryId, 1));
      const [request] = requestsTo('/rotated');
      assert.ok(signatureIsValid(newSecret, request));
      assert.ok(!signatureIsValid(oldSecret, request));
      assert.equal((await service.db.webhooks.findWebhookDelivery(deliveryId))!.state, 'DELIVERED');
    });

    it('records neither the delivery nor its job when the state change it reports rolls back', async () => {
      const tenant = newTenant();
      await endpointFor(tenant, '/rolled-back');
      const queuedBefore = await service.db.jobs.countJobs('queued');
      await assert.rejects(service.db.transaction(async (tx) => {
        await recordWebhookEvent(tx, tenant, scanEvent({ id: 'scan-rolled-back', userId: 'user-id-1', userToken: 'user-1' }, 'READY', null), service.clock.now());
        throw new Error('the state change failed');
      }), /state change failed/);
      assert.deepEqual(await service.db.webhooks.listWebhookDeliveries(tenant, 10), []);
      assert.equal(await service.db.jobs.countJobs('queued'), queuedBefore);
    });

    it('rejects endpoint URLs that are not http or https', async () => {
      const tenant = newTenant();
      await assert.rejects(setWebhookEndpoint(service.db.webhooks, service.clock, tenant, 'ftp://partner.example/hooks'), /must use http or https, not ftp/);
      await assert.rejects(setWebhookEndpoint(service.db.webhooks, service.clock, tenant, 'partner.example/hooks'), /not an absolute URL/);
      assert.equal(await service.db.webhooks.findWebhookEndpoint(tenant), null);
    });
  });
}

describe('fetch webhook sender', () => {
  it('gives up on a receiver that does not answer within the timeout', async () => {
    const silent = createServer(() => { /* never answers */ });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      await assert.rejects(fetchWebhookSender.post(`http://127.0.0.1:${port}/`, '{}', { 'content-type': 'application/json' }, 100), { name: 'TimeoutError' });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('does not follow a redirect: a 3xx is an answer that did not accept the event', async () => {
    const redirecting = createServer((request, response) => response.writeHead(307, { location: 'http://127.0.0.1:9/elsewhere' }).end());
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = redirecting.address() as AddressInfo;
      assert.equal(await fetchWebhookSender.post(`http://127.0.0.1:${port}/`, '{}', { 'content-type': 'application/json' }, 5000), 307);
    } finally {
      redirecting.closeAllConnections();
      await new Promise((resolve) => redirecting.close(resolve));
    }
  });
});
