// A clone of the repository is all a reader has: README.md and docs/ may link only to files of the
// repository (which must exist, anchors included), and neither they nor any source comment may
// point at the development workspace's files beside the repository.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');

function filesUnder(dir: string, keep: (path: string) => boolean): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...filesUnder(path, keep));
    else if (keep(path)) found.push(path);
  }
  return found;
}

const docs = [join(root, 'README.md'), ...filesUnder(join(root, 'docs'), (path) => path.endsWith('.md'))];

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens; plus explicit ids. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, heading] of markdown.matchAll(/^#{1,6}\s+(.+)$/gm)) {
    anchors.add(heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-'));
  }
  for (const [, id] of markdown.matchAll(/<a id="([^"]+)"/g)) anchors.add(id);
  return anchors;
}

/** Every link target of a markdown file: [text](target), ![alt](target), <img src>, <a href>. */
function linkTargets(markdown: string): string[] {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [
    ...[...withoutCode.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]),
    ...[...withoutCode.matchAll(/<(?:img|a)\s[^>]*(?:src|href)="([^"]+)"/g)].map((match) => match[1]),
  ];
}

/** What a target is wrong with, or null when it names an existing file (and anchor) of the repository. */
function linkProblem(doc: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return 'leaves the repository (an address, not a file of the repository)';
  if (target.startsWith('/')) return 'is an absolute path';
  const [pathPart, anchor] = target.split('#');
  const file = pathPart === '' ? doc : resolve(dirname(doc), decodeURIComponent(pathPart));
  if (file !== root && !file.startsWith(root + sep)) return 'points outside the repository';
  if (!existsSync(file)) return 'names a file that does not exist';
  if (anchor && file.endsWith('.md') && !anchorsOf(readFileSync(file, 'utf8')).has(anchor)) return `has no anchor #${anchor}`;
  return null;
}

// Built from pieces so that this file does not match itself.
const WORKSPACE_FILES = new RegExp(['methods', 'decisions', 'reference', 'interface'].map((name) => `\\b${name}\\.md`).join('|'));
const WORKSPACE_PATHS = new RegExp(['\\.\\./' + 'shared', '/' + 'work/'].join('|'));

describe('README.md and docs/ stand on their own', () => {
  it('link only to files of the repository that exist, anchors included', () => {
    const problems: string[] = [];
    for (const doc of docs) {
      for (const target of linkTargets(readFileSync(doc, 'utf8'))) {
        const problem = linkProblem(doc, target);
        if (problem) problems.push(`${relative(root, doc)}: ${target} ${problem}`);
      }
    }
    assert.deepEqual(problems, []);
  });

  it('name only repository paths that exist when they quote one in backticks', () => {
    const problems: string[] = [];
    for (const doc of docs) {
      for (const [, path] of readFileSync(doc, 'utf8').matchAll(/`((?:src|test|scripts|docs|bench|bin)\/[\w./-]+)`/g)) {
        if (!existsSync(join(root, path.replace(/\/$/, '')))) problems.push(`${relative(root, doc)}: \`${path}\` does not exist`);
      }
    }
    assert.deepEqual(problems, []);
  });

  it('never cite the development workspace\'s files (spec, science notes, data folders)', () => {
    const problems: string[] = [];
    for (const doc of docs) {
      readFileSync(doc, 'utf8').split('\n').forEach((line, index) => {
        if (WORKSPACE_FILES.test(line) || WORKSPACE_PATHS.test(line)) problems.push(`${relative(root, doc)}:${index + 1}: ${line.trim()}`);
      });
    }
    assert.deepEqual(problems, []);
  });

  it('catches what it should: an address, a missing file, an escape from the repository and a missing anchor', () => {
    const readme = join(root, 'README.md');
    assert.match(linkProblem(readme, 'https://example.com/x')!, /leaves the repository/);
    assert.match(linkProblem(readme, 'docs/no-such-file.md')!, /does not exist/);
    assert.match(linkProblem(readme, ['..', 'shared', 'science', 'x.md'].join('/'))!, /outside the repository/);
    assert.match(linkProblem(readme, 'docs/references.md#no-such-anchor')!, /no anchor/);
    assert.equal(linkProblem(readme, 'docs/references.md#siri-1956'), null);
    assert.equal(linkProblem(readme, 'docs/errors.md#catalog'), null);
  });
});

describe('source comments stand on their own', () => {
  it('never point at the development workspace\'s files (src, scripts, test, bench, bin)', () => {
    const self = resolve(import.meta.filename);
    const sources = ['src', 'scripts', 'test', 'bench', 'bin']
      .flatMap((dir) => filesUnder(join(root, dir), (path) => /\.(ts|mjs|js|sql)$/.test(path) && path !== self));
    const problems: string[] = [];
    for (const file of sources) {
      readFileSync(file, 'utf8').split('\n').forEach((line, index) => {
        if (WORKSPACE_FILES.test(line) || WORKSPACE_PATHS.test(line)) problems.push(`${relative(root, file)}:${index + 1}: ${line.trim()}`);
      });
    }
    assert.deepEqual(problems, []);
  });
});
