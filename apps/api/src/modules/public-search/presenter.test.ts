import { describe, expect, it } from 'vitest';
import { presentPublished, publishedItemHead, publishedItemJson, type ListedNorm, type PublicFileUrls } from './presenter.js';

const urls: PublicFileUrls = { publicPdf: (key) => `/api/v1/files/${key}` };

const norm: ListedNorm = {
  id: 7,
  type: 'ordinance',
  demType: null,
  number: 1234,
  subject: 'Regula el "tránsito" de camiones\\acoplados en el barrio\u2028Norte 🚚',
  createdAt: new Date('2026-03-04T15:16:17.189Z'),
  pdfApproved: 'approved/7.pdf',
  legalForce: 'in_force',
  keywords: ['tránsito', 'camión "pesado"'],
  expediente: '12-C-2026',
  enactedOn: '2026-03-20',
};

describe('a norm of the public search as JSON text', () => {
  // A page of results is built from these texts instead of JSON.stringify on objects: any difference
  // would change what the site shows (or its ETag) depending on which path served the page.
  it('is byte for byte what JSON.stringify makes of presentPublished, with or without a match', () => {
    const bare: ListedNorm = { ...norm, number: null, demType: 'message', pdfApproved: null, keywords: [], subject: 'Sin número' };
    const matches = [
      undefined,
      { subject: true, keywords: false, pdf: true, excerpt: 'el \u0002tránsito\u0003 de  camiones ... y el \u0002"tránsito"\u0003\npesado' },
      { subject: false, keywords: true, pdf: false, excerpt: null },
      { subject: false, keywords: false, pdf: false, excerpt: '' },
    ];
    for (const row of [norm, bare]) {
      const head = publishedItemHead(row, urls);
      for (const match of matches) {
        expect(publishedItemJson(head, match)).toBe(JSON.stringify(presentPublished(row, row.keywords, match, urls)));
      }
    }
  });

  it('parses back to the norm with where it matched and the excerpt as segments', () => {
    const item = JSON.parse(publishedItemJson(publishedItemHead(norm, urls), { subject: false, keywords: true, pdf: true, excerpt: 'sobre \u0002camiones\u0003 pesados' }));
    expect(item).toMatchObject({
      id: 7,
      number: 1234,
      subject: norm.subject,
      keywords: [{ word: 'tránsito' }, { word: 'camión "pesado"' }],
      created_at: '2026-03-04T15:16:17.189Z',
      pdf_approved: '/api/v1/files/approved/7.pdf',
      matched_in: ['keywords', 'pdf'],
      excerpt: [
        { text: 'sobre ', match: false },
        { text: 'camiones', match: true },
        { text: ' pesados', match: false },
      ],
    });
  });
});
