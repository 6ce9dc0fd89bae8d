import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';

/** What a page's server-side functions are given: the request's query cache, route params and address. */
export type PageContext = { queryClient: QueryClient; params: Params; url: URL };

/** The head of a server-rendered page (DESIGN.md section 6): title, description and sharing tags. */
export type PageHead = {
  /** The page's own name; the council's name is added after it, as in the browser tab. */
  title: string;
  description?: string;
  /** A picture for link previews (Open Graph, Twitter card): an absolute URL or a path of this site. */
  image?: { url: string; alt: string; width?: number | null; height?: number | null };
  type?: 'website' | 'article';
  /** The page's own address with its query in canonical form; the requested address when absent. */
  canonical?: string;
  /** A feed of the page's content, announced with <link rel="alternate">. */
  feed?: { href: string; title: string };
  /** Structured data for search engines (schema.org), written as a JSON-LD block; given how to make a path absolute. */
  jsonLd?: (absolute: (path: string) => string) => Record<string, unknown>;
  /** Pages of one person (a reset link) or failures stay out of search engines. */
  noindex?: boolean;
  /** The HTTP status of the answer; 200 when absent. */
  status?: number;
};

/** A page that would leave at once in the browser (a `<Navigate>` on its first render) answers this redirect. */
export type PageRedirect = { redirect: string; /** 301: the address moved for good (a project's page once it is a norm). */ permanent?: boolean };

/**
 * The server side of one public route, keyed by the route's id (server-pages.ts): the data to load
 * into the query cache before rendering, so that the first HTML holds the content and the browser
 * hydrates without fetching it again; and the page's head, read from that data.
 */
export type ServerPage = {
  preload?: (context: PageContext) => Promise<unknown>;
  /** Required of a page; the layouts around it have none. */
  head?: (context: PageContext) => PageHead | PageRedirect;
  /**
   * A page that only shows public content, the same for every visitor, and asks for nothing (no
   * password, no form with a secret): the server lets another site's window keep a handle on it (no
   * Cross-Origin-Opener-Policy), which spares the browser a process switch on arrival. Every other
   * page, the login and the staff panels first, keeps `same-origin` (ARCHITECTURE.md, "Security headers").
   */
  reading?: true;
};
