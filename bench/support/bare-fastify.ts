// The baseline: a bare fastify route answering a JSON object of about the same size as a Scan.
import Fastify from 'fastify';

const app = Fastify();
const body = { id: '0199f0c2-7d1e-7000-8000-000000000000', status: 'CREATED', payload: 'x'.repeat(900) };
app.get('/bare', async () => body);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` })}\n`);
process.on('SIGTERM', () => { app.close().then(() => process.exit(0)); });
