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
  'processing-threads': ['domain', 'services'],
  config: ['domain'],
  composition: ['domain', 'processing', 'services', 'api', 'jobs', 'cli', 'persistence', 'object-storage', 'queue', 'processing-threads', 'config'],
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

/**
 * Packages that tie code to one adapter or framework, and the layers that may use them at run time
 * (`import type` carries no run-time dependency: the composition root may name an adapter's types).
 */
const packageLayers: { pattern: RegExp; layers: readonly string[]; what: string }[] = [
  { pattern: /^(pg|pg-.*|@electric-sql\/pglite)(\/|$)/, layers: ['persistence'], what: 'a database driver' },
  { pattern: /^@aws-sdk\//, layers: ['object-storage'], what: 'the AWS SDK' },
  { pattern: /^(fastify|@fastify\/.*|ajv|ajv-formats|typebox)(\/|$)/, layers: ['api'], what: 'the HTTP framework' },
  { pattern: /^pino(\/|$)/, layers: ['composition'], what: 'the logger implementation' },
];

/** Runtime (non-type-only) package imports of a source file. */
function runtimePackageImports(source: string): string[] {
  const found: string[] = [];
  const pattern = /(?:^|\n)\s*(import|export)(\s+type)?\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;
  for (const match of source.matchAll(pattern)) {
    if (match[2]) continue; // import type / export type
    const specifier = match[3] ?? match[4] ?? match[5];
    if (!specifier.startsWith('.') && !specifier.startsWith('node:')) found.push(specifier);
  }
  return found;
}

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

  it('lets only the adapter of a package import it: pg/PGlite in persistence, the AWS SDK in object-storage, fastify in api', () => {
    const violations: string[] = [];
    for (const file of files) {
      const layer = layerOf(file);
      for (const specifier of runtimePackageImports(readFileSync(file, 'utf8'))) {
        const rule = packageLayers.find((candidate) => candidate.pattern.test(specifier));
        if (rule && !rule.layers.includes(layer)) violations.push(`${relative(srcDir, file)} -> ${specifier} (${rule.what}: only ${rule.layers.join(', ')})`);
      }
    }
    assert.deepEqual(violations, []);
  });

  it('reads the environment only in main and config (everything else gets its settings passed in)', () => {
    const readers = files
      .filter((file) => !['main', 'config'].includes(layerOf(file)))
      .filter((file) => /\bprocess\.env\b|\bprocess\s*\[\s*['"]env['"]\s*\]/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(srcDir, file));
    assert.deepEqual(readers, []);
  });

  it('catches the violations it is meant to catch', () => {
    assert.deepEqual(runtimePackageImports("import pg from 'pg';\nimport type { X } from 'fastify';\nimport { S3Client } from '@aws-sdk/client-s3';"), ['pg', '@aws-sdk/client-s3']);
    assert.ok(packageLayers.some((rule) => rule.pattern.test('pg') && !rule.layers.includes('processing')));
    assert.ok(packageLayers.some((rule) => rule.pattern.test('@electric-sql/pglite') && rule.layers.includes('persistence')));
  });

  it('keeps source files small (one idea each)', () => {
    const large = files
      .filter((file) => readFileSync(file, 'utf8').split('\n').length > 450)
      .map((file) => relative(srcDir, file));
    assert.deepEqual(large, []);
  });
});
