import { z } from './zod.js';

/** What the public pages need to know about the council they belong to (from the server's config). */
export const siteResponseSchema = z.object({
  council_name: z.string(),
  town_name: z.string(),
  town_region: z.string(),
  /** The council's three public profiles (spec 1); null when the server has none configured. */
  social: z.object({
    instagram: z.string().nullable(),
    facebook: z.string().nullable(),
    youtube: z.string().nullable(),
  })
  // A server from before the profiles existed sends none: no links, rather than no site at all.
  .default({ instagram: null, facebook: null, youtube: null }),
});
export type SocialProfile = keyof SiteResponse['social'];
export type SiteResponse = z.infer<typeof siteResponseSchema>;
