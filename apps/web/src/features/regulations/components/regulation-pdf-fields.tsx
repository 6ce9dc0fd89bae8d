import { REGULATION_MESSAGES, type RegulationFormField } from '@concejo/contracts';
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

type PdfFieldsProps = {
  values: RegulationFormValues;
  onChange: (update: (values: RegulationFormValues) => RegulationFormValues) => void;
  layout: RegulationFormLayout;
  errors: RegulationFieldErrors;
  onFieldError: (field: RegulationFormField, message: string | null) => void;
  /** Update: the PDFs already stored, shown as links with a remove button. */
  stored?: StoredPdfs;
  disabled: boolean;
};

/** The in-process and approved PDFs: the stored ones (update) and their file inputs, as `layout` offers them. */
export function RegulationPdfFields({ values, onChange, layout, errors, onFieldError, stored, disabled }: PdfFieldsProps) {
  const set = <K extends keyof RegulationFormValues>(key: K, value: RegulationFormValues[K]) => onChange((current) => ({ ...current, [key]: value }));
  if (values.type === 'correspondence' || values.type === '') return null;
  return (
        <Row className="g-3">
          {(layout.pdfProcess || stored?.pdf_process) && (
            <Col md={6}>
              <PdfGroup legend={stored ? 'PDF en proceso' : null}>
                {stored && (
                  <StoredPdf
                    url={stored.pdf_process}
                    removed={values.removePdfProcess}
                    onToggle={() => set('removePdfProcess', !values.removePdfProcess)}
                    label="PDF en proceso"
                  />
                )}
                {layout.pdfProcess && (
                  <FileInput
                    id="regulation-pdf-process"
                    label={stored?.pdf_process ? 'Reemplazar PDF en proceso' : 'Archivo PDF en proceso'}
                    file={values.pdfProcess}
                    accept={PDF}
                    wrongTypeMessage={REGULATION_MESSAGES.pdfOnly}
                    disabled={disabled}
                    error={listOf(errors.pdf_process)}
                    onChange={(file, error) => {
                      set('pdfProcess', file);
                      onFieldError('pdf_process', error);
                    }}
                  />
                )}
              </PdfGroup>
            </Col>
          )}
          {(layout.pdfApproved || stored?.pdf_approved) && (
            <Col md={6}>
              <PdfGroup legend={stored ? 'PDF aprobado' : null}>
                {stored && (
                  <StoredPdf
                    url={stored.pdf_approved}
                    removed={values.removePdfApproved}
                    onToggle={() => set('removePdfApproved', !values.removePdfApproved)}
                    label="PDF aprobado"
                  />
                )}
                {layout.pdfApproved && (
                  <FileInput
                    id="regulation-pdf-approved"
                    label={stored?.pdf_approved ? 'Reemplazar PDF aprobado' : 'Archivo PDF aprobado'}
                    file={values.pdfApproved}
                    accept={PDF}
                    wrongTypeMessage={REGULATION_MESSAGES.pdfOnly}
                    disabled={disabled}
                    error={listOf(errors.pdf_approved)}
                    onChange={(file, error) => {
                      set('pdfApproved', file);
                      onFieldError('pdf_approved', error);
                    }}
                  />
                )}
              </PdfGroup>
            </Col>
          )}
        </Row>
  );
}
