import {
  AUTHOR_TYPE_LABELS,
  REGULATION_STATE_LABELS,
  REGULATION_STATES,
  type AuthorType,
  type DemType,
  type RegulationFormField,
  type RegulationMode,
  type RegulationState,
  type RegulationType,
  type Role,
} from '@concejo/contracts';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { FieldError, invalidProps, listOf } from '../../../components/form/field-error';
import { useCouncilDates } from '../../../components/site';
import { withAuthorType, withDemType, withType, type RegulationFormValues } from '../form-rules';
import { DemTypeSelect, NumberInput, TypeSelect } from './regulation-inputs';
import { RegulationPdfFields, type PdfFieldsProps } from './regulation-pdf-fields';
import { ListEditor } from './list-editor';
import { RelatedPicker } from './related-picker';

type RegulationFieldsProps = PdfFieldsProps & {
  mode: RegulationMode;
  role: Role;
  ownName: string;
  /** Update: the regulation itself, kept out of its own link pickers. */
  regulationId?: number;
};

/** Every field of the regulation form, shown, hidden or disabled as `layout` says for the role and type. */
export function RegulationFields({ mode, role, ownName, values, onChange, layout, errors, onPickFile, stored, regulationId, disabled = false }: RegulationFieldsProps) {
  const dates = useCouncilDates();
  const set = <K extends keyof RegulationFormValues>(key: K, value: RegulationFormValues[K]) => onChange((current) => ({ ...current, [key]: value }));
  const fieldProps = (id: string, field: RegulationFormField) => invalidProps(id, errors[field]);

  return (
    <>
      <Row className="g-3">
        {layout.creationDate === 'readonly' && (
          <Col md={6}>
            {/* Read-only: plain text (no field border), the es-AR 24-hour date. */}
            <Form.Group controlId="regulation-creation-date">
              <Form.Label>Fecha de creación</Form.Label>
              <Form.Control plaintext readOnly value={dates.formatDateTime(dates.localToIso(values.creationDate) ?? '')} />
            </Form.Group>
          </Col>
        )}
        {layout.creationDate === 'editable' && (
          <Col md={6}>
            <Form.Group controlId="regulation-creation-date">
              <Form.Label>Fecha de creación</Form.Label>
              <Form.Control
                type="datetime-local"
                value={values.creationDate}
                disabled={disabled}
                onChange={(event) => set('creationDate', event.target.value)}
                {...invalidProps('regulation-creation-date', errors.creation_date, 'regulation-creation-date-hint')}
              />
              <Form.Text id="regulation-creation-date-hint" className="form-hint">
                Si se deja vacía, se usa la fecha actual.
              </Form.Text>
              <FieldError fieldId="regulation-creation-date" error={errors.creation_date} />
            </Form.Group>
          </Col>
        )}
        <Col md={6}>
          <TypeSelect
            id="regulation-type"
            value={values.type}
            disabled={disabled || layout.typeDisabled}
            onChange={(event) => onChange((current) => withType(current, event.target.value as RegulationType | '', role, mode, ownName))}
            error={errors.type}
            placeholder={!values.type}
            // On update the stored type is shown even when the role could not register it.
            options={layout.typeOptions.includes(values.type as RegulationType) || !values.type ? layout.typeOptions : [values.type as RegulationType, ...layout.typeOptions]}
          />
        </Col>
        {layout.demType && (
          <Col md={6}>
            <DemTypeSelect
              id="regulation-dem-type"
              value={values.demType}
              disabled={disabled}
              onChange={(event) => onChange((current) => withDemType(current, event.target.value as DemType | ''))}
              error={errors.dem_type}
            />
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
            <NumberInput id="regulation-number" value={values.number} disabled={disabled} onChange={(event) => set('number', event.target.value)} error={errors.number} />
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
          error={listOf(errors.authors)}
        />
        {layout.keywords && (
          <ListEditor
            id="regulation-keywords"
            label="Palabras clave"
            itemName="palabra clave"
            items={values.keywords}
            onChange={(keywords) => set('keywords', keywords)}
            disabled={disabled}
            error={listOf(errors.keywords)}
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

      <RegulationPdfFields values={values} onChange={onChange} layout={layout} errors={errors} onPickFile={onPickFile} stored={stored} disabled={disabled} />

      {layout.links && (
        <fieldset>
          <legend className="fs-6 fw-semibold mb-1">Normas relacionadas</legend>
          <p className="form-hint small mb-2">Cada norma elegida lleva su relación (Modifica, si no se elige otra): elíjala en la lista junto a su nombre.</p>
          <Row className="g-3">
            <Col md={6}>
              <RelatedPicker
                id="regulation-modifies"
                label="Normas que modifica"
                selected={values.modifies}
                onChange={(modifies) => set('modifies', modifies)}
                exceptId={regulationId}
                error={listOf(errors.modifies)}
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
                error={listOf(errors.modified_by)}
                disabled={disabled}
              />
            </Col>
          </Row>
        </fieldset>
      )}
    </>
  );
}
