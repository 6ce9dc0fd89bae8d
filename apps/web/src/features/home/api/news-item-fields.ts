import { fields } from '../../../lib/public-answers';

/** What the news cards and the detail page read of a news item. */
export const NEWS_ITEM_FIELDS = fields({ id: 'number', title: 'string', description: 'string', images: 'array', updated_at: 'string' });
