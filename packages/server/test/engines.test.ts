import fs from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * `npm install` warns EBADENGINE for every installed package whose `engines.node` the running
 * Node does not satisfy. The lock file records each package's `engines`, so the warnings a
 * clean install would print are known without installing.
 */
const root = new URL('../../../', import.meta.url);
const read = (file: string) => JSON.parse(fs.readFileSync(new URL(file, root), 'utf8'));
const lock = read('package-lock.json') as { packages: Record<string, { engines?: { node?: string } | string[]; dev?: boolean }> };
const workspaceEngines = read('package.json').engines.node as string;
/** The oldest Node a published package (server, CLI, SDK) says it runs on. */
const oldestSupported = read('package.json')
  .workspaces.map((dir: string) => read(`${dir}/package.json`).engines?.node as string | undefined)
  .filter(Boolean)
  .map((range: string) => semver.minVersion(range)!.version)
  .sort(semver.rcompare)[0] as string;

function refusing(version: string, scope: (entry: { dev?: boolean }) => boolean): string[] {
  return Object.entries(lock.packages)
    .filter(([name, entry]) => name !== '' && scope(entry) && typeof (entry.engines as { node?: string } | undefined)?.node === 'string')
    .filter(([, entry]) => !semver.satisfies(version, (entry.engines as { node: string }).node))
    .map(([name, entry]) => `${name.replace(/^.*node_modules\//, '')} needs node ${(entry.engines as { node: string }).node}`);
}

describe('engines of the installed packages', () => {
  it('every package the packages need at run time takes the oldest Node they support', () => {
    expect(oldestSupported).toBe('20.10.0');
    expect(refusing(oldestSupported, (e) => !e.dev)).toEqual([]);
  });

  it('every package of the workspace takes the oldest Node the workspace supports', () => {
    const oldest = semver.minVersion(workspaceEngines)!.version;
    expect(refusing(oldest, () => true)).toEqual([]);
  });

  it('a clean install on this Node prints no engine warning', () => {
    expect(refusing(process.versions.node, () => true)).toEqual([]);
  });
});
