/** Request headers every call may carry (API-NOTES, Transport). Node lower-cases header names. */
export const requestHeaders = {
  merchant: 'merchant',
  device: 'device',
  language: 'language',
  authorization: 'authorization',
} as const;

export const deviceKinds = ['WEB', 'H5', 'IOS', 'ANDROID'] as const;
export type DeviceKind = (typeof deviceKinds)[number];

/** The request id header the server echoes on every answer. */
export const requestIdHeader = 'x-request-id';

/**
 * The client's key of a money command (withdrawal, deposit order, transfer): a repeat with the
 * same key and body gets the first answer, and nothing moves again. Kept until the command
 * succeeds or is definitely refused, so a retry after a lost answer is safe.
 */
export const idempotencyKeyHeader = 'idempotency-key';
/** 8–100 characters of `A-Z a-z 0-9 _ - : .` (a UUID fits). */
export const idempotencyKeyPattern = /^[A-Za-z0-9_\-:.]{8,100}$/;
