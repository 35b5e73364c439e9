import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { needs, NEEDS_BUILD } from '../../vitest.needs.ts';
// @ts-expect-error a plain ES module of the repository's scripts, without types
import { runQuietly } from '../../scripts/quietly.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const serverMain = path.join(root, 'packages/server/dist/main.js');
const cliMain = path.join(root, 'packages/cli/dist/main.js');
const built = fs.existsSync(serverMain) && fs.existsSync(cliMain);

const cleanup: (() => void)[] = [];
afterAll(() => cleanup.splice(0).forEach((fn) => fn()));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** A shell of a new user: no vcase variables, no saved profile. */
function userEnv(home: string): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('VCASE_') && k !== 'PORT' && k !== 'DATABASE_URL'),
  );
  return { ...env, HOME: home, XDG_CONFIG_HOME: path.join(home, 'xdg'), NO_COLOR: '1' };
}

describe('npm run demo', needs(built, NEEDS_BUILD), () => {
  it(
    'ends with commands that work when pasted: the server finds the case, the CLI reports it, the docs answer',
    { timeout: 300_000 },
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-demo-test-'));
      cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
      const demoPort = await freePort();
      const demo = await promisify(execFile)(process.execPath, [path.join(root, 'scripts/demo.mjs'), '--no-build'], {
        cwd: root,
        env: { ...userEnv(dir), VCASE_DEMO_DIR: dir, PORT: String(demoPort) },
        timeout: 280_000,
        maxBuffer: 16 * 1024 * 1024,
      });
      const hint = demo.stdout.slice(demo.stdout.lastIndexOf('Keep exploring:'));
      const command = (re: RegExp) => re.exec(hint)?.[1]?.trim();
      const start = command(/^\s+(npm start.*?)\s+#/m);
      const report = command(/^\s+(npx vcase report .*?)\s+#/m);
      const docs = command(/^\s+(http:\/\/\S+\/docs)\s+#/m);
      // The demo ran on a port other than npm start's default: the hint names it.
      expect(start).toBe(`npm start -- --port ${demoPort}`);
      expect(report).toMatch(/^npx vcase report DEMO-\S+$/);
      expect(docs).toBe(`http://127.0.0.1:${demoPort}/docs`);

      // `npm start -- --port N` runs this, from the folder the demo kept its data in.
      const server: ChildProcess = spawn(process.execPath, [serverMain, 'start', '--port', String(demoPort)], {
        cwd: dir,
        env: userEnv(dir),
        stdio: 'ignore',
      });
      cleanup.unshift(() => server.kill('SIGKILL'));
      for (let i = 0; ; i++) {
        if (
          await fetch(`http://127.0.0.1:${demoPort}/health`).then(
            (r) => r.ok,
            () => false,
          )
        )
          break;
        if (i > 300 || server.exitCode !== null) throw new Error('npm start did not serve');
        await new Promise((r) => setTimeout(r, 100));
      }
      // `npx vcase report DEMO-…`, in another terminal of the same folder.
      const [, , ...args] = report!.split(' ');
      const res = await promisify(execFile)(process.execPath, [cliMain, ...args], { cwd: dir, env: userEnv(dir) });
      expect(res.stdout).toContain(args[1]);
      expect(res.stdout).toMatch(/^tenencia\t/m);
      expect((await fetch(docs!)).status).toBe(200);
      server.kill('SIGTERM');
    },
  );
});

describe('the demo build step (scripts/quietly.mjs)', () => {
  const sink = () => {
    let text = '';
    return { out: new Writable({ write: (c, _e, cb) => ((text += c), cb()) }), text: () => text };
  };
  const noisy = (code: number) => [
    '-e',
    `for (let i = 0; i < 230; i++) console.log('tsup line ' + i); console.error('the error'); process.exit(${code})`,
  ];

  it('says nothing of a build that succeeds', async () => {
    const s = sink();
    const res = await runQuietly(process.execPath, noisy(0), { failureOut: s.out });
    expect(res).toMatchObject({ ok: true, code: 0 });
    expect(s.text()).toBe('');
  });

  it('prints everything a failing build wrote, the error included', async () => {
    const s = sink();
    const res = await runQuietly(process.execPath, noisy(2), { failureOut: s.out });
    expect(res).toMatchObject({ ok: false, code: 2 });
    expect(s.text()).toContain('tsup line 229\n');
    expect(s.text()).toContain('the error\n');
  });
});
