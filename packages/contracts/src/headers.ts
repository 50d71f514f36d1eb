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
