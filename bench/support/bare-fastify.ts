// The baseline: a bare fastify route with an id in its path (like GET /scans/{id}) answering a JSON
// object of about the same size as a Scan.
import Fastify from 'fastify';

const app = Fastify();
const payload = 'x'.repeat(850);
app.get<{ Params: { id: string } }>('/bare/:id', async (request) => ({ id: request.params.id, status: 'CREATED', payload }));
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` })}\n`);
process.on('SIGTERM', () => { app.close().then(() => process.exit(0)); });
