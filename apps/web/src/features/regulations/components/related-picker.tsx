import { REGULATION_LINK_KINDS, type LinkedRegulationRef, type RegulationLinkKind } from '@concejo/contracts';
import { useDeferredValue, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { MultiPick, type MultiPickOption } from '../../../components/multi-pick';
import { RELATED_SEARCH_MIN_LENGTH, useRelatedRegulations } from '../api/search-related-regulations';
import { DEFAULT_LINK_KIND } from '../form-rules';
import { linkKindLabel, regulationName } from '../format';

type RelatedPickerProps = {
  id: string;
  label: string;
  selected: readonly LinkedRegulationRef[];
  onChange: (selected: LinkedRegulationRef[]) => void;
  /** The regulation being edited, left out of the results. */
  exceptId?: number;
  /** The list of norms that act on this one (their kinds read "Derogada por"...); otherwise those it acts on. */
  modifiedBy?: boolean;
  error?: string[] | undefined;
  disabled?: boolean;
};

/**
 * Norms this one modifies, or that modify it: searched by subject or number, shown as type and number
 * once chosen, each with a select of its link's kind (Modifica by default; Deroga, Deroga parcialmente,
 * Reglamenta), read from this norm's side in the second list ("Derogada por").
 */
export function RelatedPicker({ id, label, selected, onChange, exceptId, modifiedBy, error, disabled }: RelatedPickerProps) {
  const [query, setQuery] = useState('');
  // Typing stays responsive; the search follows the deferred value.
  const search = useDeferredValue(query);
  const related = useRelatedRegulations({ search, exceptId, modifiedBy });
  const results = search.trim().length >= RELATED_SEARCH_MIN_LENGTH ? (related.data ?? []) : [];
  const side = modifiedBy ? 'incoming' : 'outgoing';

  const options: MultiPickOption[] = results.map((norm) => ({ id: norm.id, label: norm.subject || regulationName(norm), detail: regulationName(norm) }));
  const chosen: MultiPickOption[] = selected.map((norm) => ({ id: norm.id, label: regulationName(norm) }));

  const handleSelect = (option: MultiPickOption) => {
    const norm = results.find((result) => result.id === option.id);
    if (norm && !selected.some((item) => item.id === norm.id)) onChange([...selected, { ...norm, kind: DEFAULT_LINK_KIND }]);
  };

  const handleKindChange = (normId: number, kind: RegulationLinkKind) => onChange(selected.map((norm) => (norm.id === normId ? { ...norm, kind } : norm)));

  const renderKindSelect = (option: MultiPickOption) => {
    const norm = selected.find((item) => item.id === option.id);
    if (!norm) return null;
    return (
      <Form.Select
        size="sm"
        className="related-kind-select"
        // Its name says which norm it is for: the chips of a list all hold one of these.
        aria-label={`Relación con ${option.label}`}
        value={norm.kind}
        disabled={disabled}
        onChange={(event) => handleKindChange(norm.id, event.target.value as RegulationLinkKind)}
      >
        {REGULATION_LINK_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {linkKindLabel(kind, side)}
          </option>
        ))}
      </Form.Select>
    );
  };

  return (
    <MultiPick
      id={id}
      label={label}
      query={query}
      onQueryChange={setQuery}
      options={options}
      selected={chosen}
      onSelect={handleSelect}
      onRemove={(removed) => onChange(selected.filter((norm) => norm.id !== removed))}
      minLength={RELATED_SEARCH_MIN_LENGTH}
      loading={related.isFetching}
      failed={related.isError}
      error={error}
      disabled={disabled}
      renderChipControl={renderKindSelect}
    />
  );
}
