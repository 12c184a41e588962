import nodemailer from 'nodemailer';
import type { AppConfig } from '../../../context';

/** SMTP_URL, MAIL_FROM and PUBLIC_URL, as AppConfig.mail holds them. */
export type MailConfig = NonNullable<AppConfig['mail']>;

/** One message as the sender hands it to the transport. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  messageId: string;
}

/** What the sender needs of nodemailer's transport (one per process). */
export interface MailTransport {
  sendMail(mail: OutgoingMail): Promise<unknown>;
  close(): void;
}

/**
 * The process's one SMTP transport (nodemailer) on SMTP_URL: a small pool of connections kept
 * open between messages; every wait is bounded, so that a server that hangs fails the send (it
 * is retried later) instead of holding it.
 */
export function createMailTransport(smtpUrl: string): MailTransport {
  return nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 3,
    // A connection that closes while sending fails the message; the outbox retries it.
    maxRequeues: 0,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  });
}
