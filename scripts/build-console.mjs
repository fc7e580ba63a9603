// `npm run build:console` (and `prepare`, so `npm install` / `npm ci` build the console): vite build
// of console/ into console/dist. Plain JavaScript on purpose: with devDependencies omitted
// (`npm ci --omit=dev`) neither Vite nor the project's Node 24 is installed, and this script then says
// that the console is not built instead of failing the install.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
if (!existsSync(vite)) {
  process.stderr.write('build-console: Vite is not installed (devDependencies omitted), so the web console is not built; /console will say so. Run npm install with devDependencies, then npm run build:console.\n');
  process.exit(0);
}
const result = spawnSync(process.execPath, [vite, 'build', '--config', join(root, 'console', 'vite.config.ts'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
