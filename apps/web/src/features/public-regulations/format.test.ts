import { describe, expect, it } from 'vitest';
import { matchSentence, ofRegulation, regulationName } from './format';

describe('regulationName', () => {
  it('names the norm by type and number', () => {
    expect(regulationName({ type: 'ordinance', number: 2845 })).toBe('Ordenanza N° 2845');
    expect(regulationName({ type: 'declaration', number: null })).toBe('Declaración sin número');
  });
});

describe('matchSentence', () => {
  it('says where the words were found, in the order given', () => {
    expect(matchSentence([])).toBe('');
    expect(matchSentence(['pdf'])).toBe('Coincide en el texto del PDF.');
    expect(matchSentence(['subject', 'keywords'])).toBe('Coincide en el tema y las palabras clave.');
    expect(matchSentence(['subject', 'keywords', 'pdf'])).toBe('Coincide en el tema, las palabras clave y el texto del PDF.');
  });
});

describe('ofRegulation', () => {
  it('names the norm after «de» with the article of its type', () => {
    expect(ofRegulation({ type: 'ordinance', number: 2845 })).toBe('de la Ordenanza N° 2845');
    expect(ofRegulation({ type: 'decree', number: 91 })).toBe('del Decreto N° 91');
    expect(ofRegulation({ type: 'declaration', number: null })).toBe('de la Declaración sin número');
  });
});
