import { parseArgs } from 'node:util';
import { operatorRoles, type OperatorRole } from '@taya/contracts';
import { OperatorService } from './modules/operators';
import { AuditLog } from './platform/audit';
import { SessionStore } from './platform/auth/sessions';
import { ConfigError, loadConfig } from './platform/config';
import { openDatabase } from './platform/db';
import { SecretBox } from './platform/secret-box';
import { databaseOptions } from './server';

/**
 * `npm run operator:create -- --username X --merchant TYPH [--merchant TYMM | --merchant all]
 * [--role admin] [--allow-ip 203.0.113.0/24]`: creates an operator on the server's database
 * (DATABASE_URL, else the embedded one in DATA_DIR, ./data by default; stop a server using the
 * embedded one first) and prints its one-time enrolment link and authenticator URI.
 */
const usage =
  'usage: npm run operator:create -- --username <name> --merchant <CODE|all> [--merchant …] ' +
  `[--role ${operatorRoles.join('|')}] [--allow-ip <address or CIDR>]…`;

function fail(message: string): never {
  process.stderr.write(`${message}\n${usage}\n`);
  process.exit(64); // EX_USAGE
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        username: { type: 'string' },
        merchant: { type: 'string', multiple: true },
        role: { type: 'string', default: 'admin' },
        'allow-ip': { type: 'string', multiple: true },
      },
      strict: true,
    });
  } catch (err) {
    return fail((err as Error).message);
  }
})();

if (!values.username || !/^[a-z][a-z0-9_]{2,31}$/.test(values.username))
  fail('--username: lower-case letters, digits and _, 3 to 32, a letter first');
if (!operatorRoles.includes(values.role as OperatorRole))
  fail(`--role: one of ${operatorRoles.join(', ')}`);
const merchantArgs = (values.merchant ?? []).flatMap((m) => m.split(',')).filter(Boolean);
if (merchantArgs.length === 0) fail('--merchant: a merchant code, or all');
const merchants = merchantArgs.some((m) => m.toLowerCase() === 'all')
  ? null
  : merchantArgs.map((m) => m.toUpperCase());

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) fail(err.message);
  throw err;
}

const database = await openDatabase(databaseOptions(config));
try {
  await database.migrate();
  const service = new OperatorService(
    database.db,
    new SessionStore(database.db, {
      idleMinutes: config.sessionIdleMinutes,
      maxHours: config.sessionMaxHours,
    }),
    new SecretBox(config.secretsKey),
    new AuditLog(database.db),
  );
  const created = await service.create({
    username: values.username!,
    role: values.role as OperatorRole,
    merchants,
    ipAllowList: values['allow-ip'] ?? null,
  });
  const link = `${config.publicUrl.replace(/\/$/, '')}/console/enrol?token=${created.enrolToken}`;
  process.stdout.write(
    [
      `Operator ${created.username} (${values.role}, ${merchants ? merchants.join(', ') : 'every merchant'}) created.`,
      `One-time enrolment link (valid ${service.policy.enrolHours} h):`,
      `  ${link}`,
      'Authenticator (scan as a QR code, or type the secret):',
      `  ${created.otpauthUri}`,
      `  secret: ${created.secret}`,
      '',
    ].join('\n'),
  );
} catch (err) {
  process.stderr.write(`operator:create failed: ${(err as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
