import { CONTENT_MESSAGES } from '@concejo/contracts';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate } from 'react-router';
import { toFormData } from '../../../components/form/form-data';
import { applyServerErrors } from '../../../components/form/server-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useToast } from '../../../components/toast/use-toast';
import { paths } from '../../../lib/paths';
import { useDelayed } from '../../../lib/use-delayed';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCreateNews } from '../api/create-news';
import { firstMessage, imagePicker, newsCreateFormSchema, newsFailureMessage } from '../content-form';
import { NewsFields } from '../components/news-fields';
import { UploadProgress } from '../components/upload-progress';
import '../content.scss';

/** Spec 4: the news list opens 1 s after the item is created. */
export const REDIRECT_AFTER_NEWS_MS = 1000;

const FIELDS = ['image', 'status', 'title', 'description', 'video_url'] as const;

/** cargar-noticia: image, status, title, rich description and an optional video or Instagram link (spec 2.5.13). */
export function NewsCreatePage() {
  useDocumentTitle('Cargar Noticia');
  const toast = useToast();
  const navigate = useNavigate();
  const later = useDelayed();
  const create = useCreateNews();
  const form = useZodForm(newsCreateFormSchema, {
    // Inactivo by default (spec 4), so nothing reaches the home page before it is meant to.
    defaultValues: { status: '0', title: '', description: '', video_url: '', image: null },
  });
  const { register, handleSubmit, setValue, setError, watch, formState } = form;
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState(false);

  const fail = (message: string) => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
    toast.error(message);
  };

  const handleCreate = handleSubmit(
    ({ image, ...fields }) => {
      setProgress(0);
      create.mutate(
        { form: toFormData({ image, ...fields, type: 'new' }), onProgress: setProgress },
        {
          onSuccess: () => {
            setDone(true);
            toast.success(CONTENT_MESSAGES.newsCreated);
            later(() => void navigate(paths.panel.newsManage.getHref('/cm')), REDIRECT_AFTER_NEWS_MS);
          },
          onError: (error) => {
            setProgress(null);
            applyServerErrors(error, setError, FIELDS);
            fail(newsFailureMessage(error));
          },
        },
      );
    },
    (errors) => fail(firstMessage(errors, FIELDS)),
  );

  const busy = create.isPending || done;
  return (
    <div className="content-form-page">
      <h1 className="mb-3">Cargar Noticia</h1>
      <Form noValidate onSubmit={handleCreate} className="content-form">
        <NewsFields
          idPrefix="news"
          register={register}
          errors={formState.errors}
          description=""
          onDescription={(html) => setValue('description', html, { shouldDirty: true, shouldValidate: formState.isSubmitted })}
          image={watch('image') ?? null}
          onImage={imagePicker(form, 'image')}
          disabled={busy}
          imageLabel="Imagen"
        />
        <UploadProgress fraction={progress} label="Subiendo noticia" />
        <Button type="submit" disabled={busy}>
          {create.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          Subir Noticia
        </Button>
      </Form>
    </div>
  );
}
