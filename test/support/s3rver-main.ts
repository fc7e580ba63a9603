// Runs s3rver in its own process: `node --openssl-legacy-provider s3rver-main.ts DIR`. The flag is
// why it is a process: s3rver makes ListObjectsV2 continuation tokens with DES, which Node 24's
// OpenSSL 3 offers only from its legacy provider (without it every truncated listing is a 500).
// Prints {"port": N} once listening on 127.0.0.1; stops on SIGTERM.
import S3rver from 's3rver';

const directory = process.argv[2];
if (!directory) throw new Error('usage: s3rver-main.ts DIRECTORY');
const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.once('SIGTERM', () => {
  server.httpServer?.closeAllConnections();
  server.close().then(() => process.exit(0), () => process.exit(1));
});
