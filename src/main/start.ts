// `npm start`: the service on embedded defaults (or whatever the environment configures).
import { runCli } from './cli.ts';

const code = await runCli(['serve', ...process.argv.slice(2)]);
// A server that started keeps the process alive; one that did not has released everything, and
// exits now rather than waiting on a stray timer.
if (code !== 0) process.exit(code);
