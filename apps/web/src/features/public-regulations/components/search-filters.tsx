import { DATE_RANGE, PUBLIC_REGULATION_TYPES, REGULATION_TYPE_LABELS } from '@concejo/contracts';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { FieldError, invalidProps } from '../../../components/form/field-error';
import { useZodForm } from '../../../components/form/use-zod-form';
import { filterFormSchema, filtersOf, formValuesOf } from '../filter-form';
import { EMPTY_FILTERS, NUMBER_MAX_LENGTH, SEARCH_MAX_LENGTH, writeFilterParams, type PublicRegulationFilters } from '../filters';

type Props = {
  filters: PublicRegulationFilters;
  onApply: (filters: PublicRegulationFilters) => void;
};

const id = (name: keyof PublicRegulationFilters) => `public-regulations-${name}`;

/** N°, words, type and a from/to range, with Limpiar and Filtrar (spec 2.3). */
export function SearchFilters(props: Props) {
  // The address changed (back button, a shared link, Limpiar): the form starts again from what it now
  // says. Keyed by value, so that a re-render of the page does not wipe what the visitor is typing.
  return <FilterForm key={writeFilterParams(props.filters).toString()} {...props} />;
}

function FilterForm({ filters, onApply }: Props) {
  // Errors show once the visitor tries to filter, and then follow what they type; the first wrong field takes the focus.
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useZodForm(filterFormSchema, { defaultValues: formValuesOf(filters) });
  const handleFilter = handleSubmit((checked) => onApply(filtersOf(checked)));
  const handleClear = () => {
    reset(formValuesOf(EMPTY_FILTERS));
    onApply(EMPTY_FILTERS);
  };

  return (
    <Form noValidate onSubmit={handleFilter} className="row g-3 align-items-start">
      <Form.Group className="col-12 col-md-8 col-lg-6" controlId={id('search')}>
        <Form.Label>Buscar</Form.Label>
        <Form.Control type="search" maxLength={SEARCH_MAX_LENGTH} {...register('search')} {...invalidProps(id('search'), errors.search, `${id('search')}-hint`)} />
        <Form.Text id={`${id('search')}-hint`} className="search-hint">
          Tema, palabras clave o texto del PDF; con o sin tildes.
        </Form.Text>
        <FieldError fieldId={id('search')} error={errors.search} />
      </Form.Group>
      <Form.Group className="col-6 col-md-4 col-lg-2" controlId={id('numberSearch')}>
        <Form.Label>N°</Form.Label>
        <Form.Control type="text" inputMode="numeric" autoComplete="off" maxLength={NUMBER_MAX_LENGTH} {...register('numberSearch')} {...invalidProps(id('numberSearch'), errors.numberSearch)} />
        <FieldError fieldId={id('numberSearch')} error={errors.numberSearch} />
      </Form.Group>
      <Form.Group className="col-6 col-md-4 col-lg-4" controlId={id('type')}>
        <Form.Label>Tipo</Form.Label>
        <Form.Select {...register('type')}>
          <option value="">Todos</option>
          {PUBLIC_REGULATION_TYPES.map((type) => (
            <option key={type} value={type}>
              {REGULATION_TYPE_LABELS[type]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group className="col-6 col-md-4 col-lg-3" controlId={id('from')}>
        <Form.Label>Desde</Form.Label>
        <Form.Control type="date" min={DATE_RANGE.first} max={DATE_RANGE.last} {...register('from')} {...invalidProps(id('from'), errors.from)} />
        <FieldError fieldId={id('from')} error={errors.from} />
      </Form.Group>
      <Form.Group className="col-6 col-md-4 col-lg-3" controlId={id('to')}>
        <Form.Label>Hasta</Form.Label>
        <Form.Control type="date" min={(watch('from') as string | undefined) || DATE_RANGE.first} max={DATE_RANGE.last} {...register('to')} {...invalidProps(id('to'), errors.to)} />
        <FieldError fieldId={id('to')} error={errors.to} />
      </Form.Group>
      <div className="col-12 col-lg-6 align-self-end d-flex gap-2 justify-content-lg-end">
        <Button type="button" variant="outline-dark" className="flex-fill flex-lg-grow-0 px-4" onClick={handleClear}>
          Limpiar
        </Button>
        <Button type="submit" variant="primary" className="flex-fill flex-lg-grow-0 px-4">
          Filtrar
        </Button>
      </div>
    </Form>
  );
}
