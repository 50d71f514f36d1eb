import { z } from 'zod';

/**
 * The operator realm: back-office accounts with one role each and a merchant scope. What a role
 * may do is one table (`operatorRolePermissions`); every `/ops` route names the action it needs
 * and the server's guard refuses a role that lacks it. A console reads the same table to hide
 * what a role cannot do.
 */
export const operatorRoles = [
  'admin',
  'finance',
  'risk',
  'support',
  'content',
  'lottery',
  'read_only',
] as const;
export type OperatorRole = (typeof operatorRoles)[number];

/** Every action an `/ops` route may require. Reads end in `.read` (GET routes need one). */
export const operatorActions = [
  /** The operator's own session: who am I, my sessions, log-out. Every role has it. */
  'session.read',
  'session.write',
  'uploads.read',
  'players.read',
  'players.write',
  /** Manual balance adjustments and bonus grants (above the threshold they wait for approval). */
  'players.adjust',
  /** Four-eyes approvals: see them, approve or reject another operator's request. */
  'approvals.read',
  'approvals.review',
  'agents.read',
  'agents.write',
  'cashier.deposits.read',
  'cashier.deposits.approve',
  'cashier.withdrawals.read',
  'cashier.withdrawals.approve',
  'games.read',
  'games.write',
  /** The house originals' limits and return to player. */
  'games.originals.write',
  'games.rounds.void',
  /** Running cockfights: arenas' settings, fights opened, closed and resulted. */
  'cockfight.run',
  /** The sportsbook's trading: fixtures and markets by hand, odds, suspensions, results. */
  'sports.trade',
  'lottery.read',
  'lottery.results.write',
  'lottery.issues.cancel',
  'promotions.read',
  'promotions.write',
  'promotions.applications.review',
  'points.read',
  'points.redemptions.approve',
  'content.read',
  'content.write',
  'support.read',
  'support.write',
  'system.read',
  'system.write',
  'operators.read',
  'operators.write',
  'audit.read',
] as const;
export type OperatorAction = (typeof operatorActions)[number];

export const isReadAction = (action: OperatorAction) => action.endsWith('.read');

const reads = operatorActions.filter(isReadAction);
const self: OperatorAction[] = ['session.read', 'session.write', 'uploads.read'];

/** Role → the actions it may take. */
export const operatorRolePermissions: Record<OperatorRole, readonly OperatorAction[]> = {
  admin: operatorActions,
  finance: [
    ...self,
    'players.read',
    'players.adjust',
    'approvals.read',
    'approvals.review',
    'agents.read',
    'agents.write',
    'cashier.deposits.read',
    'cashier.deposits.approve',
    'cashier.withdrawals.read',
    'cashier.withdrawals.approve',
    'points.read',
    'points.redemptions.approve',
    'promotions.read',
    'games.read',
  ],
  risk: [
    ...self,
    'players.read',
    'players.write',
    'approvals.read',
    'agents.read',
    'cashier.deposits.read',
    'cashier.withdrawals.read',
    'games.read',
    'games.rounds.void',
    'system.read',
    'system.write',
    'audit.read',
  ],
  support: [
    ...self,
    'players.read',
    'support.read',
    'support.write',
    'content.read',
    'cashier.deposits.read',
    'cashier.withdrawals.read',
    'promotions.read',
  ],
  content: [
    ...self,
    'content.read',
    'content.write',
    'promotions.read',
    'promotions.write',
    'promotions.applications.review',
    'points.read',
  ],
  lottery: [
    ...self,
    'lottery.read',
    'lottery.results.write',
    'lottery.issues.cancel',
    'games.read',
    'cockfight.run',
    'sports.trade',
  ],
  read_only: [...new Set<OperatorAction>([...reads, 'session.write'])],
};

export const roleMay = (role: OperatorRole, action: OperatorAction) =>
  operatorRolePermissions[role].includes(action);

const username = z
  .string()
  .regex(/^[a-z][a-z0-9_]{2,31}$/, 'Lower-case letters, digits and _, 3 to 32, a letter first');
const totpCode = z.string().regex(/^\d{6}$/, 'Six digits');
const merchantCode = z.string().regex(/^[A-Z0-9]{2,16}$/);

/** One body, both factors: what a browser form posts in one go. */
export const operatorLoginRequest = z.strictObject({
  username,
  password: z.string().min(1).max(128),
  code: totpCode,
  /** The merchant to work on; defaults to the first of the operator's scope. */
  merchantCode: merchantCode.optional(),
});
export type OperatorLoginRequest = z.infer<typeof operatorLoginRequest>;

export const operatorMe = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(operatorRoles),
  permissions: z.array(z.enum(operatorActions)),
  /** The merchants the operator may see; null is every merchant. */
  merchants: z.array(z.string()).nullable(),
  /** The merchant this session works on. */
  merchantCode: z.string(),
  sessionExpiresAt: z.string(),
});
export type OperatorMe = z.infer<typeof operatorMe>;

export const operatorLoginValue = z.object({
  token: z.string(),
  expiresAt: z.string(),
  operator: operatorMe,
});
export type OperatorLoginValue = z.infer<typeof operatorLoginValue>;

export const operatorSessionRow = z.object({
  id: z.string(),
  operatorId: z.string(),
  username: z.string(),
  ip: z.string().nullable(),
  device: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export const operatorSessionList = z.array(operatorSessionRow);
export type OperatorSessionRow = z.infer<typeof operatorSessionRow>;

export const enrolToken = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/);
export const operatorEnrolInfo = z.object({
  username: z.string(),
  /** Base32 TOTP secret, shown until enrolment completes. */
  secret: z.string(),
  otpauthUri: z.string(),
});
export type OperatorEnrolInfo = z.infer<typeof operatorEnrolInfo>;

export const operatorPassword = z
  .string()
  .min(10, 'At least 10 characters')
  .max(128)
  .regex(/[a-z]/, 'A lower-case letter')
  .regex(/[A-Z]/, 'An upper-case letter')
  .regex(/[0-9]/, 'A digit');

export const operatorEnrolRequest = z.strictObject({
  token: enrolToken,
  password: operatorPassword,
  /** A code from the authenticator app, proving the secret was saved. */
  code: totpCode,
});
export type OperatorEnrolRequest = z.infer<typeof operatorEnrolRequest>;

const isoDate = z.iso.datetime({ offset: true });

export const auditQuery = z.strictObject({
  actor: z.string().max(64).optional(),
  action: z.string().max(64).optional(),
  targetType: z.string().max(64).optional(),
  targetId: z.string().max(128).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditEntry = z.object({
  id: z.string(),
  seq: z.number().int(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorUsername: z.string().nullable(),
  actorRole: z.string().nullable(),
  merchantCode: z.string().nullable(),
  address: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  prevHash: z.string(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditPage = z.object({
  rows: z.array(auditEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const auditVerifyValue = z.object({
  ok: z.boolean(),
  checked: z.number().int(),
  /** The first row that breaks the chain: its hash, its link to the previous row, or a gap. */
  firstBad: z
    .object({
      seq: z.number().int(),
      id: z.string().nullable(),
      problem: z.enum(['hash', 'link', 'missing']),
    })
    .nullable(),
});
export type AuditVerifyValue = z.infer<typeof auditVerifyValue>;
