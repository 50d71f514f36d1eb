import { z } from 'zod';
import { fieldRuleSchema } from './registration';

/**
 * The security centre ("my account", SPEC §2 securityCenter): profile details, contact channels
 * bound with a code, passwords, the authenticator, recent log-ins and the record of changes.
 */

/** §3 profile fields a member edits in the security centre, each under the merchant's rule. */
export const profileFields = [
  'nickname',
  'fullname',
  'birthday',
  'addressPermanent',
  'addressCurrent',
  'nationality',
  'occupation',
  'incomeSource',
  'placeOfBirth',
  'idNumber',
  'zalo',
  'telegram',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'qqNum',
] as const;
export type ProfileField = (typeof profileFields)[number];

/** Identity facts that must not change once they are on file (they tie the account to a person). */
export const lockedOnceSetFields = [
  'fullname',
  'birthday',
  'idNumber',
] as const satisfies readonly ProfileField[];

export const profileFieldSchema = z.object({
  field: z.enum(profileFields),
  /** The stored value; a locked ID number is shown masked. Null when not given. */
  value: z.string().nullable(),
  /** Null when the member may change it; otherwise why not. */
  lockedReason: z.enum(['verified']).nullable(),
  rule: fieldRuleSchema,
});
export type ProfileFieldEntry = z.infer<typeof profileFieldSchema>;

/** GET /wps/member/profile: the fields the merchant enables, in `profileFields` order. */
export const profileSchema = z.object({ fields: z.array(profileFieldSchema) });
export type Profile = z.infer<typeof profileSchema>;

/**
 * PUT /wps/member/profile: only the fields sent change; an empty string clears a field the rules
 * do not require. A locked field is refused (`profile_field_locked`), even with its own value.
 */
export const profileUpdateSchema = z.strictObject(
  Object.fromEntries(profileFields.map((f) => [f, z.string().trim().max(200).optional()])) as {
    [K in ProfileField]: z.ZodOptional<z.ZodString>;
  },
);
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/** GET /wps/member/security: what is bound, masked. */
export const securityOverviewSchema = z.object({
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  countryDialingCode: z.string().nullable(),
  paymentPasswordSet: z.boolean(),
  loginPasswordChangedAt: z.string().nullable(),
  authenticator: z.object({
    bound: z.boolean(),
    boundAt: z.string().nullable(),
    recoveryCodesLeft: z.number().int(),
  }),
});
export type SecurityOverview = z.infer<typeof securityOverviewSchema>;

const dialingCode = z
  .string()
  .regex(/^\+?\d{1,4}$/, 'a country dialing code such as +63')
  .optional();
const mobileNumber = z
  .string()
  .trim()
  .regex(/^[0-9 ]{6,20}$/, 'digits only');
const code = z.string().trim().min(4).max(12);
/** The current log-in password: needed to replace a channel that is already bound. */
const currentPassword = z.string().trim().min(1).max(128).optional();

/** POST /wps/member/security/email/code: a code to the new address. */
export const emailCodeBodySchema = z.strictObject({ email: z.email().max(100) });
/** PUT /wps/member/security/email. */
export const bindEmailBodySchema = z.strictObject({
  email: z.email().max(100),
  verificationCode: code,
  password: currentPassword,
});
/** POST /wps/member/security/mobile/code: a code to the new number. */
export const mobileCodeBodySchema = z.strictObject({
  mobileNum: mobileNumber,
  countryDialingCode: dialingCode,
});
/** PUT /wps/member/security/mobile. */
export const bindMobileBodySchema = z.strictObject({
  mobileNum: mobileNumber,
  countryDialingCode: dialingCode,
  verificationCode: code,
  password: currentPassword,
});
/** What a code request answers: its lifetime (the resend countdown) and where it went, masked. */
export const codeSentSchema = z.object({
  expiredMinutes: z.number().int(),
  destination: z.string(),
});
export type CodeSent = z.infer<typeof codeSentSchema>;

/**
 * PUT /wps/member/security/payment-password (sealed). Setting the first one needs nothing more;
 * changing it needs the old one or a code sent by POST /wps/member/security/payment-password/code
 * to the bound mobile.
 */
export const paymentPasswordBodySchema = z.strictObject({
  oldPaymentPassword: z.string().trim().max(32).optional(),
  verificationCode: code.optional(),
  newPaymentPassword: z.string().trim().min(1).max(32),
  confirmNewPaymentPassword: z.string().trim().min(1).max(32),
});
export type PaymentPasswordBody = z.input<typeof paymentPasswordBodySchema>;

/** POST /wps/member/security/authenticator/setup: a new secret, pending until bound. */
export const authenticatorSetupSchema = z.object({
  /** RFC 4648 base32, for typing into the app by hand. */
  secret: z.string(),
  /** otpauth://totp/… for the QR code (SHA-1, 6 digits, 30 s). */
  otpauthUri: z.string(),
});
export type AuthenticatorSetup = z.infer<typeof authenticatorSetupSchema>;

/** A six-digit authenticator code, or (for unbinding and log-in) a recovery code. */
export const authenticatorCodeBodySchema = z.strictObject({
  code: z.string().trim().min(6).max(20),
});
/** POST …/authenticator/bind and …/recovery-codes: ten single-use codes, shown this once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** GET /wps/member/logins: the account's recent log-ins, newest first. */
export const loginEntrySchema = z.object({
  id: z.string(),
  ip: z.string().nullable(),
  device: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  status: z.enum(['active', 'ended', 'revoked']),
  current: z.boolean(),
});
export type LoginEntry = z.infer<typeof loginEntrySchema>;

export const accountChangeKinds = [
  'profile',
  'icon',
  'email',
  'mobile',
  'login_password',
  'payment_password',
  'authenticator_bound',
  'authenticator_unbound',
  'recovery_codes',
  'recovery_code_used',
  'session_revoked',
] as const;
export type AccountChangeKind = (typeof accountChangeKinds)[number];

/** One changed field: values for plain details (masked for contact channels), never for secrets. */
export const changedFieldSchema = z.object({
  field: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type ChangedField = z.infer<typeof changedFieldSchema>;

/** GET /wps/member/security/changes: the record of every change to the account, newest first. */
export const accountChangeSchema = z.object({
  id: z.string(),
  kind: z.enum(accountChangeKinds),
  changes: z.array(changedFieldSchema),
  ip: z.string().nullable(),
  device: z.string().nullable(),
  createdAt: z.string(),
});
export type AccountChange = z.infer<typeof accountChangeSchema>;
export const accountChangesPageSchema = z.object({
  list: z.array(accountChangeSchema),
  total: z.number().int(),
  hasMore: z.boolean(),
});
export const accountChangesQuerySchema = z.strictObject({
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** SPEC §4 extra proofs for a log-in from a new address; `totp` also takes a recovery code. */
export const loginVerificationMethods = ['sms', 'email', 'totp', 'bank_name'] as const;
export type LoginVerificationMethod = (typeof loginVerificationMethods)[number];
