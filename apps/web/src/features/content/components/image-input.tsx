import { useEffect, useMemo, type ComponentProps } from 'react';
import { FileInput } from '../../../components/file-input';

type ImageInputProps = Omit<ComponentProps<typeof FileInput>, 'children'> & {
  /** Image shown while no new file is picked (the current one, when editing). */
  currentUrl?: string | null;
  currentAlt?: string;
};

/**
 * The shared file input with a preview of the chosen image (or of the current one). Only the accepted
 * types are kept; the server checks the bytes again.
 */
export function ImageInput({ currentUrl, currentAlt, ...fileInput }: ImageInputProps) {
  const { file } = fileInput;
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  // The preview's object URL holds the file in memory until revoked.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const shown = preview ?? currentUrl ?? null;
  return (
    <FileInput {...fileInput}>
      {shown && (
        <img
          src={shown}
          alt={preview ? `Vista previa de ${file?.name ?? 'la imagen elegida'}` : (currentAlt ?? 'Imagen actual')}
          className="content-image-preview mt-2"
        />
      )}
    </FileInput>
  );
}
