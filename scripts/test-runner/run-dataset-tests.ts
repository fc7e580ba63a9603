// `npm run test:datasets -- --makehuman <dir>`: the checks that need an external data set (the
// MakeHuman base mesh and targets), which a clone of the repository does not have and `npm test`
// therefore never runs. Each data set is a path argument; CI passes the folders it has.
import { resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { runNodeTests } from './node-test-process.ts';

const { values } = parseArgs({ options: { makehuman: { type: 'string' } } });
if (!values.makehuman) {
  process.stderr.write('Usage: npm run test:datasets -- --makehuman <makehuman-dir>\n');
  process.exit(2);
}
const makehumanDir = resolve(values.makehuman);
if (!existsSync(resolve(makehumanDir, 'base.obj'))) {
  process.stderr.write(`test:datasets: ${makehumanDir} has no base.obj; pass the MakeHuman data folder\n`);
  process.exit(2);
}
process.exit(await runNodeTests(['test/datasets/makehuman-loader.dataset-test.ts'], { ...process.env, MAKEHUMAN_DIR: makehumanDir }));
