import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NewsContent } from './news-content';

const RED = '<p>Texto <span style="color: rgb(230, 0, 0);">rojo</span></p>';

describe('NewsContent', () => {
  it("shows the author's colours, kept out of style attributes until they are applied", () => {
    const { container } = render(<NewsContent html={RED} />);
    expect(container.querySelector('span')!.style.color).toBe('rgb(230, 0, 0)');
  });

  it('leaves them out where it is asked to (the staff list excerpt), keeping the text', () => {
    const { container } = render(<NewsContent html={RED} colours={false} />);
    expect(container.querySelector('span')!.getAttribute('style')).toBeNull();
    expect(container).toHaveTextContent('Texto rojo');
  });
});
