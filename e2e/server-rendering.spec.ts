import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ACCOUNTS } from './support/accounts';
import { loginAs } from './support/login';

// The public site as the server sends it (DESIGN.md section 6): content in the first HTML, tags for
// shared links, readable and searchable with JavaScript off, and hydrated in the browser without
// asking the API again for what the page already holds.

const DEMO_SUBJECT = 'Regula la circulación de camión pesado en el casco urbano';
/** A news item needs a picture or an Instagram post; these tests need no picture. */
const INSTAGRAM_POST = 'https://www.instagram.com/p/concejo-e2e/';

async function cmHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.post('/api/v1/login', {
    headers: { 'Device-Id': `e2e-ssr-${randomUUID()}` },
    data: { email: ACCOUNTS.cm.email, password: ACCOUNTS.cm.password },
  });
  expect(response.status()).toBe(200);
  return { authorization: `Bearer ${(await response.json()).token}` };
}

async function firstPublishedNews(request: APIRequestContext): Promise<{ id: number; title: string }> {
  const response = await request.get('/api/v1/news/published');
  expect(response.status()).toBe(200);
  const [item] = (await response.json()) as { id: number; title: string }[];
  expect(item, 'the demo data has published news').toBeTruthy();
  return item!;
}

/** The value of a head tag in an HTML text, unescaped as a browser would read it. */
function headTag(html: string, pattern: RegExp): string | undefined {
  return pattern.exec(html)?.[1]?.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

test.describe('the first HTML of a public page', () => {
  test('holds the home page content, its title and a preview picture', async ({ request }) => {
    const news = await firstPublishedNews(request);
    const response = await request.get('/');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    const html = await response.text();
    expect(html).toMatch(/<html lang="es">/);
    expect(html).toContain(news.title.replace(/&/g, '&amp;'));
    expect(headTag(html, /<title>([^<]*)<\/title>/)).toBe('Inicio | Concejo Deliberante');
    expect(headTag(html, /<meta property="og:image" content="([^"]*)"/)).toMatch(/^https?:\/\/[^/]+\/api\/v1\/files\//);
    expect(headTag(html, /<link rel="canonical" href="([^"]*)"/)).toMatch(/^https?:\/\/[^/]+\/$/);
  });

  test('holds the results of the search in its address', async ({ request }) => {
    const html = await (await request.get(`/normativas?search=${encodeURIComponent('camión pesado')}`)).text();
    expect(html).toContain(DEMO_SUBJECT);
    expect(headTag(html, /<title>([^<]*)<\/title>/)).toBe('Normativas | Concejo Deliberante');
  });

  test('of a news item carries its own title, description and picture for link previews', async ({ request }) => {
    const headers = await cmHeaders(request);
    const title = `Vecinos & concejales "juntos" ${randomUUID().slice(0, 6)}`;
    const created = await request.post('/api/v1/news', {
      headers,
      multipart: {
        status: '1',
        type: 'new',
        title,
        description: '<p>Primera línea del <strong>texto</strong> &amp; algo más.</p><p>Segunda</p>',
        video_url: INSTAGRAM_POST,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const response = await request.get(`/noticia/${id}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(headTag(html, /<meta property="og:title" content="([^"]*)"/)).toBe(title);
    expect(headTag(html, /<meta property="og:type" content="([^"]*)"/)).toBe('article');
    expect(headTag(html, /<meta name="description" content="([^"]*)"/)).toBe('Primera línea del texto & algo más. Segunda');
    expect(headTag(html, /<title>([^<]*)<\/title>/)).toBe(`${title} | Concejo Deliberante`);
    // The text is in the page, escaped: nothing of the title became markup.
    expect(html).toContain('Vecinos &amp; concejales &quot;juntos&quot;');
  });

  test('is a 404 for a page or a news item that does not exist', async ({ request }) => {
    const missing = await request.get('/esta-pagina-no-existe');
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain('Página no encontrada');
    expect((await request.get('/noticia/999999999')).status()).toBe(404);
  });

  test('shows a change made by staff on the next request', async ({ request }) => {
    // Read first, so that a cached copy of the page exists.
    expect((await request.get('/')).status()).toBe(200);
    const headers = await cmHeaders(request);
    const title = `Recién publicada ${randomUUID().slice(0, 8)}`;
    const created = await request.post('/api/v1/news', { headers, multipart: { status: '1', type: 'new', title, description: '<p>Hoy.</p>', video_url: INSTAGRAM_POST } });
    expect(created.status(), await created.text()).toBe(201);
    expect(await (await request.get('/')).text()).toContain(title);
  });

  test('a reading page lets other sites keep a window on it; the login, the recovery, a 404 and the panels do not', async ({ request }) => {
    const opener = async (url: string) => (await request.get(url)).headers()['cross-origin-opener-policy'];
    const { id } = await firstPublishedNews(request);
    for (const url of ['/', '/normativas?search=tr%C3%A1nsito', '/ver-orden-dia', `/noticia/${id}`]) expect(await opener(url), url).toBeUndefined();
    for (const url of ['/login', '/forgot-password', '/esta-pagina-no-existe', '/noticia/999999999', '/admin']) expect(await opener(url), url).toBe('same-origin');
  });

  test('a staff panel is still the client-side app', async ({ request }) => {
    const html = await (await request.get('/admin')).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('og:title');
  });
});

test.describe('in the browser', () => {
  test('a public page runs its script without errors and without asking again for its data', async ({ page }) => {
    // No internet here: the weather icon and the session videos' hosts are stood in for.
    await page.route('https://cdn.weatherapi.com/**', (route) => route.fulfill({ status: 204 }));
    await page.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<!doctype html><p>Video</p>' }));
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const dataRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/v1\/(regulations\/published|news\/published|banners\/published|site|contact)/.test(request.url())) dataRequests.push(request.url());
    });
    for (const path of ['/', `/normativas?search=${encodeURIComponent('camión')}`, '/ver-orden-dia', '/login']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect(page.locator('h1').first()).toBeVisible();
    }
    expect(dataRequests).toEqual([]);
    expect(problems).toEqual([]);
    // Its links lead to the next page, rendered by the server too.
    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Normativas' }).click({ trial: false }).catch(async () => {
      // On a narrow screen the links are behind the menu button.
      await page.getByRole('button', { name: 'Abrir navegación' }).click();
      await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Normativas' }).click();
    });
    await expect(page).toHaveURL(/\/normativas$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Normativas' })).toBeVisible();
  });
});

test('from a staff panel, a public page is loaded as the server renders it, with its own script', async ({ page }) => {
  await loginAs(page, ACCOUNTS.admin);
  await expect(page).toHaveURL('/admin');
  await page.getByRole('button', { name: `${ACCOUNTS.admin.name} ${ACCOUNTS.admin.lastName}` }).click();
  await page.getByRole('menuitem', { name: 'Volver al Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('region', { name: 'Noticias' }).getByRole('article').first()).toBeVisible();
  // The page's own script (no React), which gives the navbar the staff member's panel link.
  expect(await page.locator('script[src*="/assets/page-"]').count()).toBe(1);
  expect(await page.locator('script[src*="/assets/index-"]').count()).toBe(0);
  await expect(page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Mi panel', includeHidden: true })).toHaveAttribute('href', '/admin');
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('a search on /normativas lists its results, and the pager is links', async ({ page }) => {
    await page.goto('/normativas');
    await expect(page.getByRole('heading', { level: 1, name: 'Normativas' })).toBeVisible();
    await page.getByLabel('Buscar').fill('camión pesado');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page).toHaveURL(/[?&]search=cami%C3%B3n(\+|%20)pesado/);
    await expect(page.getByText(DEMO_SUBJECT).first()).toBeVisible();

    // The demo registry fills more than one page: the next page is a link that works without scripts.
    await page.goto('/normativas');
    const pager = page.getByRole('navigation', { name: 'Paginación de normativas' });
    await pager.getByRole('link', { name: 'Página 2' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(pager.getByRole('link', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');
  });

  test('a news item opens from the home page', async ({ page, request }) => {
    const news = await firstPublishedNews(request);
    await page.goto('/');
    await page.getByRole('link', { name: news.title }).first().click();
    await expect(page).toHaveURL(new RegExp(`/noticia/${news.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: news.title })).toBeVisible();
  });

  test('the agendas filter by date with a plain form', async ({ page }) => {
    await page.goto('/ver-orden-dia');
    await page.getByLabel('Desde').fill('2020-01-01');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page).toHaveURL(/[?&]from=2020-01-01/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
