import { z } from 'zod';

/** What the public pages need to know about the council they belong to (from the server's config). */
export const siteResponseSchema = z.object({
  council_name: z.string(),
  town_name: z.string(),
  town_region: z.string(),
});
export type SiteResponse = z.infer<typeof siteResponseSchema>;
