import type { PublishedRegulation } from '@concejo/contracts';

/**
 * The piece of the PDF's text around the match, the matched words in <mark>. Every segment is a text
 * node: whatever the PDF says (even markup) is shown as written, never run as HTML.
 */
export function MatchExcerpt({ segments }: { segments: NonNullable<PublishedRegulation['excerpt']> }) {
  return (
    <p className="regulation-excerpt mb-0">
      <span className="visually-hidden">Fragmento del PDF: </span>
      {'«'}
      {segments.map((segment, index) => (segment.match ? <mark key={index}>{segment.text}</mark> : <span key={index}>{segment.text}</span>))}
      {'»'}
    </p>
  );
}
