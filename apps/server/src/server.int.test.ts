import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startServer } from './server';
import { createTestApp, testConfig, testDatabaseUrl } from './test/harness';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

describe('the server process', () => {
  it('keeps data written before a restart (embedded database on disk)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'taya-restart-'));
    const config = { ...testConfig({ DATA_DIR: dataDir }), port: 0, host: '127.0.0.1' };
    const first = await startServer(config);
    await first.app.services.system.setMaintenance('operator-test', {
      merchantCode: 'TYMM',
      enabled: true,
      message: 'Back soon',
    });
    await first.stop();

    const second = await startServer(config);
    try {
      const res = await fetch(`${second.url}/wps/system/status`, { headers: { Merchant: 'TYMM' } });
      const body = (await res.json()) as { value: unknown };
      expect(body.value).toMatchObject({ status: 1, maintenanceInfo: { message: 'Back soon' } });
      // Seeds run once: the second start found them applied and wrote nothing twice.
      const again = await fetch(`${second.url}/wps/system/status`);
      expect(
        ((await again.json()) as { value: { regions: unknown[] } }).value.regions,
      ).toHaveLength(2);
    } finally {
      await second.stop();
    }
  }, 60_000);

  it('finishes in-flight requests on SIGTERM, then exits 0', async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'taya-sigterm-')),
      WEB_DIST: path.join(tmpdir(), 'taya-no-web-build'),
    };
    if (testDatabaseUrl) env.DATABASE_URL = testDatabaseUrl;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      env,
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
    // Migrations and seeds on an empty embedded database, on a machine busy with other tests.
    const deadline = Date.now() + 100_000;
    try {
      while (!out.includes('Taya is listening')) {
        if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const before = await fetch(`http://127.0.0.1:${port}/wps/system/status`);
      expect(before.status).toBe(200);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(out).toContain('stopped cleanly');
    } finally {
      // A start that failed or timed out leaves no server behind.
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }, 120_000);

  it('lets a request in flight finish before the database closes', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    const t = await createTestApp({
      beforeReady: (app) => {
        app.get('/wps/test/slow', { config: { access: 'public' } }, async () => {
          entered();
          await gate;
          // The database is still open while the request finishes.
          const status = await app.services.system.status({
            ip: '127.0.0.1',
            country: null,
            merchantHeader: undefined,
            host: undefined,
          });
          return { success: true, value: status.status };
        });
      },
    });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const pending = fetch(`${address}/wps/test/slow`).then(async (r) => ({
      code: r.status,
      body: await r.json(),
    }));
    await inside;
    const closing = t.close();
    // New requests are refused while closing; the one in flight is not.
    setTimeout(release, 200);
    await closing;
    expect(await pending).toEqual({ code: 200, body: { success: true, value: 0 } });
  }, 60_000);
});
