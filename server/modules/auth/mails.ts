import { sql } from 'drizzle-orm';
import { PRODUCT_NAME } from '../../../contract';
import type { Db } from '../../db/types';

/**
 * Account mails (issue 24): queued in the notifications' outbox (mail_outbox) with their address
 * (`to_address`) and their whole content, which the sender sends as written: not by a player's
 * notification settings, and with no unsubscribe link (they answer something done with that
 * address a moment before).
 */
export type AccountMailKind = 'signup-confirm' | 'signup-attempt';

/** A mail's subject and its two parts. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

export const ACCOUNT_MAIL_TEXTS = {
  confirmSubject: `Finish signing up to ${PRODUCT_NAME}`,
  confirmIntro: (username: string) =>
    `Someone (we hope you) signed up to ${PRODUCT_NAME} as "${username}" with this email address. Open the link below to finish: it works once, for 24 hours.`,
  confirmButton: 'Finish signing up',
  confirmIgnore: 'If it was not you, ignore this email: no account is made without the link.',
  attemptSubject: `Someone tried to sign up to ${PRODUCT_NAME} with your email`,
  attemptIntro: `Someone tried to sign up to ${PRODUCT_NAME} with this email address, which already has an account.`,
  attemptSignIn: 'If it was you, you already have an account: sign in instead.',
  attemptButton: 'Sign in',
  attemptIgnore: 'If it was not you, nothing changes: your account and its password stay as they are.',
  why: `You get this email because this address was entered on ${PRODUCT_NAME}'s sign-up form.`,
} as const;

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const BUTTON =
  'display:inline-block;padding:10px 18px;background:#4d7c0f;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600';

function accountMail(subject: string, lines: string[], link: { label: string; url: string }, after: string) {
  const e = escapeHtml;
  const T = ACCOUNT_MAIL_TEXTS;
  const text = `${[...lines, `${link.label}: ${link.url}`, after].join('\n\n')}\n\n-- \n${PRODUCT_NAME}\n${T.why}\n`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(PRODUCT_NAME)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;${FONT};color:#18181b">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-size:14px;font-weight:700;color:#4d7c0f">${e(PRODUCT_NAME)}</p>
${lines.map((l) => `<p style="margin:0 0 12px;font-size:16px;line-height:1.5">${e(l)}</p>`).join('\n')}
<p style="margin:16px 0"><a href="${e(link.url)}" style="${BUTTON}">${e(link.label)}</a></p>
<p style="margin:0;color:#52525b;line-height:1.5">${e(after)}</p>
</div>
<p style="max-width:560px;margin:16px auto 0;font-size:12px;line-height:1.5;color:#71717a">${e(T.why)}</p>
</body></html>
`;
  return { subject, text, html };
}

/** The link that finishes a registration: /auth/confirm?token=... on PUBLIC_URL. */
export const confirmLink = (publicUrl: string, token: string) =>
  `${publicUrl}/auth/confirm?token=${encodeURIComponent(token)}`;

/** To the address of a new registration: the link that makes the account. */
export function signupConfirmMail(publicUrl: string, username: string, token: string): MailContent {
  const T = ACCOUNT_MAIL_TEXTS;
  return accountMail(
    T.confirmSubject,
    [T.confirmIntro(username)],
    { label: T.confirmButton, url: confirmLink(publicUrl, token) },
    T.confirmIgnore,
  );
}

/** To the owner of an address someone tried to register again: they can sign in; nothing changed. */
export function signupAttemptMail(publicUrl: string): MailContent {
  const T = ACCOUNT_MAIL_TEXTS;
  return accountMail(
    T.attemptSubject,
    [T.attemptIntro, T.attemptSignIn],
    { label: T.attemptButton, url: `${publicUrl}/auth` },
    T.attemptIgnore,
  );
}

/**
 * Queues an account mail in the outbox (the caller's transaction, if any): sent by the mail
 * sender like every other, to `to`. A confirmation names its registration: replaced or expired,
 * the registration takes its mail (and its link) with it.
 */
export async function queueAccountMail(
  db: Db,
  mail: {
    kind: AccountMailKind;
    to: string;
    content: MailContent;
    userId?: string | null;
    pendingRegistrationId?: string | null;
  },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO mail_outbox (user_id, pending_registration_id, to_address, kind, subject, text_body, html_body)
    VALUES (${mail.userId ?? null}, ${mail.pendingRegistrationId ?? null}, ${mail.to}, ${mail.kind},
            ${mail.content.subject}, ${mail.content.text}, ${mail.content.html})`);
}
