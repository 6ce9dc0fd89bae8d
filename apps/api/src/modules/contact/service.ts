import { CONTACT_FIELDS, CONTACT_SIDES, CONTENT_MESSAGES, contactUploadIssues, type ContactFields, type ContactRecord, type ContactSide } from '@concejo/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { ValidationFailed } from '../../lib/errors.js';
import { imageKeys, presentImage, removeFiles, saveUpload } from '../../lib/images.js';
import type { Storage } from '../../lib/storage.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { ContactChange, ContactRepository } from './repository.js';

/** Storage folder of the 'Contacto' images: public and cacheable. */
export const CONTACT_FOLDER = 'contact';

/** POST /contact as the route read it: the text fields parsed by the contract, the image files as sent. */
export interface ContactUpload {
  fields: ContactFields;
  files: Partial<Record<(typeof CONTACT_FIELDS)[ContactSide]['image'], Buffer | null>>;
}

interface Deps {
  repository: ContactRepository;
  storage: Storage;
  clock: Clock;
  fileUrl: (key: string) => string;
  log: FastifyBaseLogger;
}

export function createContactService({ repository, storage, clock, fileUrl, log }: Deps) {
  return {
    /** `[{ image_left, image_right, ..., image_left_alt, image_right_alt }]`, or `[]` while nothing was uploaded (spec 3: the first one is used). */
    async get(): Promise<ContactRecord[]> {
      const rows = await repository.all();
      if (!rows.length) return [];
      const side = (name: ContactSide) => {
        const row = rows.find((candidate) => candidate.side === name);
        return { ...presentImage(row?.image ?? null, fileUrl), alt: row?.alt ?? null };
      };
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
          image_left_alt: left.alt,
          image_right_alt: right.alt,
        },
      ];
    },

    /**
     * `image_left` and/or `image_right`, PNG or JPEG (spec 5), each with its text alternative; or a side's
     * text alone, for the image it already has. A side not sent keeps its image and text.
     */
    async upload(user: AuthUser, { fields, files }: ContactUpload): Promise<ContactRecord[]> {
      const rows = await repository.all();
      const issues = contactUploadIssues(
        sides((side) => ({ image: Boolean(files[CONTACT_FIELDS[side].image]), alt: fields[CONTACT_FIELDS[side].alt] })),
        sides((side) => rows.some((row) => row.side === side)),
      );
      if (issues.length) {
        const errors: Record<string, string[]> = {};
        for (const { field, message } of issues) (errors[field] ??= []).push(message);
        throw new ValidationFailed(errors);
      }
      const changes: Partial<Record<ContactSide, ContactChange>> = {};
      try {
        for (const side of CONTACT_SIDES) {
          const file = files[CONTACT_FIELDS[side].image];
          const alt = fields[CONTACT_FIELDS[side].alt];
          // The rules above leave a side without its text only when nothing of it was sent.
          if (alt === undefined) continue;
          changes[side] = file
            ? {
                image: await saveUpload(storage, CONTACT_FOLDER, file, {
                  kind: 'contact',
                  field: CONTACT_FIELDS[side].image,
                  formats: ['png', 'jpeg'],
                  typeMessage: CONTENT_MESSAGES.contactPngOrJpeg,
                }),
                alt,
              }
            : { alt };
        }
        const replaced = await repository.save(changes, user.id, clock.now());
        await removeFiles(storage, replaced.flatMap(imageKeys));
      } catch (error) {
        await removeFiles(storage, Object.values(changes).flatMap((change) => (change.image ? imageKeys(change.image) : [])));
        throw error;
      }
      log.info({ userId: user.id, images: CONTACT_SIDES.filter((side) => changes[side]?.image), texts: Object.keys(changes) }, 'contact images uploaded');
      return this.get();
    },
  };
}

/** A value per side. */
function sides<T>(of: (side: ContactSide) => T): Record<ContactSide, T> {
  return { left: of('left'), right: of('right') };
}

export type ContactService = ReturnType<typeof createContactService>;
