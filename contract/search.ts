import { z } from './messages';

/** GET /api/users/search?q= (SPEC §7): players. */
export const searchUser = z.object({ id: z.uuid(), username: z.string() });
export type SearchUser = z.infer<typeof searchUser>;

/** GET /api/events/search?q=: events. */
export const searchEvent = z.object({ id: z.uuid(), title: z.string() });
export type SearchEvent = z.infer<typeof searchEvent>;

/** GET /api/products?search=: `{ products }` (SPEC §3: a list or an object with a products list). */
export const searchProduct = z.object({ id: z.uuid(), name: z.string() });
export type SearchProduct = z.infer<typeof searchProduct>;
export const productsAnswer = z.object({ products: z.array(searchProduct) });
