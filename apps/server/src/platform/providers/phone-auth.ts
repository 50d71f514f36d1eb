import { createRemoteJWKSet, jwtVerify, SignJWT, type JWTVerifyGetKey } from 'jose';

/**
 * An outside phone-auth channel (SPEC §3: firebaseChannel / firebaseIdToken): the client proves
 * the phone with the channel's own SMS, and hands us an ID token naming the verified number.
 */
export interface PhoneAuthVerifier {
  readonly name: string;
  /** The verified number in E.164, or null when the token is not good. */
  verify(idToken: string): Promise<string | null>;
}

/** Firebase Authentication ID tokens: RS256, issued for the project, `phone_number` claim. */
export class FirebasePhoneAuth implements PhoneAuthVerifier {
  readonly name = 'firebase';
  private readonly keys: JWTVerifyGetKey;

  constructor(
    private readonly projectId: string,
    jwksUrl = 'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com',
  ) {
    this.keys = createRemoteJWKSet(new URL(jwksUrl));
  }

  async verify(idToken: string): Promise<string | null> {
    try {
      const { payload } = await jwtVerify(idToken, this.keys, {
        issuer: `https://securetoken.google.com/${this.projectId}`,
        audience: this.projectId,
        algorithms: ['RS256'],
      });
      return typeof payload.phone_number === 'string' ? payload.phone_number : null;
    } catch {
      return null;
    }
  }
}

/**
 * Offline stand-in: accepts tokens it signed itself (HS256), so the whole flow runs and is
 * tested without the outside service.
 */
export class SandboxPhoneAuth implements PhoneAuthVerifier {
  readonly name = 'sandbox';
  private readonly secret: Uint8Array;
  static readonly issuer = 'taya-sandbox-phone-auth';

  constructor(secret: string) {
    this.secret = new TextEncoder().encode(secret);
  }

  async issueFor(phoneNumber: string): Promise<string> {
    return new SignJWT({ phone_number: phoneNumber })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(SandboxPhoneAuth.issuer)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(this.secret);
  }

  async verify(idToken: string): Promise<string | null> {
    try {
      const { payload } = await jwtVerify(idToken, this.secret, {
        issuer: SandboxPhoneAuth.issuer,
        algorithms: ['HS256'],
      });
      return typeof payload.phone_number === 'string' ? payload.phone_number : null;
    } catch {
      return null;
    }
  }
}
