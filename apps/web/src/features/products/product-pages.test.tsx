import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { type TCurrentUser, type TProduct } from '@aquasmart/domain';
import { TOKEN_STORAGE_KEY } from '../../lib/session/token-storage';
import { jsonResponse, renderRoutes } from '../../test/render';
import { ProductEditPage } from './product-edit-page';
import { ProductListPage } from './product-list-page';
import { ProductNewPage } from './product-new-page';
import { testUser } from '../../test/users';

const ADMIN = testUser([], { type: 'Administrator' });
const ENGINEER = testUser(['products', 'addNode']);

const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const pngBytes = () => Uint8Array.from(atob(ONE_PIXEL_PNG), (char) => char.charCodeAt(0));

const KRAAN: TProduct = {
  name: 'Sanimatic kraan',
  type: 'Faucet',
  description: 'Elektronische tapkraan',
  image: { name: 'kraan.png', type: 'image/png', size: 70, url: '/api/v1/products/Sanimatic%20kraan/image?v=7' },
};
const GATEWAY: TProduct = { name: 'Kerlink', type: 'Gateway', description: 'LoRaWAN-gateway', image: null };

interface TCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

function stubApi(me: TCurrentUser, answers: Record<string, () => Response> = {}) {
  const calls: TCall[] = [];
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, headers: (init?.headers ?? {}) as Record<string, string>, body });
    const own = answers[`${method} ${url}`];
    if (own) return own();
    if (url === '/api/v1/users/current') return jsonResponse(200, me);
    if (url === '/api/v1/products' && method === 'GET') return jsonResponse(200, [GATEWAY, KRAAN]);
    if (url === KRAAN.image!.url) return new Response(pngBytes(), { status: 200, headers: { 'content-type': 'image/png' } });
    return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'x' });
  });
  return calls;
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

function renderAt(path: string) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
  return renderRoutes(
    [
      { path: '/products', element: <ProductListPage /> },
      { path: '/products/new', element: <ProductNewPage /> },
      { path: '/products/:product/edit', element: <ProductEditPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    path,
  );
}

// Unmount before the fetch stub goes, so no late image or list request reaches the network.
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('/products', { timeout: 30_000 }, () => {
  it('shows a card per product; the image comes as a blob with the token and its object URL is revoked on unmount', async () => {
    const created: string[] = [];
    const revoked: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
      created.push(`blob:test/${created.length}`);
      return created.at(-1)!;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
    const calls = stubApi(ENGINEER);
    const view = renderAt('/products');

    const card = await screen.findByRole('article', { name: 'Sanimatic kraan' });
    expect(within(card).getByText('Kraan')).toBeTruthy();
    expect(within(card).getByText('Elektronische tapkraan')).toBeTruthy();
    const image = await within(card).findByRole<HTMLImageElement>('img', { name: 'Afbeelding van Sanimatic kraan' });
    expect(image.src).toBe('blob:test/0');
    const imageCall = calls.find((call) => call.url === KRAAN.image!.url);
    expect(imageCall?.headers['x-access-token']).toBe('token-1');
    expect(within(screen.getByRole('article', { name: 'Kerlink' })).getByText('Geen afbeelding')).toBeTruthy();
    // Cards in the server's order (sorted by name).
    expect(screen.getAllByRole('article').map((node) => node.getAttribute('aria-label'))).toEqual(['Kerlink', 'Sanimatic kraan']);

    // Not an administrator: no add, edit or delete.
    expect(screen.queryByRole('link', { name: 'Nieuw product' })).toBeNull();
    expect(screen.queryByRole('button', { name: /verwijderen/ })).toBeNull();

    view.unmount();
    expect(revoked).toEqual(['blob:test/0']);
  });

  it('administrators get add, edit and delete; a product still in use is refused with the reason', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test/x');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const calls = stubApi(ADMIN, {
      'DELETE /api/v1/products/Kerlink': () =>
        jsonResponse(409, {
          statusCode: 409,
          error: 'Conflict',
          message: 'Product Kerlink is used by 2 gateways and 0 nodes',
          key: 'errors.productInUse',
          params: { gateways: 2, nodes: 0 },
        }),
      'DELETE /api/v1/products/Sanimatic%20kraan': () => new Response(null, { status: 204 }),
    });
    renderAt('/products');

    expect((await screen.findByRole<HTMLAnchorElement>('link', { name: 'Nieuw product' })).getAttribute('href')).toBe('/products/new');
    expect(screen.getByRole('link', { name: 'Sanimatic kraan bewerken' }).getAttribute('href')).toBe('/products/Sanimatic%20kraan/edit');

    await user.click(screen.getByRole('button', { name: 'Kerlink verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Product verwijderen' });
    expect(within(dialog).getByText('Weet u zeker dat u het product Kerlink wilt verwijderen?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('Fout bij verwijderen product: Product is nog in gebruik bij 2 gateway(s) en 0 node(s)')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/v1/products/Kerlink']);
    // A new snackbar replaces this one; closing it first is what a user may do as well.
    // The message may come while the dialog still fades out, which hides the rest of the page (the
    // alert with it) from assistive technology until it is gone (as calibration.test.tsx waits).
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Sanimatic kraan verwijderen' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Verwijderen' }));
    // The replacement waits for the closing snackbar's exit transition: slow on a loaded machine
    // (the wait of every findBy is set in src/test/setup.ts).
    expect(await screen.findByText('Product verwijderd')).toBeTruthy();
    // The list is loaded again after the delete.
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET' && call.url === '/api/v1/products')).toHaveLength(3));
  });
});

