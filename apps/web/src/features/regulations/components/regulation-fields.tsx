import {
  AUTHOR_TYPE_LABELS,
  DEM_TYPE_LABELS,
  DEM_TYPES,
  REGULATION_MESSAGES,
  REGULATION_STATE_LABELS,
  REGULATION_STATES,
  REGULATION_TYPE_LABELS,
  type AuthorType,
  type DemType,
  type RegulationState,
  type RegulationType,
  type Role,
} from '@concejo/contracts';
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { FileInput } from '../../../components/file-input';
import { councilLocalToIso, formatDateTime } from '../format';
import { withAuthorType, withDemType, withType, type FormErrors, type FormMode, type RegulationFormLayout, type RegulationFormValues } from '../form-rules';
import { describedBy, FieldError } from './field-error';
import { ListEditor } from './list-editor';
import { RelatedPicker } from './related-picker';

export type StoredPdfs = { pdf_process: string | null; pdf_approved: string | null };

type RegulationFieldsProps = {
  mode: FormMode;
  role: Role;
  ownName: string;
  values: RegulationFormValues;
  onChange: (update: (values: RegulationFormValues) => RegulationFormValues) => void;
  layout: RegulationFormLayout;
  errors: FormErrors;
  /** A file picker rejected a file, or a field's error was fixed: the page keeps the errors. */
  onFieldError: (field: string, message: string | null) => void;
  /** Edit: the PDFs already stored, shown as links with a remove button. */
  stored?: StoredPdfs;
  /** Edit: the regulation itself, kept out of its own link pickers. */
  regulationId?: number;
  disabled?: boolean;
};

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

