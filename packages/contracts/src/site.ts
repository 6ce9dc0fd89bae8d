import { DEFAULT_COUNCIL_TIME_ZONE } from './council-time.js';
import { z } from './zod.js';

/** The services assumed until a server says otherwise (or from one that predates the field): every block shown. */
export const DEFAULT_SITE_SERVICES = { weather: true, videos: true } as const;

/** No contact details: what a server from before them sends, and what one with none configured means. */
export const NO_SITE_CONTACT = { address: null, phone: null, email: null, hours: null } as const;

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
  /**
   * The outside services the server is set up for (WEATHER_API_KEY; YOUTUBE_API_KEY with
   * YOUTUBE_CHANNEL_ID): the home page leaves out a block whose service is not configured, instead
   * of greeting visitors with its empty state. A server from before this field sends neither: both on.
   */
  services: z.object({ weather: z.boolean(), videos: z.boolean() }).default(DEFAULT_SITE_SERVICES),
  /**
   * The council's contact details as text (COUNCIL_ADDRESS, COUNCIL_PHONE, COUNCIL_EMAIL, COUNCIL_HOURS),
   * for the footer, the home page's 'Contacto' and the accessibility statement; null when not configured.
   */
  contact: z
    .object({
      address: z.string().nullable(),
      phone: z.string().nullable(),
      email: z.string().nullable(),
      hours: z.string().nullable(),
    })
    .default(NO_SITE_CONTACT),
  /** The IANA zone of the council's calendar (TIMEZONE): the days and times of every date the site shows. */
  time_zone: z.string().default(DEFAULT_COUNCIL_TIME_ZONE),
});
export type SocialProfile = keyof SiteResponse['social'];
export type SiteResponse = z.infer<typeof siteResponseSchema>;
export type SiteContact = SiteResponse['contact'];
