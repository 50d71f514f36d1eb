import { spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
      host: '0.0.0.0',
      databaseUrl: undefined,
      seedDemo: true,
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
});
