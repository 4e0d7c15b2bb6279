// Small process helpers shared by start, test and bench: spawn children that die
// with us, wait for a port, and stop everything cleanly on Ctrl-C.
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import net from 'node:net';

const children = new Set();

/**
 * Spawns a child process that is tracked for `stopAll`; output is inherited unless
 * `quiet` (kept in memory, its tail) or `outputFile` (written there, stdout and stderr).
 * `background` gives it (and the processes it starts, which inherit it) the lowest CPU
 * priority: it gets what the others leave idle and never slows them.
 */
export function run(
  command,
  args,
  { env = process.env, cwd, quiet = false, outputFile, background = false, name = command } = {},
) {
  const fd = outputFile ? openSync(outputFile, 'w') : undefined;
  // detached: each child leads its own process group, so a Ctrl-C in the terminal
  // reaches only us and every child gets exactly one SIGINT from stopAll. A second
  // SIGINT would make firebase-tools skip its export-on-exit.
  // Through nice(1), so the priority holds from the first instruction, for every thread.
  const child = spawn(background ? 'nice' : command, background ? ['-n', '19', command, ...args] : args, {
    env,
    cwd,
    detached: true,
    stdio:
      fd !== undefined
        ? ['ignore', fd, fd]
        : quiet
          ? ['ignore', 'pipe', 'pipe']
          : ['ignore', 'inherit', 'inherit'],
  });
  if (fd !== undefined) closeSync(fd);
  child.name = name;
  child.output = '';
  if (quiet) {
    const keep = (chunk) => {
      // Keep the tail only: enough to explain a failure, bounded in memory.
      child.output = (child.output + chunk.toString()).slice(-20000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
  }
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

/** Runs a command to completion and resolves with its exit code. */
export function runToEnd(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = run(command, args, options);
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Resolves once something accepts TCP connections on host:port, rejects after `timeoutMs`. */
export async function waitForPort(port, { host = '127.0.0.1', timeoutMs = 120000, child } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(
        `${child.name} exited (code ${child.exitCode}) before port ${port} opened\n${child.output ?? ''}`,
      );
    if (await isOpen(port, host)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Timed out waiting for ${host}:${port}`);
}

/** True when a TCP connection to host:port succeeds. */
export function isOpen(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Sends SIGINT to every tracked child and waits (bounded) for them to exit. */
export async function stopAll(timeoutMs = 30000) {
  const waits = [...children].map(
    (child) =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, timeoutMs);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGINT');
      }),
  );
  await Promise.all(waits);
}
