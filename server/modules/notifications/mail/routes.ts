import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NOTIFICATION_TEXTS, unsubscribeAnswer, unsubscribeQuery, z } from '../../../../contract';
import type { App, Ctx } from '../../../context';
import { noStore } from '../../../lib/http';
import { createMailTransport } from './mailer';
import { startMailSender } from './outbox';
import { mailKindLabel, unsubscribePage, unsubscribeQuestion } from './templates';
import { createUnsubscribeSigner, type MailKind, unsubscribe } from './unsubscribe';

/** A one-click body is `List-Unsubscribe=One-Click`; nothing bigger is read. */
const FORM_BODY_LIMIT = 4 * 1024;

const answers = {
  200: unsubscribeAnswer.describe('JSON; a browser (Accept: text/html) gets a small page instead'),
  400: z.object({ message: z.string() }).describe('The link is not valid (a page for a browser)'),
};

/** A browser following the link (or posting the page's form) asks for HTML; mail clients and scripts get JSON. */
const wantsPage = (request: FastifyRequest) => /\btext\/html\b/i.test(request.headers.accept ?? '');

function page(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .serializer((v: unknown) => v as string)
    .send(html);
}

/**
 * Mail (issue 23): the unsubscribe link every mail carries (GET asks, POST unsubscribes: RFC 8058's
 * one-click, no session needed), and, when SMTP_URL is set, this process's mail sender (started
 * here, stopped when the app closes; never in a request).
 */
export async function mailRoutes(app: App, ctx: Ctx) {
  const signer = createUnsubscribeSigner(ctx.config.sessionSecret);
  const mail = ctx.config.mail;
  if (mail) {
    const sender = startMailSender(ctx.db, mail, signer, app.log, createMailTransport(mail.smtpUrl));
    app.addHook('onClose', () => sender.stop());
  }

  const refuse = (request: FastifyRequest, reply: FastifyReply) => {
    const message = NOTIFICATION_TEXTS.unsubscribeInvalid;
    if (wantsPage(request)) return page(reply, 400, unsubscribePage({ invalid: message }));
    return reply.status(400).send({ message });
  };
  const json = (kind: MailKind, unsubscribed: boolean) => ({
    kind,
    label: mailKindLabel(kind),
    unsubscribed,
    message: unsubscribed ? NOTIFICATION_TEXTS.unsubscribed : unsubscribeQuestion(kind),
  });

  // Only here do form bodies pass (mail providers post the one-click form); every other route keeps JSON.
  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      // The token in the address says everything; the body (`List-Unsubscribe=One-Click`) is not needed.
      (_request, _body, done) => done(null, {}),
    );

    scope.get(
      '/api/notifications/unsubscribe',
      { schema: { querystring: unsubscribeQuery, response: answers } },
      async (request, reply) => {
        noStore(reply);
        const named = signer.read(request.query.token);
        if (!named) return refuse(request, reply);
        if (wantsPage(request))
          return page(reply, 200, unsubscribePage({ kind: named.kind, token: request.query.token }));
        return json(named.kind, false);
      },
    );

    scope.post(
      '/api/notifications/unsubscribe',
      {
        schema: { querystring: unsubscribeQuery, response: answers },
        config: { signedForm: true },
        bodyLimit: FORM_BODY_LIMIT,
      },
      async (request, reply) => {
        noStore(reply);
        const named = signer.read(request.query.token);
        if (!named) return refuse(request, reply);
        await unsubscribe(ctx.db, named.userId, named.kind);
        if (wantsPage(request)) return page(reply, 200, unsubscribePage({ done: true }));
        return json(named.kind, true);
      },
    );
  });
}
