import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/error-catalog.ts';
import type { SignedLocalStorage } from '../../services/ports.ts';
import { acceptStagedCapture, captureScanIdOf, scanAwaitsUpload } from '../../services/scan-service.ts';
import type { ServiceContext } from '../../services/service-context.ts';
import { sendError } from '../error-handler.ts';

/**
 * Embedded mode's signed addresses: PUT streams a capture into the local store (no bearer
 * token: the signature is the credential), GET streams an asset out. Bytes are never buffered whole.
 */
export function storageRoutes(app: FastifyInstance, context: ServiceContext, storage: SignedLocalStorage): void {
  app.register(async (scope) => {
    // Any content type: captures are raw bytes; the stream is read by the handler, not parsed.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    const keyOf = (request: FastifyRequest): string => (request.params as { '*': string })['*'];
    const checked = (request: FastifyRequest, method: 'GET' | 'PUT'): { maxBytes: number } => {
      const { check, maxBytes } = storage.checkSignature(method, keyOf(request), request.query as Record<string, string>, context.clock.now());
      if (check === 'expired') throw new AppError('upload_signature_invalid', 'This address has expired; request a new one.');
      if (check === 'invalid') throw new AppError('upload_signature_invalid', 'This address is not valid (altered or not issued by this service).');
      return { maxBytes };
    };

    scope.put('/storage/*', { schema: { hide: true }, bodyLimit: Number.MAX_SAFE_INTEGER }, async (request: FastifyRequest, reply: FastifyReply) => {
      const { maxBytes } = checked(request, 'PUT');
      const key = keyOf(request);
      const scanId = captureScanIdOf(key);
      if (scanId === null) throw new AppError('upload_signature_invalid', 'This address does not accept uploads.');
      if (!(await scanAwaitsUpload(context, scanId))) {
        request.raw.resume();
        throw new AppError('scan_not_awaiting_upload', 'This scan already has its capture (or no longer exists).');
      }
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        request.raw.resume();
        throw new AppError('payload_too_large', `The upload exceeds the limit of ${maxBytes} bytes; nothing was kept.`);
      }
      const staged = await storage.stageUpload(key, request.raw, maxBytes);
      if ((await acceptStagedCapture(context, scanId, staged)) === 'not_awaiting_upload') {
        throw new AppError('scan_not_awaiting_upload', 'This scan already has its capture (or no longer exists); these bytes were not kept.');
      }
      return reply.status(200).send();
    });

    scope.get('/storage/*', { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
      checked(request, 'GET');
      const file = await storage.openDownload(keyOf(request));
      if (!file) return sendError(reply, request, new AppError('asset_not_found', 'This file no longer exists.'));
      return reply.header('content-length', file.byteSize).type(contentTypeOf(keyOf(request))).send(file.stream);
    });
  });
}

const CONTENT_TYPES: Record<string, string> = {
  glb: 'model/gltf-binary', obj: 'model/obj', mtl: 'model/mtl', png: 'image/png', ply: 'application/ply', json: 'application/json',
};

function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}
