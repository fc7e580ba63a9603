// Partner-chosen strings reach the console's pages only as text: no source file of the console
// hands data to the HTML parser.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const consoleSrc = resolve(import.meta.dirname, '..', '..', 'console', 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe('console source', () => {
  it('never sets HTML from a string (innerHTML, outerHTML, insertAdjacentHTML, dangerouslySetInnerHTML, document.write)', () => {
    const files = sourceFiles(consoleSrc);
    assert.ok(files.length > 5);
    const offenders = files
      .filter((file) => /innerHTML|outerHTML|insertAdjacentHTML|dangerouslySetInnerHTML|document\.write/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(consoleSrc, file));
    assert.deepEqual(offenders, []);
  });

  it('never puts the API key in an address: the key goes only into the authorization header', () => {
    const client = readFileSync(join(consoleSrc, 'api-client.ts'), 'utf8');
    assert.match(client, /authorization: `Bearer \$\{key\}`/);
    for (const file of sourceFiles(consoleSrc)) {
      const text = readFileSync(file, 'utf8');
      assert.doesNotMatch(text, /[?&](api_?key|key|token)=\$\{key\}/i, relative(consoleSrc, file));
      assert.doesNotMatch(text, /localStorage|document\.cookie/, relative(consoleSrc, file));
    }
  });
});
