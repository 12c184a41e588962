/**
 * Every column that can hold an object path (`/objects/images/...`). The sweep of unreferenced
 * images (housekeeping) keeps an image while any of these holds its path. A new area that stores
 * images adds its columns here, and nowhere else.
 */
export const IMAGE_REFERENCES: readonly { table: string; column: string; array?: true }[] = [
  { table: 'users', column: 'avatar' },
  { table: 'users', column: 'cover_image' },
  { table: 'posts', column: 'images', array: true },
  { table: 'events', column: 'image' },
  { table: 'news', column: 'image' },
  { table: 'tutorials', column: 'image' },
  { table: 'teams', column: 'logo' },
  { table: 'teams', column: 'banner' },
  { table: 'team_gallery', column: 'image' },
  { table: 'gear_posts', column: 'image' },
  { table: 'products', column: 'image' },
  { table: 'fields', column: 'image' },
];
