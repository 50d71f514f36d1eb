import { z } from 'zod';
import { avatarIds } from './avatars';

/** Names are trimmed before any rule applies (SPEC §5: inputs are trimmed). */
const trimmed = (max: number) => z.string().trim().min(1).max(max);

export const loginTypes = ['username', 'sms'] as const;

/**
 * POST /wps/session/login. For type "sms" the username is the mobile number and the password the
 * code sent to it. `captcha` answers the image from GET /wps/captcha once the server asks for it.
 */
export const loginBodySchema = z.strictObject({
  username: trimmed(64),
  /** Trimmed too (SPEC §5); the password rules allow no edge spaces, so no password loses any. */
  password: z.string().trim().min(1).max(128),
  captcha: z.string().trim().max(16).optional(),
  type: z.enum(loginTypes).default('username'),
  /** Which side of the site: the member site, or the agent back office (/agent). */
  portal: z.enum(['member', 'agent']).default('member'),
  countryDialingCode: z
    .string()
    .regex(/^\+?\d{1,4}$/)
    .optional(),
  loginDeviceId: z.string().max(128).optional(),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const loginValueSchema = z.object({
  token: z.string(),
  id: z.string(),
  userName: z.string(),
  customerType: z.number().int(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
});
export type LoginValue = z.infer<typeof loginValueSchema>;

/** Extra facts a failed login may carry: `captcha: true` tells the client to show the captcha. */
export const loginFailureValueSchema = z.object({ captcha: z.boolean() }).nullable();

/** PUT /wps/member/register (by username). Fields outside the merchant's rules are refused. */
export const registerBodySchema = z.strictObject({
  username: z.string().trim().max(64),
  password: z.string().trim().max(128),
  confirmPassword: z.string().trim().max(128),
  paymentPassword: z.string().max(32).optional(),
  payeeName: z.string().trim().max(100).optional(),
  email: z.string().trim().max(100).optional(),
  mobileNum: z.string().trim().max(20).optional(),
  countryDialingCode: z
    .string()
    .regex(/^\+?\d{1,4}$/)
    .optional(),
  verificationCode: z.string().trim().max(255).optional(),
  /** The outside phone-auth channel (off unless the operator turns it on). */
  firebaseChannel: z.literal('sms').optional(),
  firebaseIdToken: z.string().max(4096).optional(),
  qqNum: z.string().trim().max(30).optional(),
  line: z.string().trim().max(60).optional(),
  whatsapp: z.string().trim().max(30).optional(),
  facebook: z.string().trim().max(100).optional(),
  wechat: z.string().trim().max(60).optional(),
  idNumber: z.string().trim().max(40).optional(),
  recommenderId: z.string().trim().max(40).optional(),
  affiliateCode: z.string().trim().max(40).optional(),
  referralCode: z.string().trim().max(40).optional(),
  captcha: z.string().trim().max(16).optional(),
  birthday: z.iso.date().optional(),
  domain: z.string().max(255).optional(),
  registerUrl: z.string().max(2000).optional(),
  registerMethod: z.literal('WEB').default('WEB'),
  loginDeviceId: z.string().max(128).optional(),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

/** GET /wps/member/info. */
export const memberInfoSchema = z.object({
  id: z.string(),
  account: z.string(),
  nickname: z.string().nullable(),
  type: z.number().int(),
  regDate: z.number().int(),
  mobile: z.string().nullable(),
  clubLabel: z.object({ labelName: z.string() }).nullable(),
  icon: z.string().nullable(),
});
export type MemberInfo = z.infer<typeof memberInfoSchema>;

/** GET /wps/captcha → a base64 PNG; the answer stays on the server, bound to this client. */
export const captchaValueSchema = z.string();

/** POST /wps/session/login/freeplay. */
export const freePlayBodySchema = z.strictObject({
  os: z.string().max(40).optional(),
  platform: z.string().max(10).optional(),
  loginDeviceId: z.string().max(128).optional(),
});

export const changePasswordBodySchema = z.strictObject({
  oldPassword: z.string().trim().min(1).max(128),
  newPassword: z.string().trim().min(1).max(128),
  confirmNewPassword: z.string().trim().min(1).max(128),
});

export const setIconBodySchema = z.strictObject({
  icon: z.string().refine((v) => avatarIds.includes(v), 'one of the offered avatars'),
});

export const sessionEntrySchema = z.object({
  id: z.string(),
  ip: z.string().nullable(),
  device: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
