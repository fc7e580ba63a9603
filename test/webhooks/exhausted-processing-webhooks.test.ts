import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { defaultScanPipeline } from '../../src/services/default-scan-pipeline.ts';
import { setWebhookEndpoint } from '../../src/services/webhook-endpoint-service.ts';
import { apiClient, newUserBody, pathOf, waitFor, type ApiClient } from '../support/api-client.ts';
import { databaseVariants, startTestService, type TestService } from '../support/test-service.ts';
import { resourceIdOf, startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../support/webhook-receiver.ts';

/** When processing keeps hitting an unexpected error until its attempts run out, partners still hear of the failure. */
for (const variant of databaseVariants()) {
  describe(`webhooks when processing attempts run out (${variant.name})`, () => {
    const real = defaultScanPipeline();
    let failReads = false;
    let service: TestService;
    let receiver: WebhookReceiver;
    let api: ApiClient;
    let readyScanId = '';

    const takeScan = async (): Promise<string> => {
      const scan = (await api.post('/scans', { userToken: 'tired-user', deviceConfigName: 'IPHONE_SCANNER' })).body;
      const { url } = (await api.post(`/scans/${scan.id}/upload-url`)).body;
      await service.app!.inject({ method: 'PUT', url: pathOf(url), payload: JSON.stringify({ sandbox: true, sex: 'male', heightM: 1.8, weightKg: 85, seed: 9 }) });
      return scan.id;
    };
    const about = (resourceId: string, eventType: string) => (request: ReceivedWebhook) => resourceIdOf(request) === resourceId && request.json.eventType === eventType;

    before(async () => {
      receiver = await startWebhookReceiver();
      service = await startTestService({
        variant,
        env: { JOB_MAX_ATTEMPTS: '2' },
        pipeline: {
          ...real,
          read: (bytes) => { if (failReads) throw new Error('disk on fire'); return real.read(bytes); },
          predictedBody: () => { throw new Error('model server gone'); },
        },
      });
      api = apiClient(service.app!, await service.key('tired'));
      await api.post('/users', newUserBody('tired-user'));
      await setWebhookEndpoint(service.db.webhooks, service.clock, { partnerId: 'tired', environment: 'sandbox' }, `${receiver.url}/tired`);
      readyScanId = await takeScan();
      await waitFor(() => api.get(`/scans/${readyScanId}`), (r) => r.body.status === 'READY', 60_000);
    });
    after(async () => {
      await service.stop();
      await receiver.close();
    });

    it('sends body_shape_prediction.processing.failed with internal_error, and started only once across the retries', async () => {
      const created = (await api.post('/body-shape-prediction', { scanId: readyScanId, predictionType: 'weight_loss', targetWeight: 80 })).body;
      const [failed] = await receiver.waitForRequests(about(created.id, 'body_shape_prediction.processing.failed'), 1);
      assert.equal(failed.json.payload.failure.code, 'internal_error');
      assert.match(failed.json.payload.failure.message, /2 times/);
      assert.deepEqual([failed.json.payload.scanId, failed.json.payload.userToken, failed.json.payload.state], [readyScanId, 'tired-user', 'FAILED']);
      // The log, not the receiver: every event is in it (committed) before the failure is, whatever the delivery order.
      const log = await service.db.webhooks.listWebhookDeliveries({ partnerId: 'tired', environment: 'sandbox' }, 100);
      const startedEvents = log.filter((d) => d.eventType === 'body_shape_prediction.processing.started' && JSON.parse(d.body).payload.bodyShapePredictionId === created.id);
      assert.equal(startedEvents.length, 1);
      assert.equal((await api.get(`/body-shape-prediction/${created.id}`)).body.status, 'FAILED');
    });

    it('sends scan.processing.failed with internal_error', async () => {
      failReads = true;
      const scanId = await takeScan();
      const [failed] = await receiver.waitForRequests(about(scanId, 'scan.processing.failed'), 1);
      assert.equal(failed.json.payload.failure.code, 'internal_error');
      assert.equal((await api.get(`/scans/${scanId}`)).body.failure.code, 'internal_error');
    });
  });
}
