import { spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  developmentSecretsKey,
  isLoopbackClient,
  listensBeyondLoopback,
  loadConfig,
} from './config';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      env: 'development',
      port: 8080,
      // Development listens on this machine only; production on every interface.
      host: '127.0.0.1',
      databaseUrl: undefined,
      seedDemo: true,
      sandboxPublic: false,
      trustProxy: false,
    });
    expect(c.dataDir).toBe(path.resolve('data'));
  });

  it('names each bad variable', () => {
    expect(problems({ PORT: 'eighty' })[0]).toMatch(/^PORT:/);
    expect(problems({ PORT: '70000' })[0]).toMatch(/^PORT:/);
    expect(problems({ DATABASE_URL: 'mysql://x' })[0]).toMatch(/^DATABASE_URL: must be a postgres/);
    expect(problems({ LOG_LEVEL: 'loud' })[0]).toMatch(/^LOG_LEVEL:/);
    expect(problems({ TRUST_PROXY: 'yes please' })[0]).toMatch(/^TRUST_PROXY:/);
    expect(
      problems({ NODE_ENV: 'staging', PORT: 'x' })
        .map((p) => p.split(':')[0])
        .sort(),
    ).toEqual(['NODE_ENV', 'PORT']);
  });

  const production = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://taya.ph',
    SMS_GATEWAY_URL: 'https://sms.gateway.invalid/send',
    SMS_GATEWAY_KEY: 'k'.repeat(32),
    EMAIL_GATEWAY_URL: 'https://mail.gateway.invalid/send',
    EMAIL_GATEWAY_KEY: 'm'.repeat(32),
    ENCRYPTION_PRIVATE_KEY: generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString(),
    SECRETS_KEY: randomBytes(32).toString('base64'),
  };

  it('never seeds demo accounts in production', () => {
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(problems({ ...production, SEED_DEMO: 'true' })[0]).toMatch(/^SEED_DEMO:/);
  });

  it('refuses to start production on sandbox providers or without its public address', () => {
    expect(problems({ NODE_ENV: 'production' }).map((p) => p.split(':')[0])).toEqual([
      'SMS_GATEWAY_URL',
      'EMAIL_GATEWAY_URL',
      'ENCRYPTION_PRIVATE_KEY',
      'SECRETS_KEY',
      'PUBLIC_URL',
    ]);
    expect(problems({ ...production, SMS_GATEWAY_KEY: 'short' })[0]).toMatch(/^SMS_GATEWAY_KEY:/);
    expect(problems({ SMS_GATEWAY_URL: 'https://x.invalid' })[0]).toMatch(
      /^SMS_GATEWAY_KEY: set both/,
    );
  });

  it('takes a 32-byte secrets key, with a fixed one outside production', () => {
    const key = randomBytes(32);
    expect(loadConfig({ SECRETS_KEY: key.toString('base64') }).secretsKey.equals(key)).toBe(true);
    expect(loadConfig({}).secretsKey).toHaveLength(32);
    expect(loadConfig({}).secretsKey.equals(loadConfig({}).secretsKey)).toBe(true);
    expect(problems({ SECRETS_KEY: randomBytes(16).toString('base64') })[0]).toMatch(
      /^SECRETS_KEY:/,
    );
    expect(problems({ SECRETS_KEY: 'not base64 at all!' })[0]).toMatch(/^SECRETS_KEY:/);
  });

  it('listens everywhere in production by default, and never serves the sandbox there', () => {
    expect(loadConfig(production)).toMatchObject({ host: '0.0.0.0', sandboxPublic: false });
    expect(problems({ ...production, SANDBOX_PUBLIC: 'true' })[0]).toMatch(/^SANDBOX_PUBLIC:/);
  });

  it('refuses the public development secrets key on a server other machines reach', () => {
    const devKey = developmentSecretsKey.toString('base64');
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20', 'taya.lan']) {
      expect(problems({ HOST })[0], HOST).toMatch(/^SECRETS_KEY: the development key is public/);
      expect(problems({ HOST, SECRETS_KEY: devKey })[0], HOST).toMatch(/^SECRETS_KEY:/);
    }
    expect(problems({ ...production, SECRETS_KEY: devKey })[0]).toMatch(
      /^SECRETS_KEY: the development key is public/,
    );
    for (const HOST of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]']) {
      expect(problems({ HOST }), HOST).toEqual([]);
    }
    // Tests may listen anywhere with it.
    expect(problems({ NODE_ENV: 'test', HOST: '0.0.0.0' })).toEqual([]);
  });

  it('seeds the demo accounts on a non-loopback address only when opened on purpose', () => {
    const own = { HOST: '0.0.0.0', SECRETS_KEY: randomBytes(32).toString('base64') };
    expect(loadConfig(own)).toMatchObject({ seedDemo: false, sandboxPublic: false });
    expect(loadConfig({ ...own, SANDBOX_PUBLIC: 'true' })).toMatchObject({
      seedDemo: true,
      sandboxPublic: true,
    });
    expect(problems({ ...own, SEED_DEMO: 'true' })[0]).toMatch(/^SEED_DEMO:.*SANDBOX_PUBLIC/);
    expect(loadConfig({ ...own, SEED_DEMO: 'true', SANDBOX_PUBLIC: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('tells loopback clients from others by their own address', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) {
      expect(isLoopbackClient(a), a).toBe(true);
    }
    for (const a of [
      '203.0.113.5',
      '::ffff:203.0.113.5',
      '10.0.0.1',
      '::',
      '0.0.0.0',
      '',
      undefined,
    ]) {
      expect(isLoopbackClient(a), String(a)).toBe(false);
    }
    expect(listensBeyondLoopback('0.0.0.0')).toBe(true);
    expect(listensBeyondLoopback('localhost')).toBe(false);
  });

  it('parses a trusted proxy list', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });

  it('stops start-up with a message naming the variable', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      env: { ...process.env, PORT: 'not-a-port', NODE_ENV: 'development' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(78);
    expect(run.stderr).toContain('PORT:');
    expect(run.stderr).not.toMatch(/at .*\(.*:\d+:\d+\)/);
  });

  it('will not start listening beyond this machine with the development secrets key', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', HOST: '0.0.0.0' };
    delete env.SECRETS_KEY;
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      env,
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(78);
    expect(run.stderr).toContain('SECRETS_KEY: the development key is public');
    expect(run.stderr).toContain('HOST=0.0.0.0');
  });
});
