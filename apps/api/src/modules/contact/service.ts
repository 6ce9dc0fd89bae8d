import { CONTENT_MESSAGES, type ContactRecord } from '@concejo/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { ValidationFailed } from '../../lib/errors.js';
import { imageKeys, presentImage, removeFiles, saveUpload, type StoredImage } from '../../lib/images.js';
import type { Storage } from '../../lib/storage.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { ContactRepository, ContactSide } from './repository.js';

/** Storage folder of the 'Contacto' images: public and cacheable. */
export const CONTACT_FOLDER = 'contact';
export const CONTACT_FIELDS = { left: 'image_left', right: 'image_right' } as const;

interface Deps {
  repository: ContactRepository;
  storage: Storage;
  clock: Clock;
  fileUrl: (key: string) => string;
  log: FastifyBaseLogger;
}

export function createContactService({ repository, storage, clock, fileUrl, log }: Deps) {
  return {
    /** `[{ image_left, image_right, ... }]`, or `[]` while nothing was uploaded (spec 3: the first one is used). */
    async get(): Promise<ContactRecord[]> {
      const rows = await repository.all();
      if (!rows.length) return [];
      const side = (name: ContactSide) => presentImage(rows.find((row) => row.side === name)?.image ?? null, fileUrl);
      const left = side('left');
      const right = side('right');
      return [
        {
          image_left: left.image,
          image_right: right.image,
          images_left: left.images,
          images_right: right.images,
          image_left_width: left.image_width,
          image_left_height: left.image_height,
          image_right_width: right.image_width,
          image_right_height: right.image_height,
        },
      ];
    },

    /** `image_left` and/or `image_right`, PNG or JPEG (spec 5); a side not sent keeps its image. */
    async upload(user: AuthUser, form: { files: Partial<Record<(typeof CONTACT_FIELDS)[ContactSide], Buffer | null>> }): Promise<ContactRecord[]> {
      const sent = (Object.keys(CONTACT_FIELDS) as ContactSide[]).filter((side) => form.files[CONTACT_FIELDS[side]]);
      if (!sent.length) throw ValidationFailed.field('image_left', CONTENT_MESSAGES.contactImageRequired);
      const images: Partial<Record<ContactSide, StoredImage>> = {};
      try {
        for (const side of sent) {
          images[side] = await saveUpload(storage, CONTACT_FOLDER, form.files[CONTACT_FIELDS[side]]!, {
            kind: 'contact',
            field: CONTACT_FIELDS[side],
            formats: ['png', 'jpeg'],
            typeMessage: CONTENT_MESSAGES.contactPngOrJpeg,
          });
        }
        const replaced = await repository.replace(images, user.id, clock.now());
        await removeFiles(storage, replaced.flatMap(imageKeys));
      } catch (error) {
        await removeFiles(storage, Object.values(images).flatMap(imageKeys));
        throw error;
      }
      log.info({ userId: user.id, sides: sent }, 'contact images uploaded');
      return this.get();
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
