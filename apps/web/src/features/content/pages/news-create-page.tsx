import { CONTENT_MESSAGES } from '@concejo/contracts';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate } from 'react-router';
import { useToast } from '../../../components/toast/use-toast';
import { paths } from '../../../lib/paths';
import { useDelayed } from '../../../lib/use-delayed';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCreateNews } from '../api/create-news';
import { fieldErrorsOf, newsDraftErrors, newsFailureMessage, type FieldErrors, type NewsDraft } from '../content-form';
import { NewsFields } from '../components/news-fields';
import { UploadProgress } from '../components/upload-progress';
import '../content.scss';

/** Spec 4: the news list opens 1 s after the item is created. */
export const REDIRECT_AFTER_NEWS_MS = 1000;

/** Inactivo by default (spec 4), so nothing reaches the home page before it is meant to. */
const EMPTY_DRAFT: NewsDraft = { status: '0', title: '', description: '', videoUrl: '' };

/** cargar-noticia: image, status, title, rich description and an optional video or Instagram link (spec 2.5.13). */
export function NewsCreatePage() {
  useDocumentTitle('Cargar Noticia');
  const toast = useToast();
  const navigate = useNavigate();
  const later = useDelayed();
  const create = useCreateNews();
  const [draft, setDraft] = useState<NewsDraft>(EMPTY_DRAFT);
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState(false);

  const fail = (message: string) => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
    toast.error(message);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = newsDraftErrors(draft, image !== null);
    setErrors(found);
    if (Object.keys(found).length) {
      fail(Object.values(found)[0]![0]!);
      return;
    }
    const form = new FormData();
    if (image) form.append('image', image);
    form.append('status', draft.status);
    form.append('title', draft.title.trim());
    form.append('description', draft.description);
    form.append('video_url', draft.videoUrl.trim());
    form.append('type', 'new');
    setProgress(0);
    create.mutate(
      { form, onProgress: setProgress },
      {
        onSuccess: () => {
          setDone(true);
          toast.success(CONTENT_MESSAGES.newsCreated);
          later(() => void navigate(paths.panel.newsManage.getHref('/cm')), REDIRECT_AFTER_NEWS_MS);
        },
        onError: (error) => {
          setProgress(null);
          setErrors(fieldErrorsOf(error));
          fail(newsFailureMessage(error));
        },
      },
    );
  };

  const busy = create.isPending || done;
  return (
    <div className="content-form-page">
      <h1 className="mb-3">Cargar Noticia</h1>
      <Form noValidate onSubmit={handleSubmit} className="content-form">
        <NewsFields
          idPrefix="news"
          draft={draft}
          onChange={setDraft}
          image={image}
          onImage={(file, error) => {
            setImage(file);
            setErrors((current) => ({ ...current, image: error ? [error] : [] }));
          }}
          errors={errors}
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
