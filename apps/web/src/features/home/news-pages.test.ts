import { describe, expect, it } from 'vitest';
import { htmlToText, truncateText } from './html-text';
import { newsListControls, relatedNews } from './news-pages';
import { newsItem } from './testing';

describe('news list rules', () => {
  it("offers 'Ver más' while items remain and 'Ver menos' once more than 6 show", () => {
    expect(newsListControls(6, 4)).toEqual({ canShowMore: false, canShowLess: false });
    expect(newsListControls(6, 8)).toEqual({ canShowMore: true, canShowLess: false });
    expect(newsListControls(12, 8)).toEqual({ canShowMore: false, canShowLess: true });
    expect(newsListControls(12, 13)).toEqual({ canShowMore: true, canShowLess: true });
  });

  it('relates the 4 newest other items', () => {
    const list = [9, 8, 7, 6, 5, 4].map((id) => newsItem(id));
    expect(relatedNews(list, 8).map((item) => item.id)).toEqual([9, 7, 6, 5]);
    expect(relatedNews([newsItem(1)], 1)).toEqual([]);
  });
});

describe('card excerpts', () => {
  it('takes the text of the HTML, spaced between blocks, without running anything', () => {
    expect(htmlToText('<p>Primera</p><p>Segunda <em>línea</em></p><ul><li>uno</li><li>dos</li></ul>')).toBe('Primera Segunda línea uno dos');
    expect(htmlToText('<img src=x onerror="window.hacked=1"><p>Hola</p>')).toBe('Hola');
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
  });

  it('cuts long text at a word with an ellipsis', () => {
    expect(truncateText('corto', 10)).toBe('corto');
    expect(truncateText('El Concejo aprobó la ordenanza de arbolado urbano', 30)).toBe('El Concejo aprobó la ordenanza…');
    expect(truncateText('Aprobada por unanimidad. Rige desde mañana', 25)).toBe('Aprobada por unanimidad…');
  });
});
