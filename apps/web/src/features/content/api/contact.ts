import { CONTENT_PATHS, contactListSchema, type ContactRecord } from '@concejo/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, apiUpload } from '../../../lib/api-client';
import type { UploadInput } from './create-banner';
import { CONTACT_KEY, refreshContact } from './keys';

/** GET /contact: the images the 'Contacto' section shows now (the first record is used, spec 3). */
export function getContact({ signal }: { signal?: AbortSignal } = {}): Promise<ContactRecord | null> {
  return apiClient.get(CONTENT_PATHS.contact, { schema: contactListSchema, signal }).then((list) => list[0] ?? null);
}

export function useContact() {
  return useQuery({ queryKey: [...CONTACT_KEY, 'current'], queryFn: ({ signal }) => getContact({ signal }) });
}

/** POST /contact (multipart image_left, image_right, image_left_alt, image_right_alt). */
export function uploadContact({ form, onProgress }: UploadInput): Promise<ContactRecord | null> {
  return apiUpload(CONTENT_PATHS.contact, { body: form, schema: contactListSchema, onProgress }).then((list) => list[0] ?? null);
}

export function useUploadContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadContact,
    onSuccess: (record) => {
      // The form's next edit is measured against what was just saved, before the lists are read again.
      queryClient.setQueryData([...CONTACT_KEY, 'current'], record);
      return refreshContact(queryClient);
    },
  });
}
