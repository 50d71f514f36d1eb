import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config';
import { seedsFor } from '../../db/seeds';
import { operatorsDemoSeed } from './seed';

describe('demo operators', () => {
  it('are seeded in development only, never in production', () => {
    expect(seedsFor({ seedDemo: true })).toContain(operatorsDemoSeed);
    expect(seedsFor({ seedDemo: false }).some((s) => s.name.startsWith('operators/'))).toBe(false);
    const production = loadConfig({
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
    });
    expect(seedsFor(production).some((s) => s.name.startsWith('operators/'))).toBe(false);
  });
});
