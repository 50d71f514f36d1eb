import { randomUUID } from 'node:crypto';
import type { Db } from '../db';
import { providerOutbox } from './schema';

export interface OutgoingSms {
  /** E.164, e.g. "+639171234567". */
  to: string;
  body: string;
  meta?: Record<string, unknown>;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  body: string;
  meta?: Record<string, unknown>;
}

export interface SmsProvider {
  readonly name: string;
  send(message: OutgoingSms): Promise<void>;
}

export interface EmailProvider {
  readonly name: string;
  send(message: OutgoingEmail): Promise<void>;
}

/** Records what it would send in the outbox table; nothing leaves the machine. */
export class SandboxSmsProvider implements SmsProvider {
  readonly name = 'sandbox';
  constructor(private readonly db: Db) {}
  async send(message: OutgoingSms): Promise<void> {
    await this.db.insert(providerOutbox).values({
      id: randomUUID(),
      channel: 'sms',
      destination: message.to,
      subject: null,
      body: message.body,
      meta: message.meta ?? {},
    });
  }
}

export class SandboxEmailProvider implements EmailProvider {
  readonly name = 'sandbox';
  constructor(private readonly db: Db) {}
  async send(message: OutgoingEmail): Promise<void> {
    await this.db.insert(providerOutbox).values({
      id: randomUUID(),
      channel: 'email',
      destination: message.to.toLowerCase(),
      subject: message.subject,
      body: message.body,
      meta: message.meta ?? {},
    });
  }
}

/**
 * A generic HTTP gateway: POSTs JSON to the configured URL with a bearer key. Most SMS and
 * e-mail gateways of the region accept this shape or sit behind a relay that does.
 */
export class HttpGateway implements SmsProvider, EmailProvider {
  readonly name = 'http';
  constructor(
    private readonly url: string,
    private readonly apiKey: string,
    private readonly timeoutMs = 10_000,
  ) {}
  async send(message: OutgoingSms | OutgoingEmail): Promise<void> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.apiKey}` },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!res.ok) throw new Error(`gateway answered ${res.status}`);
  }
}

export interface Providers {
  sms: SmsProvider;
  email: EmailProvider;
}