describe('/products/new', { timeout: 30_000 }, () => {
  it('shows the Dutch required messages, refuses a GIF and a file over 1 MB, and creates with a real PNG', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const calls = stubApi(ADMIN, {
      'POST /api/v1/products': () => jsonResponse(201, { ...KRAAN, name: 'Douchekraan' }),
    });
    const view = renderAt('/products/new');

    await user.click(await screen.findByRole('button', { name: 'Aanmaken' }));
    expect(await screen.findAllByText('Veld is verplicht')).toHaveLength(4);

    const input = screen.getByTestId<HTMLInputElement>('product-image-input');
    await user.upload(input, new File([new TextEncoder().encode('GIF89a....')], 'kraan.png', { type: 'image/png' }));
    expect(await screen.findByText('Alleen afbeeldingen in PNG, JPEG of WebP')).toBeTruthy();
    const big = new File([pngBytes(), new Uint8Array(2 * 1024 * 1024)], 'groot.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(await screen.findByText('Afbeelding is te groot (2,1 MB); maximaal 1 MB')).toBeTruthy();

    await user.type(screen.getByLabelText(/^Naam/), 'Douchekraan');
    await user.click(screen.getByRole('combobox', { name: /^Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Kraan' }));
    await user.type(screen.getByLabelText(/^Omschrijving/), 'Spoelventiel');
    await user.upload(input, new File([pngBytes()], 'douche.png', { type: 'image/png' }));
    const preview = await screen.findByRole<HTMLImageElement>('img', { name: 'Voorbeeld van de gekozen afbeelding' });
    expect(preview.src).toBe(`data:image/png;base64,${ONE_PIXEL_PNG}`);
    await user.click(screen.getByRole('button', { name: 'Aanmaken' }));

    expect(await screen.findByText('Product aangemaakt')).toBeTruthy();
    expect(view.router.state.location.pathname).toBe('/products');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Douchekraan',
      type: 'Faucet',
      description: 'Spoelventiel',
      image: { name: 'douche.png', data: `data:image/png;base64,${ONE_PIXEL_PNG}` },
    });
  });

  it('shows the server 413 and 400 on the image field, with the error snackbar', async () => {
    const user = userEvent.setup({ applyAccept: false });
    let answer = 413;
    stubApi(ADMIN, {
      'POST /api/v1/products': () =>
        answer === 413
          ? jsonResponse(413, { statusCode: 413, error: 'Payload Too Large', message: 'x', key: 'errors.payloadTooLarge', fields: { 'image.data': 'errors.payloadTooLarge' } })
          : jsonResponse(400, { statusCode: 400, error: 'Bad Request', message: 'x', key: 'errors.badRequest', fields: { 'image.data': 'validation.imageType' } }),
    });
    renderAt('/products/new');
    await user.type(await screen.findByLabelText(/^Naam/), 'Douchekraan');
    await user.click(screen.getByRole('combobox', { name: /^Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Overig' }));
    await user.type(screen.getByLabelText(/^Omschrijving/), 'Spoelventiel');
    await user.upload(screen.getByTestId('product-image-input'), new File([pngBytes()], 'douche.png', { type: 'image/png' }));
    await screen.findByRole('img', { name: 'Voorbeeld van de gekozen afbeelding' });

    await user.click(screen.getByRole('button', { name: 'Aanmaken' }));
    expect(await screen.findByText('Afbeelding is te groot; maximaal 1 MB')).toBeTruthy();
    expect(await screen.findByText('Fout bij aanmaken product')).toBeTruthy();

    answer = 400;
    await user.click(screen.getByRole('button', { name: 'Aanmaken' }));
    expect(await screen.findByText('Alleen afbeeldingen in PNG, JPEG of WebP')).toBeTruthy();
    expect(screen.queryByTestId('location')).toBeNull();
  });
});

describe('/products/{name}/edit', { timeout: 30_000 }, () => {
  it('loads the product with its stored image and saves without sending the image again', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test/edit');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const calls = stubApi(ADMIN, {
      'GET /api/v1/products/Sanimatic%20kraan': () => jsonResponse(200, KRAAN),
      'PATCH /api/v1/products/Sanimatic%20kraan': () => jsonResponse(200, { ...KRAAN, name: 'Sanimatic kraan 2' }),
    });
    renderAt('/products/Sanimatic%20kraan/edit');

    expect(await screen.findByRole('heading', { name: 'Sanimatic kraan bewerken' })).toBeTruthy();
    const name = await screen.findByLabelText<HTMLInputElement>(/^Naam/);
    expect(name.value).toBe('Sanimatic kraan');
    expect((await screen.findByRole<HTMLImageElement>('img', { name: 'Afbeelding van Sanimatic kraan' })).src).toBe('blob:test/edit');
    expect(screen.getByText('kraan.png (70 B)')).toBeTruthy();

    await user.type(name, ' 2');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Product gewijzigd')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ name: 'Sanimatic kraan 2', type: 'Faucet', description: 'Elektronische tapkraan' });
  });

  it('a product without an image must get one before it saves', async () => {
    const user = userEvent.setup();
    const calls = stubApi(ADMIN, { 'GET /api/v1/products/Kerlink': () => jsonResponse(200, GATEWAY) });
    renderAt('/products/Kerlink/edit');
    await user.click(await screen.findByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Veld is verplicht')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });
});
