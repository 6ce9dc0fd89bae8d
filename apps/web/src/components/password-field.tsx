import { useState, type ComponentProps } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { FieldError, invalidProps, type FieldMessage } from './form/field-error';

type Props = Pick<ComponentProps<'input'>, 'name' | 'onChange' | 'onBlur' | 'ref' | 'disabled'> & {
  id: string;
  autoComplete: 'new-password' | 'current-password';
  label: string;
  /** The field's error (react-hook-form's, or the API's 422 through applyServerErrors). */
  error?: FieldMessage;
  hint?: string;
};

/**
 * A password input with a show/hide toggle (spec 2.5.10). The toggle is a real button whose name says
 * what it will do next, so keyboard and screen reader users get it too. Takes react-hook-form's
 * `register(name)` like any input: `<PasswordField {...register('password')} error={errors.password} />`.
 */
export function PasswordField({ id, label, error, hint, ...input }: Props) {
  const [visible, setVisible] = useState(false);
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <InputGroup hasValidation>
        <Form.Control {...input} type={visible ? 'text' : 'password'} autoCapitalize="off" spellCheck={false} {...invalidProps(id, error, hintId)} />
        <Button
          variant="outline-dark"
          onClick={() => setVisible((current) => !current)}
          aria-controls={id}
          // The name starts with the visible word (WCAG 2.5.3) and says which field it acts on.
          aria-label={`${visible ? 'Ocultar' : 'Mostrar'} ${label.charAt(0).toLowerCase()}${label.slice(1)}`}
        >
          {visible ? 'Ocultar' : 'Mostrar'}
        </Button>
      </InputGroup>
      <FieldError fieldId={id} error={error} />
      {hint && (
        <Form.Text id={hintId} muted>
          {hint}
        </Form.Text>
      )}
    </Form.Group>
  );
}

type NewPasswordFieldsProps = {
  idPrefix: string;
  /** react-hook-form's `register('password')` and `register('password_confirmation')`. */
  password: Omit<Props, 'id' | 'label' | 'autoComplete'>;
  confirmation: Omit<Props, 'id' | 'label' | 'autoComplete'>;
  hint: string;
};

/** A new password and its confirmation (the reset link, a new account), each with its own error. */
export function NewPasswordFields({ idPrefix, password, confirmation, hint }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField id={`${idPrefix}-password`} label="Contraseña" autoComplete="new-password" hint={hint} {...password} />
      <PasswordField id={`${idPrefix}-password-confirmation`} label="Confirmación de contraseña" autoComplete="new-password" {...confirmation} />
    </>
  );
}
