import { CONTENT_MESSAGES, type Banner, type CreateBannerFields, type UpdateBannerFields } from '@concejo/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { audit } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { NotFound, ValidationFailed } from '../../lib/errors.js';
import { imageKeys, presentImage, removeFiles, saveUpload, type StoredImage } from '../../lib/images.js';
import { resolveWindow } from '../../lib/publication-window.js';
import type { Storage } from '../../lib/storage.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { BannerChanges, BannerRepository, BannerRow } from './repository.js';

/** Storage folder of the banners' images: public and cacheable. */
export const BANNERS_FOLDER = 'banners';

interface Deps {
  repository: BannerRepository;
  storage: Storage;
  clock: Clock;
  timeZone: string;
  /** Public URL of a stored file. */
  fileUrl: (key: string) => string;
  log: FastifyBaseLogger;
}

/** Empty text is no text: the home page then falls back ('Banner {n}' for the alt). */
const orNull = (value: string | undefined) => (value ? value : null);

export function createBannerService({ repository, storage, clock, timeZone, fileUrl, log }: Deps) {
  const present = (row: BannerRow): Banner => ({
    id: row.id,
    ...presentImage(row.image, fileUrl),
    alt: row.alt,
    caption: row.caption,
    title: row.title,
    description: row.description,
    status: row.status === 1 ? 1 : 0,
    publication_date: row.publicationDate?.toISOString() ?? null,
    unpublication_date: row.unpublicationDate?.toISOString() ?? null,
    type: 'banner',
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  });

  /** Files are removed only once the row no longer points at them; a failure leaves an orphan, logged. */
  const discard = async (image: StoredImage | null | undefined) => {
    await removeFiles(storage, imageKeys(image)).catch((error) => log.warn({ err: error }, 'banner image not removed'));
  };

  return {
    async list(): Promise<Banner[]> {
      return (await repository.all()).map(present);
    },

    async published(): Promise<Banner[]> {
      return (await repository.published(clock.now())).map(present);
    },

    /** image (required), status, the texts and the window. 201 with the banner. */
    async create(user: AuthUser, fields: CreateBannerFields, content: Buffer | null | undefined): Promise<Banner> {
      if (!content) throw ValidationFailed.field('image', CONTENT_MESSAGES.bannerImageRequired);
      const window = resolveWindow(fields, { publicationDate: null, unpublicationDate: null }, timeZone);
      const image = await saveUpload(storage, BANNERS_FOLDER, content, { kind: 'banner', field: 'image' });
      const now = clock.now();
      try {
        const row = await repository.insert({
          image,
          status: fields.status,
          alt: orNull(fields.alt),
          caption: fields.caption ?? false,
          title: orNull(fields.title),
          description: orNull(fields.description),
          ...window,
          createdBy: user.id,
          createdAt: now,
          updatedAt: now,
        });
        log.info({ bannerId: row.id, userId: user.id }, 'banner created');
        return present(row);
      } catch (error) {
        await discard(image);
        throw error;
      }
    },

    /** Only the fields sent change; a new image replaces the old one, whose files go after the write. */
    async update(user: AuthUser, id: number, fields: UpdateBannerFields, content: Buffer | null | undefined): Promise<Banner> {
      const current = await repository.byId(id);
      if (!current) throw new NotFound(CONTENT_MESSAGES.bannerNotFound);
      const window = resolveWindow(fields, current, timeZone);
      const changes: BannerChanges = { ...window, updatedAt: clock.now() };
      if (fields.status !== undefined) changes.status = fields.status;
      if (fields.caption !== undefined) changes.caption = fields.caption;
      if (fields.alt !== undefined) changes.alt = orNull(fields.alt);
      if (fields.title !== undefined) changes.title = orNull(fields.title);
      if (fields.description !== undefined) changes.description = orNull(fields.description);
      if (content) changes.image = await saveUpload(storage, BANNERS_FOLDER, content, { kind: 'banner', field: 'image' });

      let row: BannerRow | undefined;
      try {
        row = await repository.update(id, changes);
      } catch (error) {
        await discard(changes.image);
        throw error;
      }
      if (!row) {
        // Deleted by someone else in between.
        await discard(changes.image);
        throw new NotFound(CONTENT_MESSAGES.bannerNotFound);
      }
      if (changes.image) await discard(current.image);
      log.info({ bannerId: id, userId: user.id }, 'banner updated');
      return present(row);
    },

    async delete(user: AuthUser, id: number): Promise<void> {
      const row = await repository.delete(id);
      if (!row) throw new NotFound(CONTENT_MESSAGES.bannerNotFound);
      await discard(row.image);
      audit(log, 'banner_deleted', { userId: user.id, address: user.address, itemId: id });
    },
  };
}

export type BannerService = ReturnType<typeof createBannerService>;
