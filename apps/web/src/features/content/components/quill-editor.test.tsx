import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import QuillEditor from './quill-editor';

// jsdom lays nothing out and has no Range geometry; Quill asks for it to place the link tooltip.
beforeAll(() => {
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
});
afterAll(() => {
  delete (Range.prototype as Partial<Range>).getBoundingClientRect;
  delete (Range.prototype as Partial<Range>).getClientRects;
});

function renderEditor() {
  return render(
    <>
      <div id="news-description-label">Descripción</div>
      <QuillEditor id="news-description" labelId="news-description-label" value="<p>Obras en la costanera</p>" onChange={vi.fn()} />
    </>,
  );
}

function selectFirstWord(editor: HTMLElement) {
  const text = editor.querySelector('p')?.firstChild;
  if (!text) throw new Error('the editor holds no text');
  const range = document.createRange();
  range.setStart(text, 0);
  range.setEnd(text, 'Obras'.length);
  document.getSelection()?.removeAllRanges();
  document.getSelection()?.addRange(range);
}

describe('QuillEditor', () => {
  it('asks for a link with a Spanish example address, not quilljs.com', async () => {
    renderEditor();
    const editor = await screen.findByRole('textbox', { name: 'Descripción' });
    selectFirstWord(editor);

    await userEvent.click(screen.getByRole('button', { name: 'Insertar enlace' }));

    const address = screen.getByRole('textbox', { name: 'Dirección del enlace' });
    await waitFor(() => expect(address).toHaveAttribute('placeholder', 'https://www.ejemplo.gob.ar'));
    // The Spanish prompt ('Ingresa el enlace:') is drawn by quill-editor.scss for this mode.
    expect(address.closest('.ql-tooltip')).toHaveAttribute('data-mode', 'link');
    expect(address.closest('.ql-tooltip')).not.toHaveClass('ql-hidden');
  });

  it("lets the keyboard reach the link box's Editar/Guardar and Quitar, and press them with Enter or Space", async () => {
    const { container } = renderEditor();
    await screen.findByRole('textbox', { name: 'Descripción' });
    const remove = container.querySelector<HTMLElement>('.ql-tooltip a.ql-remove')!;
    const action = container.querySelector<HTMLElement>('.ql-tooltip a.ql-action')!;
    for (const anchor of [remove, action]) {
      await waitFor(() => expect(anchor).toHaveAttribute('tabindex', '0'));
      expect(anchor).toHaveAttribute('role', 'button');
    }
    const clicks = vi.fn();
    remove.addEventListener('click', clicks);
    remove.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(clicks).toHaveBeenCalledTimes(2);
  });
});
