// Runs a command with its output held back: a success says one line of its own; a failure
// prints everything the command wrote (stdout and stderr, in order) so the error is seen.
import { spawn } from 'node:child_process';

/**
 * Runs `command args…` in `cwd`, keeping its output. Resolves `{ ok, code, output, ms }`; on
 * failure the output has already been written to `failureOut` (default: stderr).
 */
export function runQuietly(command, args, { cwd, env = process.env, failureOut = process.stderr } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    let settled = false;
    const done = (code, error) => {
      if (settled) return;
      settled = true;
      const ms = Date.now() - started;
      if (error) output += `${error.message}\n`;
      const ok = code === 0 && !error;
      if (!ok) failureOut.write(output.endsWith('\n') || !output ? output : `${output}\n`);
      resolve({ ok, code: code ?? 1, output, ms });
    };
    child.once('error', (error) => done(null, error));
    child.once('close', (code) => done(code));
  });
}
