import {
  adminProductsQuery,
  CATALOG_LIMITS,
  catalogImportCommitBody,
  catalogImportPreview,
  catalogImportResult,
  catalogImportSource,
  product,
  productCreateBody,
  productPatchBody,
  productSummary,
  productsAnswer,
  text,
  uuid,
  z,
} from '../../../contract';
import type { App, Ctx } from '../../context';
import { ANALYTICS_RATE_LIMIT } from '../../plugins/rate-limit';
import { recordedSearch } from '../analytics';
import { requireUser } from '../auth';
import { commitImport, previewImport } from './import';
import { createProduct, getProduct, listProducts, searchProducts, updateProduct } from './service';

const idParams = z.object({ id: uuid() });
/** A price list of CATALOG_LIMITS.csvMaxChars characters, sent as JSON, fits (escapes included). */
const IMPORT_BODY_LIMIT = CATALOG_LIMITS.csvMaxChars * 3;

/** The catalog for everyone: the header search's gear group and the product page. */
export async function catalogRoutes(app: App, ctx: Ctx) {
  app.get(
    '/api/products',
    {
      schema: {
        querystring: z.object({ search: text().max(100).optional() }),
        response: { 200: productsAnswer },
      },
      config: { rateLimit: ANALYTICS_RATE_LIMIT },
    },
    async (request) => ({
      products: await recordedSearch(ctx, request, request.query.search, (q) => searchProducts(ctx.db, q)),
    }),
  );

  app.get(
    '/api/products/:id',
    { config: { signedOutCache: true }, schema: { params: idParams, response: { 200: product } } },
    async (request) => getProduct(ctx.db, request.params.id, request.user),
  );
}

/** Manage Catalog; registered inside the admin scope (modules/admin/scope.ts), which requires the role. */
export async function catalogAdminRoutes(app: App, ctx: Ctx) {
  app.get(
    '/api/admin/products',
    { schema: { querystring: adminProductsQuery, response: { 200: z.array(productSummary) } } },
    async (request) => listProducts(ctx.db, request.query.search),
  );

  app.post(
    '/api/admin/products',
    { schema: { body: productCreateBody, response: { 201: product } } },
    async (request, reply) =>
      reply.status(201).send(await createProduct(ctx.db, requireUser(request), request.body)),
  );

  app.patch(
    '/api/admin/products/:id',
    { schema: { params: idParams, body: productPatchBody, response: { 200: product } } },
    async (request) => updateProduct(ctx.db, requireUser(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/products/import/preview',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { body: catalogImportSource, response: { 200: catalogImportPreview } },
    },
    async (request) => previewImport(ctx, requireUser(request), request.body),
  );

  app.post(
    '/api/admin/products/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { body: catalogImportCommitBody, response: { 200: catalogImportResult } },
    },
    async (request) => commitImport(ctx, requireUser(request), request.body),
  );
}
