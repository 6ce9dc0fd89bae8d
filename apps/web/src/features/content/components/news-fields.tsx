import { CONTENT_MESSAGES, CONTENT_STATUS_LABELS, IMAGE_ACCEPT, MAX_NEWS_TITLE } from '@concejo/contracts';
import Form from 'react-bootstrap/Form';
import type { FieldErrors, NewsDraft } from '../content-form';
import { ImageInput } from './image-input';
import { RichTextEditor } from './rich-text-editor';

type NewsFieldsProps = {
  idPrefix: string;
  draft: NewsDraft;
  onChange: (draft: NewsDraft) => void;
  image: File | null;
  onImage: (file: File | null, error: string | null) => void;
  errors: FieldErrors;
  disabled?: boolean;
  imageLabel: string;
  currentImage?: { url: string | null; alt: string };
};

/** The fields a news item has on both forms: image, status, title, rich description, video or Instagram link. */
export function NewsFields({ idPrefix, draft, onChange, image, onImage, errors, disabled, imageLabel, currentImage }: NewsFieldsProps) {
  const set = (patch: Partial<NewsDraft>) => onChange({ ...draft, ...patch });
  const describe = (id: string, hint?: boolean) => [hint ? `${id}-hint` : null, errors[id.replace(`${idPrefix}-`, '')]?.length ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <ImageInput
        id={`${idPrefix}-image`}
        label={imageLabel}
        file={image}
        accept={IMAGE_ACCEPT}
        wrongTypeMessage={CONTENT_MESSAGES.imageType}
        onChange={onImage}
        error={errors.image?.length ? errors.image : undefined}
        hint="PNG, JPEG o WebP, hasta 8 MB."
        disabled={disabled}
        currentUrl={currentImage?.url}
        currentAlt={currentImage?.alt}
      />
      <Form.Group className="mb-3" controlId={`${idPrefix}-status`}>
        <Form.Label>Estado</Form.Label>
        <Form.Select value={draft.status} onChange={(event) => set({ status: event.target.value })} disabled={disabled} isInvalid={!!errors.status?.length} aria-describedby={describe(`${idPrefix}-status`)}>
          <option value="0">{CONTENT_STATUS_LABELS[0]}</option>
          <option value="1">{CONTENT_STATUS_LABELS[1]}</option>
        </Form.Select>
        <Form.Control.Feedback type="invalid" id={`${idPrefix}-status-error`}>
          {errors.status?.join(' ')}
        </Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${idPrefix}-title`}>
        <Form.Label>Título</Form.Label>
        <Form.Control value={draft.title} maxLength={MAX_NEWS_TITLE} onChange={(event) => set({ title: event.target.value })} disabled={disabled} isInvalid={!!errors.title?.length} aria-describedby={describe(`${idPrefix}-title`)} />
        <Form.Control.Feedback type="invalid" id={`${idPrefix}-title-error`}>
          {errors.title?.join(' ')}
        </Form.Control.Feedback>
      </Form.Group>
      <RichTextEditor id={`${idPrefix}-description`} label="Descripción" value={draft.description} onChange={(description) => set({ description })} error={errors.description?.length ? errors.description : undefined} />
      <Form.Group className="mb-3" controlId={`${idPrefix}-video_url`}>
        <Form.Label>Link de video o de Instagram (opcional)</Form.Label>
        <Form.Control type="url" inputMode="url" placeholder="https://" value={draft.videoUrl} onChange={(event) => set({ videoUrl: event.target.value })} disabled={disabled} isInvalid={!!errors.video_url?.length} aria-describedby={describe(`${idPrefix}-video_url`, true)} />
        <Form.Text id={`${idPrefix}-video_url-hint`} className="content-hint">
          Una noticia necesita una imagen o este link.
        </Form.Text>
        <Form.Control.Feedback type="invalid" id={`${idPrefix}-video_url-error`}>
          {errors.video_url?.join(' ')}
        </Form.Control.Feedback>
      </Form.Group>
    </>
  );
}
