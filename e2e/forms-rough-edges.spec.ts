import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS } from './support/accounts';
import { loginAs } from './support/login';

// Rough edges of issue 12 on the cm's and the home page's screens, at a phone's and a desktop's width.
// Screenshots go to .tmp/shots for a person to look at; the assertions say what they show.

const SHOTS = '.tmp/shots';
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

const toast = (page: Page) => page.locator('.app-toasts .toast');

/**
 * The names of the visible buttons, links and fields that share a pixel with the toast. The council's
 * name in the top bar does not count: on a phone the bar's only free room is over it (it is also the
 * panel's first menu entry), and it is back in 3 s.
 */
async function controlsUnderToast(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const over = document.querySelector('.app-toasts .toast')!.getBoundingClientRect();
    const controls = [...document.querySelectorAll('main a, main button, main input, main select, main textarea, header a, header button')];
    return controls
      .filter((control) => {
        const box = control.getBoundingClientRect();
        const visible = box.width > 0 && box.height > 0 && getComputedStyle(control).visibility !== 'hidden';
        return visible && !control.classList.contains('navbar-brand') && box.left < over.right && over.left < box.right && box.top < over.bottom && over.top < box.bottom;
      })
      .map((control) => control.getAttribute('aria-label') ?? control.textContent ?? '');
  });
}

async function loginAsCm(page: Page) {
  await loginAs(page, ACCOUNTS.cm);
  await expect(page.getByRole('heading', { level: 1, name: 'Gestionar Banners' })).toBeVisible();
}

for (const size of WIDTHS) {
  test(`the news list's success toast hides no control at ${size.width} px`, async ({ page }) => {
    await page.setViewportSize(size);
    await loginAsCm(page);
    await page.goto('/cm/gestionar-noticias');
    await expect(page.getByRole('heading', { level: 1, name: 'Lista de Noticias' })).toBeVisible();
    // Saving a news item unchanged shows the success toast of spec 4.
    await page.getByRole('button', { name: /^Editar «/ }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(toast(page)).toContainText('Noticia actualizada correctamente.');
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await controlsUnderToast(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/news-list-toast-${size.width}.png` });
    await expect(page.getByRole('link', { name: 'Crear nueva noticia' })).toBeVisible();
  });
}

test('the banner edit modal says what an empty alternative text reads, with no raw placeholder', async ({ page }) => {
  await loginAsCm(page);
  await page.getByRole('button', { name: /^Editar / }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Si queda vacío, se lee «Banner» y su número en el carrusel (por ejemplo, «Banner 1»).');
  await expect(dialog).not.toContainText('{n}');
  await page.screenshot({ path: `${SHOTS}/banner-edit-1280.png` });
});

test('a news item without a picture is a text card on the home page, not a blank frame, however short its text', async ({ page }) => {
  test.slow(); // two news items, then the home page at three widths
  const tag = randomUUID().slice(0, 8);
  const items = [
    { title: `Solo texto ${tag}`, text: 'El Concejo recibe propuestas de vecinas y vecinos para el presupuesto participativo hasta fin de mes. '.repeat(4) },
    { title: `Aviso breve ${tag}`, text: 'La Mesa de Entradas atiende de 7 a 13.' },
  ];
  await loginAsCm(page);
  for (const item of items) {
    await page.goto('/cm/cargar-noticia');
    await page.getByLabel('Título').fill(item.title);
    await page.getByRole('textbox', { name: 'Descripción' }).click();
    await page.keyboard.type(item.text);
    await page.getByLabel('Link de video o de Instagram (opcional)').fill('https://www.instagram.com/p/solo-texto/');
    await page.getByLabel('Estado').selectOption('1');
    await page.getByRole('button', { name: 'Subir Noticia' }).click();
    await expect(page).toHaveURL(/\/cm\/gestionar-noticias$/);
  }

  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto('/');
    for (const { title } of items) {
      const card = page.getByRole('region', { name: 'Noticias' }).getByRole('article').filter({ hasText: title });
      await expect(card).toBeVisible();
      await expect(card).toHaveClass(/news-card-text-only/);
      await expect(card.locator('img')).toHaveCount(0);
      // The card ends with its text: no tall empty box between the excerpt and 'Ver más', even beside picture cards.
      const excerpt = await card.locator('.card-text').boundingBox();
      const more = await card.getByRole('link', { name: `Ver más: ${title}` }).boundingBox();
      expect(more!.y - (excerpt!.y + excerpt!.height)).toBeLessThan(60);
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/home-text-card-${size.width}.png` });
    }
  }
});

for (const size of WIDTHS) {
  test(`the forms show their errors under each field and clear each as it is corrected, at ${size.width} px`, async ({ page }) => {
    await page.setViewportSize(size);
    await loginAs(page, ACCOUNTS.admin);
    await page.waitForURL(/\/admin/);
    await page.goto('/admin/registrar-usuario');
    await page.getByRole('button', { name: 'Registrar usuario' }).click();
    const name = page.getByLabel('Nombre', { exact: true });
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#user-name-error')).toHaveText('El nombre es obligatorio.');
    await page.screenshot({ path: `${SHOTS}/register-errors-${size.width}.png`, fullPage: true });
    await name.fill('Carla');
    await expect(name).toHaveAttribute('aria-invalid', 'false');
    await expect(page.locator('#user-name-error')).toHaveCount(0);
    await expect(page.locator('#user-last-name-error')).toHaveText('El apellido es obligatorio.');
  });
}

test('the news form keeps spec 5 messages and its errors follow the fields', async ({ page }) => {
  await loginAsCm(page);
  await page.goto('/cm/cargar-noticia');
  await page.getByRole('button', { name: 'Subir Noticia' }).click();
  await expect(toast(page).first()).toContainText('Por favor, completa todos los campos.');
  const title = page.getByLabel('Título');
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: `${SHOTS}/news-form-errors-1280.png`, fullPage: true });
  await title.fill('Un título');
  await expect(title).toHaveAttribute('aria-invalid', 'false');
  await expect(page.locator('#news-description-error')).toHaveText('Por favor, completa todos los campos.');
  await page.getByRole('textbox', { name: 'Descripción' }).click();
  await page.keyboard.type('Texto de la noticia.');
  await expect(page.locator('#news-description-error')).toHaveCount(0);
});
