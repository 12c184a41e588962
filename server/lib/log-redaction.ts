/**
 * What the request log may not keep (issue 24): the secret of a personal calendar feed is part of
 * its address (`/api/calendar/{token}.ics`), which the request log wrote as it came. The request
 * serializer writes it as `[redacted]`; everything else is Fastify's own serializer.
 */
const SECRET_PATHS = /^(\/api\/calendar\/)[^/?#]+?(\.ics)?(?=$|[?#])/;

export const redactUrl = (url: string | undefined) =>
  url ? url.replace(SECRET_PATHS, '$1[redacted]$2') : url;

interface LoggedRequest {
  method?: string;
  url?: string;
  headers?: Record<string, string | string[] | undefined>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export const requestSerializer = (req: LoggedRequest) => ({
  method: req.method,
  url: redactUrl(req.url),
  version: req.headers?.['accept-version'] as string | undefined,
  host: req.host,
  remoteAddress: req.ip,
  remotePort: req.socket ? req.socket.remotePort : undefined,
});

/** The serializers every logger of the app uses. */
export const LOG_SERIALIZERS = { req: requestSerializer };
