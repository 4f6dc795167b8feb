import { queryOptions } from '@tanstack/react-query';
import { ZProduct, type TProduct, type TProductCreate, type TProductPatch } from '@aquasmart/domain';
import { http } from '../../../lib/http/http';
import { HttpError } from '../../../lib/http/http-error';
import { getToken } from '../../../lib/session/token-storage';

/** The products calls (docs/places.md): base /api/v1, x-access-token. */
export const PRODUCTS_QUERY_KEY = ['products', 'list'] as const;
export const PRODUCT_ONE_QUERY_KEY = ['products', 'one'] as const;

/** The name is part of the path: always URL-encoded. */
export function productPath(name: string): string {
  return `/products/${encodeURIComponent(name)}`;
}

function parseProduct(data: unknown): TProduct {
  const parsed = ZProduct.safeParse(data);
  return parsed.success ? parsed.data : (data as TProduct);
}

/** GET /products: the whole catalogue, sorted by name by the server. */
export async function fetchProducts(signal?: AbortSignal): Promise<TProduct[]> {
  const data = await http.get<unknown[]>('/products', { signal });
  return data.map(parseProduct);
}

export const productsQuery = queryOptions({ queryKey: PRODUCTS_QUERY_KEY, queryFn: ({ signal }) => fetchProducts(signal) });

export async function fetchProduct(name: string, signal?: AbortSignal): Promise<TProduct> {
  return parseProduct(await http.get<unknown>(productPath(name), { signal }));
}

export const productQuery = (name: string) =>
  queryOptions({ queryKey: [...PRODUCT_ONE_QUERY_KEY, name] as const, queryFn: ({ signal }) => fetchProduct(name, signal) });

export async function createProduct(body: TProductCreate): Promise<TProduct> {
  return parseProduct(await http.post<unknown>('/products', body));
}

export async function patchProduct(name: string, body: TProductPatch): Promise<TProduct> {
  return parseProduct(await http.patch<unknown>(productPath(name), body));
}

export async function deleteProduct(name: string): Promise<void> {
  await http.delete(productPath(name));
}

/**
 * GET /products/{name}/image as a Blob. The image route needs the x-access-token header, so an
 * <img src> cannot load it directly; the screen shows the blob through an object URL.
 * `url` is the image URL of the product answer (already under /api/v1, with a version, so the
 * blob may be cached by URL). The shared JSON client reads bodies as text, hence this fetch;
 * it skips the response interceptor on purpose: a missing image shows a placeholder instead of
 * sending the user to /404 (the page's own JSON calls still handle 401 and 403).
 */
export async function fetchImageBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  if (!url.startsWith('/') || url.startsWith('//')) throw new Error(`Not an API path: ${url}`);
  const token = getToken();
  let response: Response;
  try {
    response = await window.fetch(url, { headers: token ? { 'x-access-token': token } : {}, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new HttpError(0, 'GET', url, null);
  }
  if (!response.ok) throw new HttpError(response.status, 'GET', url, await response.json().catch(() => null));
  return response.blob();
}

export const productImageQuery = (url: string) =>
  queryOptions({
    queryKey: ['products', 'image', url] as const,
    queryFn: ({ signal }) => fetchImageBlob(url, signal),
    // The URL carries the product's version: the same URL always answers the same bytes.
    staleTime: Infinity,
    retry: 1,
  });
