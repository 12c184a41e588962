import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_TEXTS,
  type Notification,
  PRODUCT_NAME,
} from '../../../../contract';
import { type MailKind, unsubscribePath as unsubscribePathOf } from './unsubscribe';

/** A mail's subject and its two parts (plain text and HTML). */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** Where a mail's links lead: the site's public address and the mail's own unsubscribe link. */
export interface MailLinks {
  /** PUBLIC_URL, without a trailing slash. */
  publicUrl: string;
  /** Absolute: PUBLIC_URL + the signed unsubscribe path. */
  unsubscribeUrl: string;
}

/** A digest lists this many entries, and says how many more there are. */
export const DIGEST_MAX_ENTRIES = 20;

export const MAIL_TEXTS = {
  open: `Open on ${PRODUCT_NAME}`,
  seeAll: 'See your notifications',
  gone: 'What this was about is no longer on the site.',
  digestSubject: (count: number) => `${count} new notification${count === 1 ? '' : 's'} on ${PRODUCT_NAME}`,
  digestIntro: `Here is what you have not read on ${PRODUCT_NAME} since your last digest:`,
  digestMore: (count: number) => `And ${count} more.`,
  digestLabel: 'Daily digest',
  why: (label: string) =>
    `You get this email because "${label}" is set to email in your notification settings.`,
  whyDigest: 'You get this email because you asked for a daily digest of what you have not read.',
  unsubscribe: 'Unsubscribe from these emails',
  settings: 'Notification settings',
} as const;

/** What an unsubscribe link stops, as the settings name it. */
export const mailKindLabel = (kind: MailKind) =>
  kind === 'digest' ? MAIL_TEXTS.digestLabel : NOTIFICATION_KIND_LABELS[kind];

/** Everything from users (and every other text) goes into the HTML part through this. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** An entry's link made absolute on PUBLIC_URL (only a path of the web app is taken), or null. */
export function absoluteLink(publicUrl: string, path: string | null): string | null {
  return path && /^\/(?!\/)/.test(path) ? `${publicUrl}${path}` : null;
}

/** One line, at most `max` characters (a subject). */
const oneLine = (value: string, max = 150) => {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const BUTTON =
  'display:inline-block;padding:10px 18px;background:#4d7c0f;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600';

/** The HTML frame every mail shares: the site's name on top, the body, then why it came and how to stop it. */
function htmlFrame(body: string, why: string, links: MailLinks): string {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(PRODUCT_NAME)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;${FONT};color:#18181b">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-size:14px;font-weight:700;color:#4d7c0f">${e(PRODUCT_NAME)}</p>
${body}
</div>
<p style="max-width:560px;margin:16px auto 0;font-size:12px;line-height:1.5;color:#71717a">${e(why)}<br>
<a href="${e(links.unsubscribeUrl)}" style="color:#71717a">${e(MAIL_TEXTS.unsubscribe)}</a> ·
<a href="${e(`${links.publicUrl}/settings`)}" style="color:#71717a">${e(MAIL_TEXTS.settings)}</a></p>
</body></html>
`;
}

const textFooter = (why: string, links: MailLinks) =>
  `-- \n${PRODUCT_NAME}\n${why}\n${MAIL_TEXTS.unsubscribe}: ${links.unsubscribeUrl}\n${MAIL_TEXTS.settings}: ${links.publicUrl}/settings\n`;

/** The mail of one entry: its sentence, its excerpt, and a link to the thing (or to the list when it is gone). */
export function notificationMail(entry: Notification, links: MailLinks): MailContent {
  const e = escapeHtml;
  const link = absoluteLink(links.publicUrl, entry.url);
  const target = link ?? `${links.publicUrl}/notifications`;
  const action = link ? MAIL_TEXTS.open : MAIL_TEXTS.seeAll;
  const why = MAIL_TEXTS.why(NOTIFICATION_KIND_LABELS[entry.kind]);
  const text = `${[
    entry.text,
    entry.excerpt ? `"${entry.excerpt}"` : null,
    entry.gone ? MAIL_TEXTS.gone : null,
    `${action}: ${target}`,
  ]
    .filter(Boolean)
    .join('\n\n')}\n\n${textFooter(why, links)}`;
  const body = [
    `<p style="margin:0 0 12px;font-size:16px;line-height:1.5">${e(entry.text)}</p>`,
    entry.excerpt
      ? `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #d4d4d8;color:#52525b">${e(entry.excerpt)}</blockquote>`
      : null,
    entry.gone ? `<p style="margin:0 0 16px;color:#71717a">${e(MAIL_TEXTS.gone)}</p>` : null,
    `<p style="margin:16px 0 0"><a href="${e(target)}" style="${BUTTON}">${e(action)}</a></p>`,
  ]
    .filter(Boolean)
    .join('\n');
  return { subject: oneLine(entry.text), text, html: htmlFrame(body, why, links) };
}

