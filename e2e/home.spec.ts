import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { expectNoViolations } from './support/axe';
import { ACCOUNTS } from './support/accounts';
import { firstVisitTransfers, KB, PAGE_BUDGET_KB } from './support/page-weight';

// The home page and the news detail, as a visitor sees them. Tests run in parallel with other specs
// against one database: content is created here through the API as the cm account, tagged, and no
// test assumes a list holds only its own items.

async function cmHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.post('/api/v1/login', {
    headers: { 'Device-Id': `e2e-home-${randomUUID()}` },
    data: { email: ACCOUNTS.cm.email, password: ACCOUNTS.cm.password },
  });
  expect(response.status()).toBe(200);
  return { authorization: `Bearer ${(await response.json()).token}` };
}

/** A small picture, as a phone's camera would not make it, but enough for the server's checks. */
const picture = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

async function createNews(
  request: APIRequestContext,
  headers: Record<string, string>,
  title: string,
  description = `<p>Texto de <strong>${title}</strong>, publicado por el área de prensa.</p>`,
): Promise<number> {
  const response = await request.post('/api/v1/news', {
    headers,
    multipart: {
      image: { name: 'noticia.png', mimeType: 'image/png', buffer: await picture(800, 450, '#2a9d8f') },
      status: '1',
      type: 'new',
      title,
      description,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id;
}

async function publishedCount(request: APIRequestContext, what: 'banners' | 'news'): Promise<number> {
  return ((await (await request.get(`/api/v1/${what}/published`)).json()) as unknown[]).length;
}

/** At least `banners` banners and `news` news items published (the demo content may already give them). */
async function ensureContent(request: APIRequestContext, { banners, news }: { banners: number; news: number }) {
  const headers = await cmHeaders(request);
  for (let count = await publishedCount(request, 'banners'); count < banners; count += 1) {
    const response = await request.post('/api/v1/banners', {
      headers,
      multipart: { image: { name: 'banner.png', mimeType: 'image/png', buffer: await picture(1600, 900, '#1d3557') }, status: '1', type: 'banner', alt: `Banner de prueba ${count + 1}` },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  for (let count = await publishedCount(request, 'news'); count < news; count += 1) await createNews(request, headers, `Noticia de relleno ${count + 1}`);
  return headers;
}

test.describe('the home page', () => {
  test('shows the banner carousel: indicators, no arrows, the first image eager, advancing every 5 s', async ({ page, request }) => {
    await ensureContent(request, { banners: 2, news: 1 });
    await page.goto('/');
    const carousel = page.locator('.home-carousel');
    await expect(carousel).toBeVisible();
    const indicators = page.getByRole('button', { name: /^Mostrar banner \d+$/ });
    expect(await indicators.count()).toBeGreaterThanOrEqual(2);
    await expect(carousel.locator('.carousel-control-prev, .carousel-control-next')).toHaveCount(0);
    const images = carousel.locator('img');
    await expect(images.first()).toHaveAttribute('loading', 'eager');
    await expect(images.nth(1)).toHaveAttribute('loading', 'lazy');
    await expect(images.first()).toHaveAttribute('srcset', /\.webp \d+w/);
    const first = await images.first().getAttribute('alt');
    expect(first).toBeTruthy();
    // The next banner comes by itself.
    await expect(carousel.locator('.carousel-item.active img')).not.toHaveAttribute('alt', first!, { timeout: 8000 });
  });

  test('stops the carousel with the pause button, for keyboard users too', async ({ page, request }) => {
    await ensureContent(request, { banners: 2, news: 1 });
    await page.goto('/');
    const pause = page.getByRole('button', { name: 'Pausar el pase de banners' });
    await pause.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Reanudar el pase de banners' })).toHaveAttribute('aria-pressed', 'true');
    const active = await page.locator('.home-carousel .carousel-item.active img').getAttribute('alt');
    await page.waitForTimeout(6000);
    await expect(page.locator('.home-carousel .carousel-item.active img')).toHaveAttribute('alt', active!);
  });

  test('changes banner from the keyboard, with a focus ring visible on the picture', async ({ page, request }) => {
    await ensureContent(request, { banners: 2, news: 1 });
    await page.goto('/');
    const images = page.locator('.home-carousel img');
    const secondAlt = await images.nth(1).getAttribute('alt');
    // The pointer rests on the carousel, which holds it still: only the keyboard changes the banner.
    await page.locator('.home-carousel').hover();
    await page.getByRole('button', { name: 'Mostrar banner 1' }).focus();
    await page.keyboard.press('Tab');
    const second = page.getByRole('button', { name: 'Mostrar banner 2' });
    await expect(second).toBeFocused();
    // Polled: Bootstrap fades the indicator's opacity in.
    const ring = () =>
      second.evaluate((element) => {
        const style = getComputedStyle(element);
        return { outline: `${style.outlineStyle} ${style.outlineColor}`, opacity: style.opacity };
      });
    await expect.poll(ring).toEqual({ outline: 'solid rgb(255, 255, 255)', opacity: '1' });
    await page.keyboard.press('Enter');
    await expect(page.locator('.home-carousel .carousel-item.active img')).toHaveAttribute('alt', secondAlt!);
    await expect(second).toHaveAttribute('aria-current', 'true');
  });

  test('changes banner with a swipe longer than 40 px on a touch screen, not with a shorter one', async ({ page, request }) => {
    await ensureContent(request, { banners: 2, news: 1 });
    await page.goto('/');
    // Stopped first, so that only the swipes move it.
    await page.getByRole('button', { name: 'Pausar el pase de banners' }).click();
    const carousel = page.locator('.home-carousel');
    const active = carousel.locator('.carousel-item.active img');
    const swipe = async (distance: number) => {
      const box = (await carousel.boundingBox())!;
      const y = box.y + box.height / 2;
      const start = box.x + box.width / 2 + distance / 2;
      const touch = (x: number) => [{ identifier: 1, clientX: x, clientY: y }];
      await carousel.dispatchEvent('touchstart', { touches: touch(start), changedTouches: touch(start) });
      await carousel.dispatchEvent('touchmove', { touches: touch(start - distance), changedTouches: touch(start - distance) });
      await carousel.dispatchEvent('touchend', { touches: [], changedTouches: touch(start - distance) });
    };
    const before = await active.getAttribute('alt');
    await swipe(30);
    await page.waitForTimeout(1000);
    await expect(active).toHaveAttribute('alt', before!);
    await swipe(120);
    await expect(active).not.toHaveAttribute('alt', before!, { timeout: 3000 });
  });

  test("shows 6 news cards, 6 more with 'Ver más' and 6 fewer with 'Ver menos'", async ({ page, request }) => {
    await ensureContent(request, { banners: 0, news: 13 });
    await page.goto('/');
    const news = page.getByRole('region', { name: 'Noticias' });
    await expect(news.getByRole('article')).toHaveCount(6);
    await expect(news.getByRole('link', { name: 'Ver menos' })).toHaveCount(0);
    await news.getByRole('link', { name: 'Ver más', exact: true }).click();
    await expect(news.getByRole('article')).toHaveCount(12);
    await expect(page).toHaveURL('/?noticias=12#noticias');
    await news.getByRole('link', { name: 'Ver menos' }).click();
    await expect(news.getByRole('article')).toHaveCount(6);
  });

  test('shows a news item cm just published first, and opens it with its own Ver más', async ({ page, request }) => {
    const headers = await ensureContent(request, { banners: 0, news: 0 });
    const title = `Inauguración de la plaza ${randomUUID().slice(0, 8)}`;
    const id = await createNews(request, headers, title);
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Noticias' }).getByRole('article').filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card.locator('img')).toHaveAttribute('srcset', /\.webp \d+w/);
    await card.getByRole('link', { name: `Ver más: ${title}` }).click();
    await expect(page).toHaveURL(`/noticia/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(`Texto de ${title}, publicado por el área de prensa.`)).toBeVisible();
  });

  test('shows the session videos and the weather its server fetched, within the CSP', async ({ page }) => {
    // The e2e server's video and weather services are local stand-ins (e2e/start-server.mjs); the
    // outside hosts the page then loads (the icon CDN, the video embeds) are stood in for here, since
    // this machine has no internet. The server's real CSP still applies.
    await page.route('https://cdn.weatherapi.com/**', async (route) =>
      route.fulfill({ contentType: 'image/png', body: await picture(64, 64, '#ffd166') }),
    );
    await page.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<!doctype html><p>Video de la sesión</p>' }));
    const refused: string[] = [];
    page.on('console', (message) => {
      // The CSP's refusals, and the browser's complaints about the embeds' attributes.
      if (/Content Security Policy|allowfullscreen/i.test(message.text())) refused.push(message.text());
    });
    await page.goto('/');
    await expect(page.getByRole('group', { name: 'Clima actual' })).toContainText('24 °C');
    await expect(page.getByRole('img', { name: 'Parcialmente nublado' })).toHaveJSProperty('naturalWidth', 64);
    const video = page.getByTitle('Sesión Ordinaria del 20 de noviembre');
    await video.scrollIntoViewIfNeeded();
    await expect(video).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/aBcDeFgHiJ1');
    await expect(page.frameLocator('iframe[title="Sesión Ordinaria del 20 de noviembre"]').locator('p')).toHaveText('Video de la sesión');
    expect(refused).toEqual([]);
  });

  test('passes axe', async ({ page, request }) => {
    await ensureContent(request, { banners: 2, news: 7 });
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Noticias' }).getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('group', { name: 'Clima actual' })).toBeVisible();
    await expectNoViolations(page);
  });

  test('stays light on a first visit: at most 120 KB of JavaScript as sent and 600 KB in all', async ({ page, request }) => {
    await ensureContent(request, { banners: 2, news: 7 });
    const transfers = await firstVisitTransfers(page, '/');
    await expect(page.getByRole('region', { name: 'Noticias' }).getByRole('article').first()).toBeVisible();
    const scripts = transfers.filter((transfer) => transfer.type === 'script');
    // Bodies as the browser received them: the precompressed brotli copies of the production build.
    expect(scripts.length).toBeGreaterThan(0);
    const scriptKB = scripts.reduce((sum, transfer) => sum + transfer.bodyBytes, 0) / KB;
    const totalKB = transfers.reduce((sum, transfer) => sum + transfer.headerBytes + transfer.bodyBytes, 0) / KB;
    expect(scriptKB, 'JavaScript of the home page (KB as sent); see npx tsx bench/page-weight.ts').toBeLessThanOrEqual(PAGE_BUDGET_KB.script);
    expect(totalKB, 'first load of the home page (KB)').toBeLessThanOrEqual(PAGE_BUDGET_KB.total);
  });
});

test.describe('the news detail', () => {
  test('opens directly from a shared link: title, date, description, related items and back', async ({ page, request }) => {
    const headers = await ensureContent(request, { banners: 0, news: 5 });
    const title = `Sesión especial por el aniversario ${randomUUID().slice(0, 8)}`;
    const id = await createNews(request, headers, title);
    await page.goto(`/noticia/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('time')).toHaveText(/^\d{1,2} de [a-z]+ de \d{4}$/);
    const related = page.getByRole('region', { name: 'Otras noticias' }).getByRole('link');
    await expect(related).toHaveCount(4);
    await related.first().click();
    await expect(page).not.toHaveURL(`/noticia/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(title);
    // Opened from a link, 'Volver' goes back where the visitor came from.
    await page.getByRole('link', { name: 'Volver' }).click();
    await expect(page).toHaveURL(`/noticia/${id}`);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  test('shows a picture the text links by its web address (spec 2.5), within the CSP', async ({ page, request }) => {
    const title = `Inauguración de la plaza ${randomUUID().slice(0, 8)}`;
    const id = await createNews(
      request,
      await cmHeaders(request),
      title,
      '<p>Así quedó la plaza:</p><p><img src="https://fotos.municipio.example/plaza.png" alt="La plaza renovada"></p>',
    );
    // No internet here: the outside host is stood in for; the server's real CSP still applies.
    await page.route('https://fotos.municipio.example/**', async (route) => route.fulfill({ contentType: 'image/png', body: await picture(320, 200, '#e9c46a') }));
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await page.goto(`/noticia/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('img', { name: 'La plaza renovada' })).toHaveJSProperty('naturalWidth', 320);
    expect(refused).toEqual([]);
  });

  test('opens at its top when its card or a related item is clicked far down the page', async ({ page, request }) => {
    await ensureContent(request, { banners: 1, news: 6 });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Noticias' }).getByRole('article').nth(4);
    const title = (await card.getByRole('heading').textContent())!;
    await card.getByRole('link', { name: `Ver más: ${title}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    const related = page.getByRole('region', { name: 'Otras noticias' }).getByRole('link').last();
    await related.scrollIntoViewIfNeeded();
    await related.click();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(title);
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("copies the address when the device cannot share: 'URL copiada al portapapeles'", async ({ page, request, context }) => {
    const headers = await ensureContent(request, { banners: 0, news: 0 });
    const id = await createNews(request, headers, `Noticia para compartir ${randomUUID().slice(0, 8)}`);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // A device without a share sheet (desktop Chromium on Linux has none; phones emulated here might).
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true }));
    await page.goto(`/noticia/${id}`);
    await page.getByRole('button', { name: 'Compartir' }).click();
    await expect(page.getByText('URL copiada al portapapeles')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  });

  test("says 'No se encontró la noticia' for an item that does not exist, with a way back", async ({ page }) => {
    await page.goto('/noticia/987654');
    await expect(page.getByRole('heading', { name: 'No se encontró la noticia' })).toBeVisible();
    await page.getByRole('link', { name: 'Volver' }).click();
    await expect(page).toHaveURL('/');
  });

  test('passes axe', async ({ page, request }) => {
    const headers = await ensureContent(request, { banners: 0, news: 5 });
    const id = await createNews(request, headers, `Noticia accesible ${randomUUID().slice(0, 8)}`);
    await page.goto(`/noticia/${id}`);
    await expect(page.getByRole('region', { name: 'Otras noticias' })).toBeVisible();
    await expectNoViolations(page);
  });
});
