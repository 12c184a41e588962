import { PAGE_DEFAULT_LIMIT, PAGE_MAX_LIMIT } from './constants';
import { z } from './messages';

/** Error answer shape for every non-2xx response (DESIGN §3). */
export const errorResponse = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** `?limit=&before=` for lists that can grow (DESIGN §3). */
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_MAX_LIMIT).default(PAGE_DEFAULT_LIMIT),
  before: z.string().max(200).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const uuidParam = (name: string) => z.object({ [name]: z.uuid() });
