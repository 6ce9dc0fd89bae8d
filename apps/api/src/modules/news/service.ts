import { CONTENT_MESSAGES, type CreateNewsFields, type NewsItem, type UpdateNewsFields } from '@concejo/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { audit } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { NotFound, ValidationFailed } from '../../lib/errors.js';
import { imageKeys, presentImage, removeFiles, saveUpload } from '../../lib/images.js';
import { resolveWindow } from '../../lib/publication-window.js';
import type { Documents } from '../../lib/documents/documents.js';
import type { Storage } from '../../lib/storage.js';
import type { AuthUser } from '../../plugins/auth.js';
import { NEWS_FOLDER, prepareDescription } from './description.js';
import type { NewsChanges, NewsRepository, NewsRow, PublishedNewsPage } from './repository.js';

export { NEWS_FOLDER };

/** The create form's fields as the route reads them: the description as its bytes (a large field, lib/multipart.ts). */
export type CreateNewsForm = Omit<CreateNewsFields, 'description'> & { description: Buffer };
/** The edit form's fields as the route reads them. */
export type UpdateNewsForm = Omit<UpdateNewsFields, 'description'> & { description?: Buffer };

interface Deps {
  repository: NewsRepository;
  storage: Storage;
  /** Cleans the news texts in the document worker. */
  documents: Pick<Documents, 'cleanNewsHtml'>;
  clock: Clock;
  timeZone: string;
  /** Public URL of a stored file. */
  fileUrl: (key: string) => string;
  log: FastifyBaseLogger;
}

export function createNewsService({ repository, storage, documents, clock, timeZone, fileUrl, log }: Deps) {
  const present = (row: NewsRow): NewsItem => ({
    id: row.id,
    title: row.title,
    description: row.description,
    ...presentImage(row.image, fileUrl),
    status: row.status === 1 ? 1 : 0,
    publication_date: row.publicationDate?.toISOString() ?? null,
    unpublication_date: row.unpublicationDate?.toISOString() ?? null,
    video_url: row.videoUrl,
    type: 'new',
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  });

  /** Files go only once no row points at them; a failed removal leaves a harmless orphan, logged. */
  const discard = async (keys: readonly string[]) => {
    if (keys.length) await removeFiles(storage, keys).catch((error) => log.warn({ err: error }, 'news files not removed'));
  };
  const saveImage = (content: Buffer) => saveUpload(storage, NEWS_FOLDER, content, { kind: 'news', field: 'image' });

  return {
    async list(): Promise<NewsItem[]> {
      return (await repository.all()).map(present);
    },

    async published(): Promise<NewsItem[]> {
      return (await repository.published(clock.now())).map(present);
    },

    /** The pages of every published item (id and last change), newest first, at most `limit`: for the sitemap. */
    async publishedPages(limit: number): Promise<PublishedNewsPage[]> {
      return repository.publishedPages(clock.now(), limit);
    },

    async publishedOne(id: number): Promise<NewsItem> {
      const row = await repository.publishedById(id, clock.now());
      if (!row) throw new NotFound(CONTENT_MESSAGES.newsNotFound);
      return present(row);
    },

    /** status (0 is a value), title, description, and an image or a video/Instagram link. 201. */
    async create(user: AuthUser, fields: CreateNewsForm, content: Buffer | null | undefined): Promise<NewsItem> {
      if (!content && !fields.video_url) throw ValidationFailed.field('image', CONTENT_MESSAGES.newsImageOrLink);
      const window = resolveWindow(fields, { publicationDate: null, unpublicationDate: null }, timeZone);
      const description = await prepareDescription(fields.description, [], { storage, fileUrl, documents });
      const written = [...description.stored];
      try {
        const image = content ? await saveImage(content) : null;
        written.push(...imageKeys(image));
        const now = clock.now();
        const row = await repository.insert({
          title: fields.title,
          description: description.html,
          embeddedImages: description.embedded,
          image,
          status: fields.status,
          videoUrl: fields.video_url ?? null,
          ...window,
          createdBy: user.id,
          createdAt: now,
          updatedAt: now,
        });
        log.info({ newsId: row.id, userId: user.id }, 'news created');
        return present(row);
      } catch (error) {
        await discard(written);
        throw error;
      }
    },

    /** Only the fields sent change; a new image or editor images replace the old files after the write. */
    async update(user: AuthUser, id: number, fields: UpdateNewsForm, content: Buffer | null | undefined): Promise<NewsItem> {
      const current = await repository.byId(id);
      if (!current) throw new NotFound(CONTENT_MESSAGES.newsNotFound);
      const window = resolveWindow(fields, current, timeZone);
      const videoUrl = fields.video_url === undefined ? current.videoUrl : fields.video_url;
      if (!content && !current.image && !videoUrl) throw ValidationFailed.field('image', CONTENT_MESSAGES.newsImageOrLink);

      const changes: NewsChanges = { ...window, videoUrl, updatedAt: clock.now() };
      if (fields.status !== undefined) changes.status = fields.status;
      if (fields.title !== undefined) changes.title = fields.title;
      const written: string[] = [];
      let row: NewsRow | undefined;
      try {
        if (fields.description !== undefined) {
          const description = await prepareDescription(fields.description, current.embeddedImages, { storage, fileUrl, documents });
          written.push(...description.stored);
          changes.description = description.html;
          changes.embeddedImages = description.embedded;
        }
        if (content) {
          changes.image = await saveImage(content);
          written.push(...imageKeys(changes.image));
        }
        row = await repository.update(id, changes);
      } catch (error) {
        await discard(written);
        throw error;
      }
      if (!row) {
        // Deleted by someone else in between.
        await discard(written);
        throw new NotFound(CONTENT_MESSAGES.newsNotFound);
      }
      const unused = [
        ...(changes.image ? imageKeys(current.image) : []),
        ...(changes.embeddedImages ? current.embeddedImages.filter((key) => !changes.embeddedImages!.includes(key)) : []),
      ];
      await discard(unused);
      log.info({ newsId: id, userId: user.id }, 'news updated');
      return present(row);
    },

    async delete(user: AuthUser, id: number): Promise<void> {
      const row = await repository.delete(id);
      if (!row) throw new NotFound(CONTENT_MESSAGES.newsNotFound);
      await discard([...imageKeys(row.image), ...row.embeddedImages]);
      audit(log, 'news_deleted', { userId: user.id, address: user.address, itemId: id });
    },
  };
}

export type NewsService = ReturnType<typeof createNewsService>;
