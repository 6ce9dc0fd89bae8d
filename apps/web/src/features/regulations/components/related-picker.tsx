import type { RegulationRef } from '@concejo/contracts';
import { useDeferredValue, useState } from 'react';
import { MultiPick, type MultiPickOption } from '../../../components/multi-pick';
import { RELATED_SEARCH_MIN_LENGTH, useRelatedRegulations } from '../api/search-related-regulations';
import { regulationName } from '../format';

type RelatedPickerProps = {
  id: string;
  label: string;
  selected: readonly RegulationRef[];
  onChange: (selected: RegulationRef[]) => void;
  /** The regulation being edited, left out of the results. */
  exceptId?: number;
  modifiedBy?: boolean;
  error?: string[] | undefined;
  disabled?: boolean;
};

/** Norms this one modifies, or that modify it: searched by subject or number, shown as type and number once chosen. */
export function RelatedPicker({ id, label, selected, onChange, exceptId, modifiedBy, error, disabled }: RelatedPickerProps) {
  const [query, setQuery] = useState('');
  // Typing stays responsive; the search follows the deferred value.
  const search = useDeferredValue(query);
  const related = useRelatedRegulations({ search, exceptId, modifiedBy });
  const results = search.trim().length >= RELATED_SEARCH_MIN_LENGTH ? (related.data ?? []) : [];

  const options: MultiPickOption[] = results.map((norm) => ({ id: norm.id, label: norm.subject || regulationName(norm), detail: regulationName(norm) }));
  const chosen: MultiPickOption[] = selected.map((norm) => ({ id: norm.id, label: regulationName(norm) }));

  const handleSelect = (option: MultiPickOption) => {
    const norm = results.find((result) => result.id === option.id);
    if (norm && !selected.some((item) => item.id === norm.id)) onChange([...selected, norm]);
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
    />
  );
}
