// The seed pauses the functions emulator's background triggers through the
// emulator hub while it writes, and always switches them on again.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { emulatorHub, withTriggersPaused } from '../../../scripts/seed/write.ts';

/** A stand-in hub that records the PUTs it is sent and answers `status`. */
async function fakeHub(status = 200): Promise<{ address: string; calls: string[]; server: Server }> {
  const calls: string[] = [];
  const server = createServer((request, response) => {
    calls.push(`${request.method} ${request.url}`);
    response.writeHead(status, { 'Content-Type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { address: `127.0.0.1:${(server.address() as AddressInfo).port}`, calls, server };
}

let open: Server | undefined;
afterEach(() => {
  open?.close();
  open = undefined;
});

describe('withTriggersPaused', () => {
  it('switches the triggers off, runs the work, and switches them on again', async () => {
    const hub = await fakeHub();
    open = hub.server;
    const result = await withTriggersPaused(hub.address, async () => {
      hub.calls.push('work');
      return 42;
    });
    expect(result).toBe(42);
    expect(hub.calls).toEqual([
      'PUT /functions/disableBackgroundTriggers',
      'work',
      'PUT /functions/enableBackgroundTriggers',
    ]);
  });

  it('switches them on again when the work fails', async () => {
    const hub = await fakeHub();
    open = hub.server;
    await expect(
      withTriggersPaused(hub.address, () => Promise.reject(new Error('write failed'))),
    ).rejects.toThrow('write failed');
    expect(hub.calls.at(-1)).toBe('PUT /functions/enableBackgroundTriggers');
  });

  it('runs the work as it is when no functions emulator is behind the hub', async () => {
    const hub = await fakeHub(400);
    open = hub.server;
    expect(await withTriggersPaused(hub.address, async () => 'done')).toBe('done');
    expect(hub.calls).toEqual(['PUT /functions/disableBackgroundTriggers']);
  });

  it('runs the work as it is when no hub answers', async () => {
    const hub = await fakeHub();
    const { address } = hub;
    await new Promise((resolve) => hub.server.close(resolve));
    expect(await withTriggersPaused(address, async () => 'done')).toBe('done');
  });

  it('finds the hub where the emulators say, else on this project’s port', () => {
    expect(emulatorHub({ FIREBASE_EMULATOR_HUB: '127.0.0.1:4500' })).toBe('127.0.0.1:4500');
    expect(emulatorHub({})).toBe('127.0.0.1:4400');
  });
});
