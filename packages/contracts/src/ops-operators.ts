import { z } from 'zod';
import { opsReason } from './ops-reason';
import { operatorRoles } from './operators';
import { opsPage } from './ops-players';

/**
 * Operator management (`/ops/operators`): list, create with a one-time enrolment link, change
 * role, merchants and address allow-list, disable or enable, reset the second factor. Every
 * write takes a reason; `operators.read` / `operators.write`.
 */
const reason = opsReason;
const merchantCode = z.string().regex(/^[A-Z0-9]{2,16}$/, 'A merchant code');
/** A merchant list, or null for every merchant. */
const merchantScope = z.array(merchantCode).min(1).max(50).nullable();
const allowEntry = z.union([z.cidrv4(), z.cidrv6(), z.ipv4(), z.ipv6()]);
const ipAllowList = z.array(allowEntry).max(50);

export const operatorStatuses = ['active', 'disabled'] as const;

export const opsOperatorQuery = z.strictObject({
  role: z.enum(operatorRoles).or(z.literal('')).optional(),
  merchant: z.string().max(16).optional(),
  status: z.enum(operatorStatuses).or(z.literal('')).optional(),
  q: z.string().max(64).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type OpsOperatorQuery = z.infer<typeof opsOperatorQuery>;

export const opsOperatorRow = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(operatorRoles),
  merchants: z.array(z.string()).nullable(),
  status: z.enum(operatorStatuses),
  enrolled: z.boolean(),
  /** When a pending enrolment link stops working (null once enrolled). */
  enrolExpiresAt: z.string().nullable(),
  ipAllowList: z.array(z.string()),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type OpsOperatorRow = z.infer<typeof opsOperatorRow>;
export const opsOperatorPage = opsPage(opsOperatorRow);
export type OpsOperatorPage = z.infer<typeof opsOperatorPage>;

export const opsOperatorIdParams = z.strictObject({ id: z.string().min(1).max(80) });

export const opsOperatorCreateBody = z.strictObject({
  username: z
    .string()
    .regex(/^[a-z][a-z0-9_]{2,31}$/, 'Lower-case letters, digits and _, 3 to 32, a letter first'),
  role: z.enum(operatorRoles),
  merchants: merchantScope,
  ipAllowList: ipAllowList.default([]),
  reason,
});
export type OpsOperatorCreateBody = z.input<typeof opsOperatorCreateBody>;

export const opsOperatorUpdateBody = z
  .strictObject({
    role: z.enum(operatorRoles).optional(),
    merchants: merchantScope.optional(),
    ipAllowList: ipAllowList.optional(),
    reason,
  })
  .refine((b) => b.role !== undefined || b.merchants !== undefined || b.ipAllowList !== undefined, {
    message: 'Nothing to change',
    path: ['role'],
  });
export type OpsOperatorUpdateBody = z.infer<typeof opsOperatorUpdateBody>;

export const opsOperatorReasonBody = z.strictObject({ reason });
export type OpsOperatorReasonBody = z.infer<typeof opsOperatorReasonBody>;

/** A one-time enrolment: the console link and the authenticator's URI (shown once). */
export const opsOperatorEnrolment = z.object({
  id: z.string(),
  username: z.string(),
  /** The console path with the token, `/console/enrol?token=…` (the console adds its origin). */
  enrolPath: z.string(),
  otpauthUri: z.string(),
  expiresAt: z.string(),
});
export type OpsOperatorEnrolment = z.infer<typeof opsOperatorEnrolment>;

export const opsOperatorStatusValue = z.object({
  id: z.string(),
  status: z.enum(operatorStatuses),
  /** Sessions ended by this call. */
  sessionsEnded: z.number().int(),
});
export type OpsOperatorStatusValue = z.infer<typeof opsOperatorStatusValue>;
