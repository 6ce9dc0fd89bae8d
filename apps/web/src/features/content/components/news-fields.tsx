import { CONTENT_MESSAGES, CONTENT_STATUS_LABELS, IMAGE_ACCEPT, MAX_NEWS_TITLE } from '@concejo/contracts';
import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError, invalidProps, type FieldMessage } from '../../../components/form/field-error';
import { isEmptyHtml } from '../content-form';
import { ImageInput } from './image-input';
import { RichTextEditor } from './rich-text-editor';

type TextField = 'status' | 'title' | 'video_url';

type NewsFieldsProps = {
  idPrefix: string;
  /** The form's `register`, for the plain fields. */
  register: (name: TextField) => UseFormRegisterReturn;
  errors: Partial<Record<TextField | 'description' | 'image', FieldMessage>>;
  /** The editor's first HTML (it is uncontrolled after mount) and where its changes go. */
  description: string;
  onDescription: (html: string) => void;
  image: File | null;
  onImage: (file: File | null, error: string | null) => void;
  disabled?: boolean;
  imageLabel: string;
  currentImage?: { url: string | null; alt: string };
};

/** The fields a news item has on both forms: image, status, title, rich description, video or Instagram link. */
export function NewsFields({ idPrefix, register, errors, description, onDescription, image, onImage, disabled, imageLabel, currentImage }: NewsFieldsProps) {
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <>
      <ImageInput
        id={id('image')}
        label={imageLabel}
        file={image}
        accept={IMAGE_ACCEPT}
        wrongTypeMessage={CONTENT_MESSAGES.imageType}
        onChange={onImage}
        error={errors.image}
        hint="PNG, JPEG o WebP, hasta 8 MB."
        disabled={disabled}
        currentUrl={currentImage?.url}
        currentAlt={currentImage?.alt}
      />
      <Form.Group className="mb-3" controlId={id('status')}>
        <Form.Label>Estado</Form.Label>
        <Form.Select {...register('status')} disabled={disabled} {...invalidProps(id('status'), errors.status)}>
          <option value="0">{CONTENT_STATUS_LABELS[0]}</option>
          <option value="1">{CONTENT_STATUS_LABELS[1]}</option>
        </Form.Select>
        <FieldError fieldId={id('status')} error={errors.status} />
      </Form.Group>
      <Form.Group className="mb-3" controlId={id('title')}>
        <Form.Label>Título</Form.Label>
        <Form.Control maxLength={MAX_NEWS_TITLE} {...register('title')} disabled={disabled} {...invalidProps(id('title'), errors.title)} />
        <FieldError fieldId={id('title')} error={errors.title} />
      </Form.Group>
      {/* An empty editor still holds markup (<p><br></p>): the form takes it as the empty field it is. */}
      <RichTextEditor id={id('description')} label="Descripción" value={description} onChange={(html) => onDescription(isEmptyHtml(html) ? '' : html)} error={errors.description} />
      <Form.Group className="mb-3" controlId={id('video_url')}>
        <Form.Label>Link de video o de Instagram (opcional)</Form.Label>
        <Form.Control type="url" inputMode="url" placeholder="https://" {...register('video_url')} disabled={disabled} {...invalidProps(id('video_url'), errors.video_url, `${id('video_url')}-hint`)} />
        <Form.Text id={`${id('video_url')}-hint`} className="content-hint">
          Una noticia necesita una imagen o este link.
        </Form.Text>
        <FieldError fieldId={id('video_url')} error={errors.video_url} />
      </Form.Group>
    </>
  );
}
