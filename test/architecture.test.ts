// The folder tree is the architecture diagram: this test fails the build when an import crosses it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, dirname, resolve, sep } from 'node:path';

const srcDir = resolve(import.meta.dirname, '..', 'src');

/** Which src/ layers each layer may import (itself always allowed). */
const allowedImports: Record<string, readonly string[]> = {
  domain: [],
  processing: ['domain'],
  services: ['domain', 'processing'],
  api: ['domain', 'services'],
  jobs: ['domain', 'services'],
  cli: ['domain', 'processing', 'services'],
  persistence: ['domain', 'services'],
  'object-storage': ['domain', 'services'],
  queue: ['domain', 'services'],
  config: ['domain'],
  composition: ['domain', 'processing', 'services', 'api', 'jobs', 'cli', 'persistence', 'object-storage', 'queue', 'config'],
  main: ['composition', 'config', 'cli', 'domain'],
};

/** Node built-ins that do I/O: pure layers must not touch them. */
const ioModules = /^(node:)?(fs|fs\/promises|net|http|https|http2|child_process|dgram|cluster|worker_threads|dns|tls|readline|process)$/;
const pureLayers = new Set(['domain', 'processing']);

function listTsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return listTsFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

function importsOf(source: string): string[] {
  const found: string[] = [];
  const pattern = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;
  for (const match of source.matchAll(pattern)) found.push(match[1] ?? match[2] ?? match[3]);
  return found;
}

const layerOf = (file: string): string => relative(srcDir, file).split(sep)[0];

describe('architecture', () => {
  const files = listTsFiles(srcDir);

  it('puts every source file in a known layer', () => {
    const unknown = files.filter((file) => !(layerOf(file) in allowedImports));
    assert.deepEqual(unknown.map((f) => relative(srcDir, f)), []);
  });

  it('imports only from allowed layers, and pure layers do no I/O', () => {
    const violations: string[] = [];
    for (const file of files) {
      const layer = layerOf(file);
      for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
        if (specifier.startsWith('.')) {
          const target = resolve(dirname(file), specifier);
          if (!target.startsWith(srcDir + sep)) { violations.push(`${relative(srcDir, file)} -> ${specifier} (outside src)`); continue; }
          const targetLayer = layerOf(target);
          if (targetLayer !== layer && !allowedImports[layer]?.includes(targetLayer)) {
            violations.push(`${relative(srcDir, file)} -> ${specifier} (${layer} may not import ${targetLayer})`);
          }
        } else if (pureLayers.has(layer) && ioModules.test(specifier)) {
          violations.push(`${relative(srcDir, file)} -> ${specifier} (${layer} must stay free of I/O)`);
        }
      }
    }
    assert.deepEqual(violations, []);
  });

  it('keeps source files small (one idea each)', () => {
    const large = files
      .filter((file) => readFileSync(file, 'utf8').split('\n').length > 450)
      .map((file) => relative(srcDir, file));
    assert.deepEqual(large, []);
  });
});
