import { REGULATION_MESSAGES, REGULATION_TYPES_IN_ORDER } from '@concejo/contracts';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { Controller } from 'react-hook-form';
import { Link } from 'react-router';
import { FileInput } from '../../../components/file-input';
import { filePicker } from '../../../components/form/file-picker';
import { FieldError, invalidProps, listOf } from '../../../components/form/field-error';
import { applyServerErrors, invalidSubmitMessages } from '../../../components/form/server-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCreateOldRegulation } from '../api/create-old-regulation';
import { FormAlert, type FormOutcome } from '../../../components/form/form-alert';
import { ListEditor } from '../components/list-editor';
import { DemTypeSelect, NumberInput, TypeSelect } from '../components/regulation-inputs';
import { EMPTY_OLD_REGULATION, oldRegulationFormSchema, toOldRegulationFormData } from '../old-regulation-rules';
import '../regulations.scss';

export const OLD_REGULATION_CREATED = 'Normativa antigua cargada correctamente.';

/** cargar-normativa-antigua (admin): a regulation from before the registry, with its PDF (spec 2.5.3). */
export function OldRegulationCreatePage() {
  useDocumentTitle('Cargar normativa antigua');
  const form = useZodForm(oldRegulationFormSchema, { defaultValues: EMPTY_OLD_REGULATION });
  const { errors } = form.formState;
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const [focusKey, setFocusKey] = useState(0);
  const create = useCreateOldRegulation();
  const type = form.watch('type');

  const show = (next: FormOutcome) => {
    setOutcome(next);
    setFocusKey((key) => key + 1);
  };

  const handleSubmit = form.handleSubmit(
    (values) =>
      create.mutate(toOldRegulationFormData(values), {
        onSuccess: () => {
          form.reset(EMPTY_OLD_REGULATION);
          show({ variant: 'success', messages: [OLD_REGULATION_CREATED] });
        },
        onError: (error) => show({ variant: 'danger', messages: applyServerErrors(error, form.setError, ['date', 'type', 'dem_type', 'number', 'keywords', 'pdf']).messages }),
      }),
    (found) => show({ variant: 'danger', messages: invalidSubmitMessages(found) }),
  );

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
                  <Form.Control type="date" {...form.register('date')} {...invalidProps('old-regulation-date', errors.date)} />
                  <FieldError fieldId="old-regulation-date" error={errors.date} />
                </Form.Group>
              </Col>
              <Col md={6}>
                <TypeSelect id="old-regulation-type" options={REGULATION_TYPES_IN_ORDER} error={errors.type} {...form.register('type')} />
              </Col>
              {type === 'dem-message' && (
                <Col md={6}>
                  <DemTypeSelect id="old-regulation-dem-type" error={errors.dem_type} {...form.register('dem_type')} />
                </Col>
              )}
              <Col md={6}>
                <NumberInput id="old-regulation-number" error={errors.number} {...form.register('number')} />
              </Col>
            </Row>
            <Controller
              control={form.control}
              name="keywords"
              render={({ field, fieldState }) => (
                <ListEditor id="old-regulation-keywords" label="Palabras clave" itemName="palabra clave" items={field.value ?? []} onChange={field.onChange} error={listOf(fieldState.error)} />
              )}
            />
            <Controller
              control={form.control}
              name="pdf"
              render={({ field, fieldState }) => (
                <FileInput
                  id="old-regulation-pdf"
                  label="Archivo PDF"
                  file={field.value ?? null}
                  accept="application/pdf"
                  wrongTypeMessage={REGULATION_MESSAGES.pdfOnly}
                  error={listOf(fieldState.error)}
                  onChange={filePicker(form, field.name)}
                />
              )}
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
