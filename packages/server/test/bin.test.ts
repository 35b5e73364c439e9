import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { needs, NEEDS_BUILD } from '../../../vitest.needs.ts';

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

  it('runs the built server command', needs(built, NEEDS_BUILD), () => {
    const out = execFileSync(process.execPath, [path.join(PACKAGE_DIR, pkg.bin['vcase-server']), '--version'], { encoding: 'utf8' });
    expect(out.trim()).toBe(pkg.version);
  });

  it('says at start where it listens and which database it uses (server and worker)', needs(built, NEEDS_BUILD), async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-bin-'));
    /** The process's stdout up to its `database:` line; the process is stopped then. */
    const startOutput = (args: string[]) =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, [path.join(PACKAGE_DIR, pkg.bin['vcase-server']), ...args], {
          env: {
            ...process.env,
            VCASE_ADMIN_TOKEN: 'bin-test-admin-token',
            VCASE_JWT_SECRET: 'bin-test-jwt-secret-0123456789',
            VCASE_LOG_LEVEL: 'silent',
          },
          cwd: dir,
        });
        let out = '';
        const timer = setTimeout(() => (child.kill('SIGKILL'), reject(new Error(`no database line in: ${out}`))), 20_000);
        child.stdout.on('data', (d: Buffer) => {
          out += d;
          if (!/^database: .*$/m.test(out)) return;
          clearTimeout(timer);
          child.once('exit', () => resolve(out));
          child.kill('SIGTERM');
        });
      });
    try {
      const served = await startOutput([
        'start',
        '--host',
        '0.0.0.0',
        '--port',
        '0',
        '--db',
        'state/vcase.db',
        '--no-bootstrap',
        '--workers',
        '0',
      ]);
      expect(served).toMatch(/^vcase-server listening on http:\/\/\S+ \(docs: \S+\/docs; bound to 0\.0\.0\.0, every interface\)$/m);
      expect(served).toContain(`database: SQLite file ${path.join(fs.realpathSync(dir), 'state/vcase.db')}\n`);
      const worker = await startOutput(['worker', '--db', 'state/vcase.db', '--workers', '1']);
      expect(worker).toContain(
        `vcase-server worker running (1 concurrent jobs)\ndatabase: SQLite file ${path.join(fs.realpathSync(dir), 'state/vcase.db')}\n`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prints the admin token it generates even when that first start cannot listen (port taken)', needs(built, NEEDS_BUILD), async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-bin-'));
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const { VCASE_ADMIN_TOKEN: _unset, ...env } = process.env;
      const run = spawnSync(
        process.execPath,
        [path.join(PACKAGE_DIR, pkg.bin['vcase-server']), 'start', '--host', '127.0.0.1', '--port', String(port), '--workers', '0'],
        {
          env: { ...env, VCASE_JWT_SECRET: 'bin-test-jwt-secret-0123456789', VCASE_LOG_LEVEL: 'silent' },
          cwd: dir,
          encoding: 'utf8',
          timeout: 20_000,
        },
      );
      expect(run.status).toBe(1);
      const kept = fs.readFileSync(path.join(dir, '.vcase/admin-token'), 'utf8').trim();
      expect(kept.length).toBeGreaterThan(20);
      expect(run.stdout).toContain(`Admin token (generated; kept in .vcase/admin-token): ${kept}\n`);
    } finally {
      taken.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
