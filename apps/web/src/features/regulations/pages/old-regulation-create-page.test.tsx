import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, logInAs, renderRoutes } from '../../../test/render-routes';
import { OldRegulationCreatePage } from './old-regulation-create-page';

function open() {
  logInAs('admin');
  return renderRoutes([{ path: '/admin/cargar-normativa-antigua', Component: OldRegulationCreatePage }], { initialEntries: ['/admin/cargar-normativa-antigua'] });
}

describe('OldRegulationCreatePage', () => {
  it("answers a file that is not a PDF with the spec's message, also after a failed submit", { timeout: 20_000 }, async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({})));
    const { user } = open();
    const input = (await screen.findByLabelText('Archivo PDF')) as HTMLInputElement;
    // A submit with nothing filled: every field says what it lacks, the PDF too.
    await user.click(screen.getByRole('button', { name: 'Cargar normativa antigua' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription('❌ Debe seleccionar un archivo PDF.'));

    // A browser's file dialog can still hand over another type ("All files").
    fireEvent.change(input, { target: { files: [new File(['hola'], 'nota.txt', { type: 'text/plain' })] } });
    await waitFor(() => expect(input).toHaveAccessibleDescription('❌ Solo se permiten archivos PDF.'));
    // The form's own check of the emptied field must not come back over it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(input).toHaveAccessibleDescription('❌ Solo se permiten archivos PDF.');

    // A PDF then clears it.
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'norma.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(input).not.toHaveAccessibleDescription(/Solo se permiten/));
  });
});