/** Every field of the regulation form, shown, hidden or disabled as `layout` says for the role and type. */
export function RegulationFields({ mode, role, ownName, values, onChange, layout, errors, onFieldError, stored, regulationId, disabled = false }: RegulationFieldsProps) {
  const set = <K extends keyof RegulationFormValues>(key: K, value: RegulationFormValues[K]) => onChange((current) => ({ ...current, [key]: value }));
  const fieldProps = (id: string, field: string) => ({
    isInvalid: !!errors[field]?.length,
    'aria-invalid': !!errors[field]?.length,
    'aria-describedby': describedBy(id, errors[field]),
  });

  return (
    <>
      <Row className="g-3">
        {layout.creationDate !== 'hidden' && (
          <Col md={6}>
            <Form.Group controlId="regulation-creation-date">
              <Form.Label>Fecha de creación</Form.Label>
              <Form.Control
                // Read-only, it shows the es-AR 24-hour date rather than the browser's own datetime widget.
                type={layout.creationDate === 'readonly' ? 'text' : 'datetime-local'}
                value={layout.creationDate === 'readonly' ? formatDateTime(councilLocalToIso(values.creationDate) ?? '') : values.creationDate}
                readOnly={layout.creationDate === 'readonly'}
                disabled={disabled}
                onChange={(event) => set('creationDate', event.target.value)}
                {...fieldProps('regulation-creation-date', 'creation_date')}
                aria-describedby={
                  layout.creationDate === 'editable'
                    ? describedBy('regulation-creation-date', errors.creation_date, 'regulation-creation-date-hint')
                    : undefined
                }
              />
              {layout.creationDate === 'editable' && (
                <Form.Text id="regulation-creation-date-hint" className="form-hint">
                  Si se deja vacía, se usa la fecha actual.
                </Form.Text>
              )}
              <FieldError fieldId="regulation-creation-date" error={errors.creation_date} />
            </Form.Group>
          </Col>
        )}
        <Col md={6}>
          <Form.Group controlId="regulation-type">
            <Form.Label>Tipo</Form.Label>
            <Form.Select
              value={values.type}
              disabled={disabled || layout.typeDisabled}
              onChange={(event) => onChange((current) => withType(current, event.target.value as RegulationType | '', role, mode, ownName))}
              {...fieldProps('regulation-type', 'type')}
            >
              {!values.type && <option value="">Seleccione un tipo</option>}
              {(layout.typeOptions.includes(values.type as RegulationType) || !values.type ? layout.typeOptions : [values.type as RegulationType, ...layout.typeOptions]).map((type) => (
                <option key={type} value={type}>
                  {REGULATION_TYPE_LABELS[type]}
                </option>
              ))}
            </Form.Select>
            <FieldError fieldId="regulation-type" error={errors.type} />
          </Form.Group>
        </Col>
        {layout.demType && (
          <Col md={6}>
            <Form.Group controlId="regulation-dem-type">
              <Form.Label>Tipo de normativa del DEM</Form.Label>
              <Form.Select
                value={values.demType}
                disabled={disabled}
                onChange={(event) => onChange((current) => withDemType(current, event.target.value as DemType | ''))}
                {...fieldProps('regulation-dem-type', 'dem_type')}
              >
                <option value="">Seleccione el tipo del DEM</option>
                {DEM_TYPES.map((demType) => (
                  <option key={demType} value={demType}>
                    {DEM_TYPE_LABELS[demType]}
                  </option>
                ))}
              </Form.Select>
              <FieldError fieldId="regulation-dem-type" error={errors.dem_type} />
            </Form.Group>
          </Col>
        )}
        <Col md={6}>
          <Form.Group controlId="regulation-author-type">
            <Form.Label>Tipo de autor</Form.Label>
            <Form.Select
              value={values.authorType}
              disabled={disabled || layout.authorTypeDisabled}
              onChange={(event) => onChange((current) => withAuthorType(current, event.target.value as AuthorType | '', role, ownName))}
              {...fieldProps('regulation-author-type', 'author_type')}
            >
              {(!values.authorType || layout.authorTypeOptions.length === 0) && <option value="">{values.type ? 'Seleccione el tipo de autor' : 'Elija primero el tipo'}</option>}
              {layout.authorTypeOptions.map((authorType) => (
                <option key={authorType} value={authorType}>
                  {AUTHOR_TYPE_LABELS[authorType]}
                </option>
              ))}
            </Form.Select>
            <FieldError fieldId="regulation-author-type" error={errors.author_type} />
          </Form.Group>
        </Col>
        {layout.state !== 'hidden' && (
          <Col md={6}>
            <Form.Group controlId="regulation-state">
              <Form.Label>Estado</Form.Label>
              <Form.Select
                value={values.state}
                disabled={disabled || layout.state === 'disabled'}
                onChange={(event) => set('state', event.target.value as RegulationState)}
                {...fieldProps('regulation-state', 'state')}
              >
                {REGULATION_STATES.map((state) => (
                  <option key={state} value={state}>
                    {REGULATION_STATE_LABELS[state]}
                  </option>
                ))}
              </Form.Select>
              <FieldError fieldId="regulation-state" error={errors.state} />
            </Form.Group>
          </Col>
        )}
        {layout.number && (
          <Col md={6}>
            <Form.Group controlId="regulation-number">
              <Form.Label>Número</Form.Label>
              <Form.Control
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                value={values.number}
                disabled={disabled}
                onChange={(event) => set('number', event.target.value)}
                {...fieldProps('regulation-number', 'number')}
              />
              <FieldError fieldId="regulation-number" error={errors.number} />
            </Form.Group>
          </Col>
        )}
      </Row>

      <div className="mt-3">
        <ListEditor
          id="regulation-authors"
          label="Autores"
          itemName="autor"
          items={values.authors}
          onChange={(authors) => set('authors', authors)}
          lockedFirst={layout.lockedFirstAuthor}
          disabled={disabled || layout.authorsDisabled}
          error={errors.authors}
        />
        {layout.keywords && (
          <ListEditor
            id="regulation-keywords"
            label="Palabras clave"
            itemName="palabra clave"
            items={values.keywords}
            onChange={(keywords) => set('keywords', keywords)}
            disabled={disabled}
            error={errors.keywords}
          />
        )}
        <Form.Group className="mb-3" controlId="regulation-subject">
          <Form.Label>Tema</Form.Label>
          <Form.Control
            as="textarea"
            rows={3}
            maxLength={2000}
            value={values.subject}
            disabled={disabled}
            onChange={(event) => set('subject', event.target.value)}
            {...fieldProps('regulation-subject', 'subject')}
          />
          <FieldError fieldId="regulation-subject" error={errors.subject} />
        </Form.Group>
      </div>

      {values.type !== 'correspondence' && values.type !== '' && (
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
                    error={errors.pdf_process}
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
                    error={errors.pdf_approved}
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
      )}

      {layout.links && (
        <Row className="g-3">
          <Col md={6}>
            <RelatedPicker
              id="regulation-modifies"
              label="Normas que modifica"
              selected={values.modifies}
              onChange={(modifies) => set('modifies', modifies)}
              exceptId={regulationId}
              error={errors.modifies}
              disabled={disabled}
            />
          </Col>
          <Col md={6}>
            <RelatedPicker
              id="regulation-modified-by"
              label="Normas que la modifican"
              selected={values.modifiedBy}
              onChange={(modifiedBy) => set('modifiedBy', modifiedBy)}
              exceptId={regulationId}
              modifiedBy
              error={errors.modified_by}
              disabled={disabled}
            />
          </Col>
        </Row>
      )}
    </>
  );
}
