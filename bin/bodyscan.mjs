#!/usr/bin/env node
// The `bodyscan` command. The code is TypeScript run by Node 24 (installed into the project by
// `npm install`); under an older Node this re-runs itself with the project's own Node 24.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  const projectNode = join(root, 'node_modules', 'node', 'bin', 'node');
  if (!existsSync(projectNode)) {
    console.error(`bodyscan needs Node 24 or later (this is ${process.version}); run npm install in ${root} first.`);
    process.exit(1);
  }
  const result = spawnSync(projectNode, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
const { runCli } = await import('../src/main/cli.ts');
const code = await runCli(process.argv.slice(2));
// serve and worker keep running after runCli returns 0; any failure has released its resources.
if (code !== 0) process.exit(code);
process.exitCode = code;
