import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { needs, NEEDS_BUILD } from '../../../vitest.needs.ts';

/**
 * The emitted declarations are what an integrator's editor shows: a method that returns an
 * inline copy of a response type (dozens of lines) instead of its name reads badly and hides
 * that it is the same type as the plain method's. Read from the built files (`npm run build`).
 */
const files = ['index.d.ts', 'index.d.cts'].map((f) => new URL(`../dist/${f}`, import.meta.url));
const built = files.every((f) => fs.existsSync(f));

describe('emitted declarations', needs(built, NEEDS_BUILD), () => {
  it.each(files.map((f) => [f.pathname.split('/').pop()!, f] as const))(
    '%s: the polling helpers return the named response types',
    (_name, file) => {
      const text = fs.readFileSync(file, 'utf8');
      const helpers = [...text.matchAll(/^ {4}((?:waitFor|run)\w*)\(.*?\): (.*?);?$/gm)].map((m) => [m[1], m[2]]);
      expect(helpers.map(([name]) => name)).toEqual(
        expect.arrayContaining(['waitForCaseProcessing', 'runTaxes', 'waitForRepuve', 'waitForOcr', 'runBureau']),
      );
      for (const [name, returned] of helpers) expect(`${name}: ${returned}`).toMatch(new RegExp(`^${name}: Promise<[A-Z]\\w*>$`));
    },
  );

  it.each(files.map((f) => [f.pathname.split('/').pop()!, f] as const))('%s: no method returns an inline object type', (_name, file) => {
    expect(fs.readFileSync(file, 'utf8')).not.toMatch(/^ {4}\w+\(.*\): (Promise<)?\{$/m);
  });
});
