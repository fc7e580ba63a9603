// `npm start`: the service on embedded defaults (or whatever the environment configures).
import { runCli } from './cli.ts';

process.exitCode = await runCli(['serve', ...process.argv.slice(2)]);
