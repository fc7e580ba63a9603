import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { predictionEvent, scanEvent, webhookBody } from '../../src/domain/webhook-event.ts';
import type { Tenant } from '../../src/services/ports.ts';
import { setWebhookEndpoint } from '../../src/services/webhook-endpoint-service.ts';
import { webhookHeaders } from '../../src/services/webhook-signature.ts';
import { apiClient, newUserBody, pathOf, waitFor } from '../support/api-client.ts';
import { marketListenerStatus } from '../support/market-webhook-listener.ts';
import { databaseVariants, startTestService, type TestService } from '../support/test-service.ts';
import { resourceIdOf, startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const SECRET = 'whsec_market-test';
const SENT_AT = new Date('2026-11-24T08:00:00.000Z');
const scan = { id: '01a203c6-c7f0-7000-8a3e-6f1b0c9d2e11', userId: '01a203c5-9b10-7c3e-8d2a-0e4f6a7b8c9d', userToken: 'user-123' };

describe('a listener written to the market service\'s rules', () => {
  const signed = (style: 'bodyscan' | 'market', body: string) => webhookHeaders(style, SECRET, 'event-1', SENT_AT, body);

  it('accepts every event type in the market signature style', () => {
    const bodies = [
      webhookBody(scanEvent(scan, 'PROCESSING', null), 'e1', SENT_AT),
      webhookBody(scanEvent(scan, 'READY', null), 'e2', SENT_AT),
      webhookBody(scanEvent(scan, 'FAILED', { code: 'no_person_found', message: 'No person.' }), 'e3', SENT_AT),
      webhookBody(predictionEvent({ id: 'prediction-1', scanId: scan.id }, scan, 'PROCESSING', null), 'e4', SENT_AT),
      webhookBody(predictionEvent({ id: 'prediction-1', scanId: scan.id }, scan, 'READY', null), 'e5', SENT_AT),
      webhookBody(predictionEvent({ id: 'prediction-1', scanId: scan.id }, scan, 'FAILED', null), 'e6', SENT_AT),
    ];
    for (const body of bodies) assert.equal(marketListenerStatus(SECRET, signed('market', body), body, new Date(SENT_AT.getTime() + 2000)), 200, body);
  });

  it('refuses our default style (no prism-* headers), a stale timestamp, another secret and a changed body', () => {
    const body = webhookBody(scanEvent(scan, 'READY', null), 'e1', SENT_AT);
    const soon = new Date(SENT_AT.getTime() + 1000);
    assert.equal(marketListenerStatus(SECRET, signed('bodyscan', body), body, soon), 401);
    assert.equal(marketListenerStatus(SECRET, signed('market', body), body, new Date(SENT_AT.getTime() + 301_000)), 400);
    assert.equal(marketListenerStatus('whsec_other', signed('market', body), body, soon), 401);
    assert.equal(marketListenerStatus(SECRET, signed('market', body), body.replace('READY', 'FAILED'), soon), 401);
  });

  it('would answer 422 to a payload without state or without an id, which ours never are', () => {
    const withoutState = JSON.stringify({ eventType: 'scan.processing.succeeded', payload: { scanId: scan.id, userId: scan.userId, userToken: 'u', status: 'READY' } });
    assert.equal(marketListenerStatus(SECRET, signed('market', withoutState), withoutState, SENT_AT), 422);
    const withoutId = JSON.stringify({ eventType: 'scan.processing.succeeded', payload: { id: scan.id, userId: scan.userId, userToken: 'u', state: 'READY' } });
    assert.equal(marketListenerStatus(SECRET, signed('market', withoutId), withoutId, SENT_AT), 422);
  });
});

for (const variant of databaseVariants()) {
  describe(`webhook endpoints with the market signature style (${variant.name})`, () => {
    let service: TestService;
    let receiver: WebhookReceiver;
    before(async () => {
      receiver = await startWebhookReceiver();
      // The receiver answers as the market's listener would.
      receiver.respond = (request) => marketListenerStatus(request.path === '/market' ? secrets.market : secrets.ours, request.headers, request.body, new Date());
      service = await startTestService({ variant });
    });
    after(async () => {
      await service.stop();
      await receiver.close();
    });
    const secrets: Record<string, string> = {};

    it('delivers a real scan\'s events to a market-style endpoint, which accepts them, and our default style is refused by it', async () => {
      const market: Tenant = { partnerId: 'market-partner', environment: 'sandbox' };
      const ours: Tenant = { partnerId: 'own-partner', environment: 'sandbox' };
      secrets.market = (await setWebhookEndpoint(service.db.webhooks, service.clock, market, `${receiver.url}/market`, 'market')).signingSecret;
      secrets.ours = (await setWebhookEndpoint(service.db.webhooks, service.clock, ours, `${receiver.url}/ours`)).signingSecret;
      const scanIds: Record<string, string> = {};
      for (const tenant of [market, ours]) {
        const api = apiClient(service.app!, await service.key(tenant.partnerId));
        await api.post('/users', newUserBody(`${tenant.partnerId}-user`));
        const created = (await api.post('/scans', { userToken: `${tenant.partnerId}-user`, deviceConfigName: 'IPHONE_SCANNER' })).body;
        const { url } = (await api.post(`/scans/${created.id}/upload-url`)).body;
        const put = await service.app!.inject({ method: 'PUT', url: pathOf(url), payload: JSON.stringify({ sandbox: true, sex: 'male', heightM: 1.8, weightKg: 80, seed: 3 }) });
        assert.equal(put.statusCode, 200);
        scanIds[tenant.partnerId] = created.id;
      }
      const marketRequests = await receiver.waitForRequests((r) => r.path === '/market' && resourceIdOf(r) === scanIds['market-partner'], 2, 60_000);
      for (const request of marketRequests) {
        assert.match(String(request.headers['prism-timestamp']), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        assert.equal(request.headers['x-bodyscan-timestamp'], undefined);
        assert.equal(marketListenerStatus(secrets.market, request.headers, request.body, new Date()), 200);
      }
      const delivered = await waitFor(
        () => service.db.webhooks.listWebhookDeliveries(market, 10),
        (log) => log.filter((d) => d.state === 'DELIVERED').length >= 2, 30_000,
      );
      assert.ok(delivered.every((d) => d.lastStatus === 200 || d.state === 'PENDING'));
      const [refused] = await receiver.waitForRequests((r) => r.path === '/ours', 1, 60_000);
      assert.ok(refused.headers['x-bodyscan-signature']);
      const oursLog = await waitFor(() => service.db.webhooks.listWebhookDeliveries(ours, 10), (log) => log.some((d) => d.lastStatus === 401), 30_000);
      assert.ok(oursLog.every((d) => d.state !== 'DELIVERED'), 'the market listener never accepted the default style');
    });
  });
}
