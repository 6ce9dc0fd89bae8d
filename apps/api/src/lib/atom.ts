import { xml } from './xml.js';

/** One entry of an Atom 1.0 feed; every text is escaped here. */
export interface AtomEntry {
  title: string;
  /** The entry's permanent id (atomId). */
  id: string;
  updated: Date;
  published?: Date;
  links: { rel: 'alternate' | 'related'; type: string; href: string }[];
  category?: { term: string; label: string };
  summary: string;
}

/** A `tag:` URI (RFC 4151) for the site's feeds and entries: `tag:concejo.example.org,2026:regulation:12`. */
export const atomId = (publicUrl: string, name: string) => `tag:${new URL(publicUrl).host},2026:${name}`;

/** An Atom 1.0 feed (RFC 4287): its header, then the entries as given (newest first). */
export function atomDocument(feed: { title: string; id: string; selfUrl: string; alternateUrl: string; updated: Date; author: string; entries: AtomEntry[] }): string {
  const entries = feed.entries.map(
    (entry) => `  <entry>
    <title>${xml(entry.title)}</title>
    <id>${xml(entry.id)}</id>
    <updated>${entry.updated.toISOString()}</updated>
${entry.published ? `    <published>${entry.published.toISOString()}</published>\n` : ''}${entry.links.map((link) => `    <link rel="${link.rel}" type="${link.type}" href="${xml(link.href)}"/>\n`).join('')}${entry.category ? `    <category term="${xml(entry.category.term)}" label="${xml(entry.category.label)}"/>\n` : ''}    <summary>${xml(entry.summary)}</summary>
  </entry>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="es">
  <title>${xml(feed.title)}</title>
  <id>${xml(feed.id)}</id>
  <link rel="self" type="application/atom+xml" href="${xml(feed.selfUrl)}"/>
  <link rel="alternate" type="text/html" href="${xml(feed.alternateUrl)}"/>
  <updated>${feed.updated.toISOString()}</updated>
  <author><name>${xml(feed.author)}</name></author>
${entries.join('\n')}
</feed>
`;
}
