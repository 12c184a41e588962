import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { COMMON_TEXTS } from '../../contract';
import type { App } from '../context';
import { forbidden, unsupportedMediaType } from '../errors';
import { isApiRoute } from '../lib/http';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Security headers (CSP) and the cross-site rules of DESIGN §5: state-changing API requests carry
 * JSON or nothing (the signed upload PUT excepted), and a browser Origin must be our own host.
 */
export async function registerSecurity(
  app: App,
  opts: { storageOrigin?: string | null; tileOrigin?: string | null },
) {
  // Browsers load images from this site only: outside images come through the image proxy. With
  // S3 storage, uploads go straight to the bucket (connect-src) and nothing is read from it.
  const bucket = opts.storageOrigin ? [opts.storageOrigin] : [];
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The map's tiles come straight from the one tile host MAP_TILE_URL names (issue 13).
        imgSrc: ["'self'", 'data:', 'blob:', ...bucket, ...(opts.tileOrigin ? [opts.tileOrigin] : [])],
        connectSrc: ["'self'", ...bucket],
        frameSrc: ['https://www.youtube-nocookie.com', 'https://www.youtube.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  app.removeContentTypeParser('text/plain');

  // Decided from the matched route (request.routeOptions), never from the raw URL, so that a
  // percent-encoded spelling of a path gets the same answer as the plain one.
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method) || !isApiRoute(request)) return;
    // A signed token in the address authorizes it, not a session: posted from anywhere, as a form
    // (the one-click unsubscribe of a mail, RFC 8058).
    if (request.routeOptions.config?.signedForm) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      // `Origin: null` comes from sandboxed frames, file: pages and some redirects: never our page.
      let host: string | null = null;
      try {
        host = origin === 'null' ? null : new URL(origin).host;
      } catch {
        host = null;
      }
      if (host === null || host !== request.headers.host) throw forbidden(COMMON_TEXTS.crossSite);
    }
    if (request.routeOptions.config?.rawUpload) return;
    const type = request.headers['content-type'];
    if (type && !/^application\/json\b/i.test(type))
      throw unsupportedMediaType('Requests must be sent as JSON');
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes a raw file body (the signed upload PUT). */
    rawUpload?: boolean;
    /** The route is authorized by a signed token in its address and takes an HTML form's body (RFC 8058). */
    signedForm?: boolean;
  }
}

/**
 * Helmet's headers for a configuration, worked out once. (@fastify/helmet builds Helmet's
 * middleware again on every request, parsing the CSP each time: 4 % of the cached feed's CPU.)
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
