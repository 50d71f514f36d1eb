/**
 * The error-code catalogue. Every failure the API returns carries one of these codes; the web app
 * turns the code into the reader's language. Codes that the original front end already knows
 * (see API-NOTES) keep their spelling; the rest are snake_case.
 */
export const errorCatalogue = {
  request_param_err: { status: 400, message: 'Some request fields are invalid' },
  request_body_required: { status: 400, message: 'A request body is required' },
  invalid_json: { status: 400, message: 'The request body is not valid JSON' },
  captcha_required: { status: 400, message: 'Please enter the captcha' },
  captcha_invalid: { status: 400, message: 'The captcha is wrong or has expired' },
  invitation_code_error: { status: 400, message: 'Invalid invitation code' },
  verification_code_invalid: { status: 400, message: 'Invalid or expired verification code' },
  encryption_required: { status: 400, message: 'This call needs a sealed (encrypted) body' },
  decryption_failed: { status: 400, message: 'The sealed body could not be opened' },
  request_expired: { status: 400, message: 'The request is too old; check the device clock' },
  'login.failed': { status: 401, message: 'Incorrect username or password' },
  'login.not.session': { status: 401, message: 'Please log in first' },
  'user.or.token.invalid': { status: 401, message: 'Your session has ended, please log in again' },
  CUSTOMER_NOT_LOGIN: { status: 401, message: 'Not logged in' },
  token_ip_different: {
    status: 401,
    message: 'Your session was opened elsewhere, please log in again',
  },
  // A game's own session (launch token, vendor or demo session), not the site's: it ends no login.
  game_session_invalid: { status: 401, message: 'This game link has expired or was already used' },
  forbidden: { status: 403, message: 'You are not allowed to do this' },
  'function.not.available': { status: 403, message: 'This function is not available' },
  in_need_true_account: { status: 403, message: 'Please register a real account to use this' },
  non_member_login: { status: 403, message: 'Non-member account unable to login' },
  non_agent_login: { status: 403, message: 'Non-agents cannot log in' },
  account_locked: {
    status: 403,
    message: 'Too many failed attempts: this account is locked for a while',
  },
  account_disabled: { status: 403, message: 'This account is disabled' },
  login_verify_required: { status: 403, message: 'Please complete verification first' },
  password_change_required: {
    status: 403,
    message: 'Please change your password before going on',
  },
  not_found: { status: 404, message: 'Not found' },
  round_not_found: { status: 404, message: 'No bet for this round' },
  method_not_allowed: { status: 405, message: 'Method not allowed' },
  conflict: { status: 409, message: 'The request conflicts with the current state' },
  chat_closed: { status: 409, message: 'This chat has ended' },
  contract_lower_rate: {
    status: 409,
    message: 'Agreeing ends downline contracts with a higher rate: confirm to go on',
  },
  contract_rate_above_upline: {
    status: 400,
    message: "A subordinate's rate cannot be higher than your own",
  },
  contract_needs_own: {
    status: 409,
    message: 'You need an active contract of this kind before offering one',
  },
  insufficient_funds: { status: 409, message: 'The balance is not enough' },
  lottery_closed: {
    status: 409,
    message: 'Betting on this draw has closed; bet on the next one',
  },
  lottery_limit_exceeded: {
    status: 409,
    message: 'This is more than one player may stake on this draw',
  },
  lottery_bet_invalid: {
    status: 400,
    message: 'This bet is not valid: check the bet type, numbers and stake',
  },
  lottery_same_operator: {
    status: 403,
    message: 'A second, different operator must confirm this result',
  },
  odds_changed: {
    status: 409,
    message: 'The odds have changed: check the new odds and place the bet again',
  },
  reward_out_of_stock: { status: 409, message: 'This reward is out of stock' },
  idempotency_conflict: {
    status: 409,
    message: 'This idempotency key was already used for a different request',
  },
  request_replayed: { status: 409, message: 'This request was already received' },
  username_taken: { status: 409, message: 'This username is already registered' },
  mobile_taken: { status: 409, message: 'This mobile number is already registered' },
  profile_field_locked: {
    status: 409,
    message: 'This detail is verified and can no longer be changed; contact customer service',
  },
  authenticator_code_invalid: { status: 400, message: 'The authenticator code is wrong' },
  authenticator_bound: { status: 409, message: 'An authenticator is already bound' },
  authenticator_not_bound: { status: 409, message: 'No authenticator is bound' },
  payload_too_large: { status: 413, message: 'The request body is too large' },
  upload_too_large: { status: 413, message: 'An image may be at most 5 MB' },
  upload_too_many: { status: 400, message: 'At most 3 images at a time' },
  unsupported_media_type: { status: 415, message: 'Unsupported content type' },
  upload_not_image: { status: 415, message: 'Only PNG or JPG images can be uploaded' },
  TOO_MANY_REQUESTS: { status: 429, message: 'Too many requests, please try again later' },
  internal_error: { status: 500, message: 'Something went wrong on our side' },
  maintenance: { status: 503, message: 'The site is under maintenance' },
  domain_not_available: { status: 503, message: 'This domain is not available' },
  service_unavailable: { status: 503, message: 'The service is temporarily unavailable' },
  vendor_maintenance: { status: 503, message: 'This game wallet is under maintenance' },
  game_maintenance: { status: 503, message: 'The game is under maintenance' },
  gaming_disabled: { status: 403, message: 'Gaming is switched off for this account or game' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

/** Codes after which the client must forget its session (API-NOTES: they end the session). */
export const sessionEndingCodes: readonly ErrorCode[] = [
  'login.not.session',
  'user.or.token.invalid',
  'CUSTOMER_NOT_LOGIN',
  'token_ip_different',
];

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(errorCatalogue, code);
}
