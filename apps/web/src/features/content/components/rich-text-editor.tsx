import { lazy, Suspense } from 'react';
import Form from 'react-bootstrap/Form';
import { Loading } from '../../../components/loading';
import type { QuillEditorProps } from './quill-editor';

// The editor (Quill) is a large download: it loads only when a cm form that needs it opens.
const QuillEditor = lazy(() => import('./quill-editor'));

type RichTextEditorProps = Omit<QuillEditorProps, 'labelId' | 'describedBy'> & { label: string; error?: string[] | undefined; hint?: string };

/** A labelled rich-text field: the label names the editable area, errors and hints describe it. */
export function RichTextEditor({ id, label, error, hint, ...editor }: RichTextEditorProps) {
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error?.length ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="mb-3">
      <Form.Label id={labelId} as="div">
        {label}
      </Form.Label>
      <Suspense fallback={<Loading />}>
        <QuillEditor id={id} labelId={labelId} describedBy={describedBy} invalid={!!error?.length} {...editor} />
      </Suspense>
      {hint && (
        <Form.Text id={hintId} className="content-hint d-block">
          {hint}
        </Form.Text>
      )}
      {error?.length ? (
        <div className="invalid-feedback d-block" id={errorId}>
          {error.join(' ')}
        </div>
      ) : null}
    </div>
  );
}
