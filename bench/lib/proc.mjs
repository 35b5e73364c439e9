// Child processes of a bench run: every one is tracked and killed when the run ends, however
// it ends (normal exit, exception, Ctrl-C). Plus the process figures the rows read (RSS, CPU).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';

const children = new Set();

function killAll(signal = 'SIGKILL') {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        child.kill(signal);
      } catch {
        // already gone
      }
    }
  }
  children.clear();
}

process.on('exit', () => killAll('SIGKILL'));
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    process.stderr.write(`\nbench: ${signal}, stopping child processes\n`);
    killAll('SIGKILL');
    process.exit(130);
  });
}

/** spawn() whose child is killed when the bench process exits. */
export function track(child) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export function spawnTracked(command, args, options) {
  return track(spawn(command, args, options));
}

/** Resolves when the child has exited (SIGTERM first, SIGKILL after `graceMs`). */
export async function stopChild(child, graceMs = 5000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
  children.delete(child);
}

/**
 * Waits until `child` prints a line matching `pattern` on stdout (or stderr), returning the
 * match. Rejects when the child exits first or the time runs out.
 */
export function waitForLine(child, pattern, timeoutMs = 30_000) {
  return new Promise((resolve, reject) => {
    let buffered = '';
    let errText = '';
    const onData = (chunk) => {
      buffered += chunk.toString();
      const m = pattern.exec(buffered);
      if (m) {
        cleanup();
        resolve(m);
      }
    };
    const onErr = (chunk) => {
      errText = (errText + chunk.toString()).slice(-4000);
    };
    const onExit = (code, signal) => {
      cleanup();
      reject(new Error(`process exited (${signal ?? code}) before it was ready: ${errText.trim() || buffered.trim()}`));
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`process not ready after ${timeoutMs} ms: ${errText.trim() || buffered.trim()}`));
    }, timeoutMs);
    function cleanup() {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onErr);
      child.off('exit', onExit);
    }
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onErr);
    child.once('exit', onExit);
  });
}

/** Resident set size of a process in bytes (`ps -o rss=`), or null when it cannot be read. */
export function rssBytes(pid) {
  try {
    const kb = Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim());
    return Number.isFinite(kb) && kb > 0 ? kb * 1024 : null;
  } catch {
    return null;
  }
}

/** Peak RSS so far (Linux `VmHWM`), else the current RSS. */
export function peakRssBytes(pid) {
  try {
    const m = /VmHWM:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (m) return Number(m[1]) * 1024;
  } catch {
    // not Linux, or the process is gone
  }
  return rssBytes(pid);
}

let clockTicks = null;
function ticksPerSecond() {
  if (clockTicks === null) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/** User + system CPU seconds a process has used so far (Linux /proc), or null. */
export function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state); utime and stime are fields 14 and 15.
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond();
  } catch {
    return null;
  }
}

/**
 * Runs a command to completion, sampling its peak RSS. Resolves with its exit code, output,
 * wall time and peak RSS; never rejects for a non-zero exit.
 */
export function runMeasured(command, args, { env, input, inputStream, cwd, onLine, timeoutMs = 300_000, sampleMs = 50 } = {}) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawnTracked(command, args, { env, cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stdoutBytes = 0;
    let stderr = '';
    let peak = 0;
    const sample = () => {
      const v = peakRssBytes(child.pid);
      if (v && v > peak) peak = v;
    };
    const sampler = setInterval(sample, sampleMs);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    let partial = '';
    child.stdout.on('data', (d) => {
      stdoutBytes += d.length;
      if (onLine) {
        const lines = (partial + d.toString()).split('\n');
        partial = lines.pop();
        for (const line of lines) onLine(line);
      }
      // Keep the head and tail only: a 100,000-row run prints megabytes.
      if (stdout.length < 1_000_000) stdout += d.toString();
    });
    child.stderr.on('data', (d) => {
      stderr = (stderr + d.toString()).slice(-20_000);
    });
    child.on('error', (err) => {
      clearInterval(sampler);
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      if (onLine && partial) onLine(partial);
      clearInterval(sampler);
      clearTimeout(timer);
      const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
      resolve({ code, signal, stdout, stdoutBytes, stderr, wallMs, peakRss: peak || null });
    });
    // Sample once the process image is loaded, then on the interval.
    setTimeout(sample, 5);
    child.stdin.on('error', () => {});
    if (inputStream) inputStream.pipe(child.stdin);
    else child.stdin.end(input ?? '');
  });
}
