import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(fs.readFileSync(path.join(PACKAGE_DIR, 'package.json'), 'utf8'));
const built = fs.existsSync(path.join(PACKAGE_DIR, 'dist/main.js'));

describe('the vcase-server command (operator-surface §1: npx vcase-server start)', () => {
  it('is a file that exists before the build, so npm links it at install time', () => {
    const bin = path.join(PACKAGE_DIR, pkg.bin['vcase-server']);
    expect(path.relative(PACKAGE_DIR, bin).startsWith('dist')).toBe(false);
    expect(fs.readFileSync(bin, 'utf8').startsWith('#!/usr/bin/env node')).toBe(true);
    expect(pkg.files).toContain(path.relative(PACKAGE_DIR, bin).split(path.sep)[0]);
  });

  it.skipIf(!built)('runs the built server command', () => {
    const out = execFileSync(process.execPath, [path.join(PACKAGE_DIR, pkg.bin['vcase-server']), '--version'], { encoding: 'utf8' });
    expect(out.trim()).toBe(pkg.version);
  });
});
