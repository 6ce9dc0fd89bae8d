import { DEM_TYPE_LABELS, DEM_TYPES, REGULATION_MESSAGES, REGULATION_TYPE_LABELS, type DemType, type RegulationType } from '@concejo/contracts';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { FileInput } from '../../../components/file-input';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCreateOldRegulation } from '../api/create-old-regulation';
import { describedBy, FieldError } from '../components/field-error';
import { FormAlert, type FormOutcome } from '../components/form-alert';
import { ListEditor } from '../components/list-editor';
import { submitErrorMessages } from '../components/submit-error';
import { flattenErrors, type FormErrors } from '../form-rules';
import { EMPTY_OLD_REGULATION, toOldRegulationFormData, validateOldRegulation, type OldRegulationValues } from '../old-regulation-rules';
import '../regulations.scss';

const TYPES = Object.keys(REGULATION_TYPE_LABELS) as RegulationType[];
export const OLD_REGULATION_CREATED = 'Normativa antigua cargada correctamente.';

/** cargar-normativa-antigua (admin): a regulation from before the registry, with its PDF (spec 2.5.3). */
export function OldRegulationCreatePage() {
  useDocumentTitle('Cargar normativa antigua');
  const [values, setValues] = useState<OldRegulationValues>(EMPTY_OLD_REGULATION);
  const [errors, setErrors] = useState<FormErrors>({});
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const [focusKey, setFocusKey] = useState(0);
  const create = useCreateOldRegulation();

  const set = <K extends keyof OldRegulationValues>(key: K, value: OldRegulationValues[K]) => setValues((current) => ({ ...current, [key]: value }));
  const show = (next: FormOutcome) => {
    setOutcome(next);
    setFocusKey((key) => key + 1);
  };
  const fieldProps = (id: string, field: string) => ({
    isInvalid: !!errors[field]?.length,
    'aria-invalid': !!errors[field]?.length,
    'aria-describedby': describedBy(id, errors[field]),
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateOldRegulation(values);
    setErrors(found);
    const messages = flattenErrors(found);
    if (messages.length) {
      show({ variant: 'danger', messages });
      return;
    }
    create.mutate(toOldRegulationFormData(values), {
      onSuccess: () => {
        setValues(EMPTY_OLD_REGULATION);
        setErrors({});
        show({ variant: 'success', messages: [OLD_REGULATION_CREATED] });
      },
      onError: (error) => {
        const { messages: failure, fieldErrors } = submitErrorMessages(error);
        setErrors(fieldErrors);
        show({ variant: 'danger', messages: failure });
      },
    });
  };

  return (
    <div className="regulation-form-page">
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-3">
        <h1 id="old-regulation-title" className="mb-0">
          Cargar normativa antigua
        </h1>
        <Link to={paths.panel.regulationCreate.getHref('/admin')}>Volver a Cargar normativa</Link>
      </div>
      <FormAlert outcome={outcome} focusKey={focusKey} />
      <Card className="shadow-sm">
        <Card.Body>
          <Form noValidate onSubmit={handleSubmit} aria-labelledby="old-regulation-title">
            <Row className="g-3 mb-3">
              <Col md={6}>
                <Form.Group controlId="old-regulation-date">
                  <Form.Label>Fecha</Form.Label>
                  <Form.Control type="date" value={values.date} onChange={(event) => set('date', event.target.value)} {...fieldProps('old-regulation-date', 'date')} />
                  <FieldError fieldId="old-regulation-date" error={errors.date} />
                </Form.Group>
              </Col>
              <Col md={6}>
                <Form.Group controlId="old-regulation-type">
                  <Form.Label>Tipo</Form.Label>
                  <Form.Select
                    value={values.type}
                    onChange={(event) => {
                      const type = event.target.value as RegulationType | '';
                      setValues((current) => ({ ...current, type, demType: type === 'dem-message' ? current.demType : '' }));
                    }}
                    {...fieldProps('old-regulation-type', 'type')}
                  >
                    <option value="">Seleccione un tipo</option>
                    {TYPES.map((type) => (
                      <option key={type} value={type}>
                        {REGULATION_TYPE_LABELS[type]}
                      </option>
                    ))}
                  </Form.Select>
                  <FieldError fieldId="old-regulation-type" error={errors.type} />
                </Form.Group>
              </Col>
              {values.type === 'dem-message' && (
                <Col md={6}>
                  <Form.Group controlId="old-regulation-dem-type">
                    <Form.Label>Tipo de normativa del DEM</Form.Label>
                    <Form.Select value={values.demType} onChange={(event) => set('demType', event.target.value as DemType | '')} {...fieldProps('old-regulation-dem-type', 'dem_type')}>
                      <option value="">Seleccione el tipo del DEM</option>
                      {DEM_TYPES.map((demType) => (
                        <option key={demType} value={demType}>
                          {DEM_TYPE_LABELS[demType]}
                        </option>
                      ))}
                    </Form.Select>
                    <FieldError fieldId="old-regulation-dem-type" error={errors.dem_type} />
                  </Form.Group>
                </Col>
              )}
              <Col md={6}>
                <Form.Group controlId="old-regulation-number">
                  <Form.Label>Número</Form.Label>
                  <Form.Control
                    type="number"
                    inputMode="numeric"
                    min={1}
                    step={1}
                    value={values.number}
                    onChange={(event) => set('number', event.target.value)}
                    {...fieldProps('old-regulation-number', 'number')}
                  />
                  <FieldError fieldId="old-regulation-number" error={errors.number} />
                </Form.Group>
              </Col>
            </Row>
            <ListEditor
              id="old-regulation-keywords"
              label="Palabras clave"
              itemName="palabra clave"
              items={values.keywords}
              onChange={(keywords) => set('keywords', keywords)}
              error={errors.keywords}
            />
            <FileInput
              id="old-regulation-pdf"
              label="Archivo PDF"
              file={values.pdf}
              accept="application/pdf"
              wrongTypeMessage={REGULATION_MESSAGES.pdfOnly}
              error={errors.pdf}
              onChange={(file, error) => {
                set('pdf', file);
                setErrors((current) => ({ ...current, pdf: error ? [error] : undefined }));
              }}
            />
            <Button type="submit" variant="primary" disabled={create.isPending}>
              {create.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
              Cargar normativa antigua
            </Button>
          </Form>
        </Card.Body>
      </Card>
    </div>
  );
}
