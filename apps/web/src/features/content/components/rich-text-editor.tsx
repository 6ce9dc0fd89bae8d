import { lazy, Suspense } from 'react';
import Form from 'react-bootstrap/Form';
import { describedBy, FieldError, messageOf, type FieldMessage } from '../../../components/form/field-error';
import { Loading } from '../../../components/loading';
import type { QuillEditorProps } from './quill-editor';

// The editor (Quill) is a large download: it loads only when a cm form that needs it opens.
const QuillEditor = lazy(() => import('./quill-editor'));

type RichTextEditorProps = Omit<QuillEditorProps, 'labelId' | 'describedBy'> & { label: string; error?: FieldMessage; hint?: string };

/** A labelled rich-text field: the label names the editable area, errors and hints describe it. */
export function RichTextEditor({ id, label, error, hint, ...editor }: RichTextEditorProps) {
  const labelId = `${id}-label`;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="mb-3">
      <Form.Label id={labelId} as="div">
        {label}
      </Form.Label>
      <Suspense fallback={<Loading />}>
        <QuillEditor id={id} labelId={labelId} describedBy={describedBy(id, error, hintId)} invalid={messageOf(error) !== ''} {...editor} />
      </Suspense>
      {hint && (
        <Form.Text id={hintId} className="content-hint d-block">
          {hint}
        </Form.Text>
      )}
      <FieldError fieldId={id} error={error} />
    </div>
  );
}
