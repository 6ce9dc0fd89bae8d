import { REGULATION_MESSAGES } from '@concejo/contracts';
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { listOf } from '../../../components/form/field-error';
import { FileInput } from '../../../components/file-input';
import type { RegulationFormLayout, RegulationFormValues } from '../form-rules';
import type { RegulationFieldErrors } from '../use-regulation-form';

export type StoredPdfs = { pdf_process: string | null; pdf_approved: string | null };

const PDF = 'application/pdf';

/** On edit the stored PDF and its replacement are grouped under one legend; on create the file input's label is enough. */
function PdfGroup({ legend, children }: { legend: string | null; children: ReactNode }) {
  if (!legend) return <>{children}</>;
  return (
    <fieldset>
      <legend className="form-label fs-6 fw-semibold mb-2">{legend}</legend>
      {children}
    </fieldset>
  );
}

function StoredPdf({ url, removed, onToggle, label }: { url: string | null; removed: boolean; onToggle: () => void; label: string }) {
  if (!url) return <p className="mb-2">Sin PDF cargado.</p>;
  return (
    <p className="mb-2 d-flex flex-wrap align-items-center gap-3">
      {removed ? (
        <span>El PDF se quitará al guardar.</span>
      ) : (
        <a href={url} target="_blank" rel="noreferrer">
          Ver {label}
          <span className="visually-hidden"> (se abre en otra pestaña)</span>
        </a>
      )}
      <Button variant={removed ? 'outline-dark' : 'outline-danger'} size="sm" onClick={onToggle}>
        {removed ? 'Conservar PDF' : `Quitar ${label}`}
      </Button>
    </p>
  );
}

export type PdfFieldsProps = {
  values: RegulationFormValues;
  onChange: (update: (values: RegulationFormValues) => RegulationFormValues) => void;
  layout: RegulationFormLayout;
  errors: RegulationFieldErrors;
  /** A file picker rejected a file, or a field's error was fixed: the page keeps the errors. */
  /** A file picked for a PDF field, or refused by its input (use-regulation-form.ts). */
  onPickFile: (field: 'pdf_process' | 'pdf_approved', file: File | null, error: string | null) => void;
  /** Update: the PDFs already stored, shown as links with a remove button. */
  stored?: StoredPdfs;
  disabled?: boolean;
};

/** The two PDFs: the API's field, the form's value and remove flag, the layout's switch and the words. */
const PDFS = [
  { field: 'pdf_process', value: 'pdfProcess', remove: 'removePdfProcess', offered: 'pdfProcess', id: 'regulation-pdf-process', label: 'PDF en proceso' },
  { field: 'pdf_approved', value: 'pdfApproved', remove: 'removePdfApproved', offered: 'pdfApproved', id: 'regulation-pdf-approved', label: 'PDF aprobado' },
] as const;

/** The in-process and approved PDFs: the stored ones (update) and their file inputs, as `layout` offers them. */
export function RegulationPdfFields({ values, onChange, layout, errors, onPickFile, stored, disabled = false }: PdfFieldsProps) {
  const set = <K extends keyof RegulationFormValues>(key: K, value: RegulationFormValues[K]) => onChange((current) => ({ ...current, [key]: value }));
  if (values.type === 'correspondence' || values.type === '') return null;
  return (
    <Row className="g-3">
      {PDFS.filter((pdf) => layout[pdf.offered] || stored?.[pdf.field]).map((pdf) => (
        <Col md={6} key={pdf.field}>
          <PdfGroup legend={stored ? pdf.label : null}>
            {stored && <StoredPdf url={stored[pdf.field]} removed={values[pdf.remove]} onToggle={() => set(pdf.remove, !values[pdf.remove])} label={pdf.label} />}
            {layout[pdf.offered] && (
              <FileInput
                id={pdf.id}
                label={stored?.[pdf.field] ? `Reemplazar ${pdf.label}` : `Archivo ${pdf.label}`}
                file={values[pdf.value]}
                accept={PDF}
                wrongTypeMessage={REGULATION_MESSAGES.pdfOnly}
                disabled={disabled}
                error={listOf(errors[pdf.field])}
                onChange={(file, error) => onPickFile(pdf.field, file, error)}
              />
            )}
          </PdfGroup>
        </Col>
      ))}
    </Row>
  );
}