/**
 * The daily digest: up to DIGEST_MAX_ENTRIES entries (`entries`), each with its link, and how many
 * more there are (`total` counts them all).
 */
export function digestMail(entries: readonly Notification[], total: number, links: MailLinks): MailContent {
  const e = escapeHtml;
  const listUrl = `${links.publicUrl}/notifications`;
  const more = Math.max(0, total - entries.length);
  const lines = entries.map((entry) => {
    const link = absoluteLink(links.publicUrl, entry.url);
    return `- ${entry.text}${entry.excerpt ? `\n  "${oneLine(entry.excerpt, 200)}"` : ''}${link ? `\n  ${link}` : ''}`;
  });
  const text = [
    MAIL_TEXTS.digestIntro,
    '',
    ...lines,
    '',
    more > 0
      ? `${MAIL_TEXTS.digestMore(more)} ${MAIL_TEXTS.seeAll}: ${listUrl}`
      : `${MAIL_TEXTS.seeAll}: ${listUrl}`,
    '',
    textFooter(MAIL_TEXTS.whyDigest, links),
  ].join('\n');
  const items = entries.map((entry) => {
    const link = absoluteLink(links.publicUrl, entry.url);
    const sentence = link ? `<a href="${e(link)}" style="color:#18181b">${e(entry.text)}</a>` : e(entry.text);
    const excerpt = entry.excerpt
      ? `<br><span style="color:#52525b">"${e(oneLine(entry.excerpt, 200))}"</span>`
      : '';
    return `<li style="margin:0 0 10px">${sentence}${excerpt}</li>`;
  });
  const body = [
    `<p style="margin:0 0 12px">${e(MAIL_TEXTS.digestIntro)}</p>`,
    `<ul style="margin:0 0 16px;padding-left:20px;line-height:1.5">\n${items.join('\n')}\n</ul>`,
    more > 0 ? `<p style="margin:0 0 16px">${e(MAIL_TEXTS.digestMore(more))}</p>` : null,
    `<p style="margin:16px 0 0"><a href="${e(listUrl)}" style="${BUTTON}">${e(MAIL_TEXTS.seeAll)}</a></p>`,
  ]
    .filter(Boolean)
    .join('\n');
  return {
    subject: MAIL_TEXTS.digestSubject(total),
    text,
    html: htmlFrame(body, MAIL_TEXTS.whyDigest, links),
  };
}

export const UNSUBSCRIBE_PAGE_TEXTS = {
  title: 'Unsubscribe',
  confirm: (label: string) => `Stop the emails for "${label}"? You will still see them in the app.`,
  confirmDigest: 'Stop the daily digest email?',
  button: 'Unsubscribe',
  settings: 'Notification settings',
  home: `Back to ${PRODUCT_NAME}`,
} as const;

/** What the unsubscribe link asks before it is confirmed. */
export const unsubscribeQuestion = (kind: MailKind) =>
  kind === 'digest'
    ? UNSUBSCRIBE_PAGE_TEXTS.confirmDigest
    : UNSUBSCRIBE_PAGE_TEXTS.confirm(mailKindLabel(kind));

/**
 * The small page a browser gets from the unsubscribe link: the question and a button that posts
 * the one-click form (GET never unsubscribes: mail scanners open links), or what was done, or
 * that the link is not valid.
 */
export function unsubscribePage(
  view: { kind: MailKind; token: string } | { done: true } | { invalid: string },
): string {
  const e = escapeHtml;
  let body: string;
  if ('token' in view) {
    body = `<p>${e(unsubscribeQuestion(view.kind))}</p>
<form method="post" action="${e(unsubscribePathOf(view.token))}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="${BUTTON};border:0;cursor:pointer;font-size:15px">${e(UNSUBSCRIBE_PAGE_TEXTS.button)}</button>
</form>`;
  } else if ('done' in view) {
    body = `<p>${e(NOTIFICATION_TEXTS.unsubscribed)}</p>`;
  } else {
    body = `<p>${e(view.invalid)}</p>`;
  }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${e(UNSUBSCRIBE_PAGE_TEXTS.title)} · ${e(PRODUCT_NAME)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;${FONT};color:#18181b">
<main style="max-width:480px;margin:40px auto;background:#ffffff;border-radius:8px;padding:24px;line-height:1.5">
<p style="margin:0 0 16px;font-size:14px;font-weight:700;color:#4d7c0f">${e(PRODUCT_NAME)}</p>
<h1 style="margin:0 0 12px;font-size:20px">${e(UNSUBSCRIBE_PAGE_TEXTS.title)}</h1>
${body}
<p style="margin:24px 0 0;font-size:14px"><a href="/settings">${e(UNSUBSCRIBE_PAGE_TEXTS.settings)}</a> · <a href="/">${e(UNSUBSCRIBE_PAGE_TEXTS.home)}</a></p>
</main>
</body></html>
`;
}
