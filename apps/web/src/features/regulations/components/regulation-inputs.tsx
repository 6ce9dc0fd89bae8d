import { DEM_TYPE_LABELS, DEM_TYPES, REGULATION_TYPE_LABELS, type RegulationType } from '@concejo/contracts';
import type { InputHTMLAttributes, Ref, SelectHTMLAttributes } from 'react';
import Form from 'react-bootstrap/Form';
import { FieldError, invalidProps, type FieldMessage } from '../../../components/form/field-error';

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children' | 'size'> & { ref?: Ref<HTMLSelectElement>; id: string; error: FieldMessage };

/** The type select of the regulation forms, with its label and error. `options`: the types offered. */
export function TypeSelect({ id, error, options, value, placeholder = true, ...select }: SelectProps & { options: readonly RegulationType[]; placeholder?: boolean }) {
  return (
    <Form.Group controlId={id}>
      <Form.Label>Tipo</Form.Label>
      <Form.Select value={value} {...select} {...invalidProps(id, error)}>
        {placeholder && <option value="">Seleccione un tipo</option>}
        {options.map((type) => (
          <option key={type} value={type}>
            {REGULATION_TYPE_LABELS[type]}
          </option>
        ))}
      </Form.Select>
      <FieldError fieldId={id} error={error} />
    </Form.Group>
  );
}

/** The DEM sub-type select (a DEM message's Mensaje / Decreto / Ordenanza). */
export function DemTypeSelect({ id, error, ...select }: SelectProps) {
  return (
    <Form.Group controlId={id}>
      <Form.Label>Tipo de normativa del DEM</Form.Label>
      <Form.Select {...select} {...invalidProps(id, error)}>
        <option value="">Seleccione el tipo del DEM</option>
        {DEM_TYPES.map((demType) => (
          <option key={demType} value={demType}>
            {DEM_TYPE_LABELS[demType]}
          </option>
        ))}
      </Form.Select>
      <FieldError fieldId={id} error={error} />
    </Form.Group>
  );
}

/** The official number, a positive integer. */
export function NumberInput({ id, error, ...input }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'size' | 'value'> & { value?: string; ref?: Ref<HTMLInputElement>; id: string; error: FieldMessage }) {
  return (
    <Form.Group controlId={id}>
      <Form.Label>Número</Form.Label>
      <Form.Control type="number" inputMode="numeric" min={1} step={1} {...input} {...invalidProps(id, error)} />
      <FieldError fieldId={id} error={error} />
    </Form.Group>
  );
}
