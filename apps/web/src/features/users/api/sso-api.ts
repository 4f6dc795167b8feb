import { ZSsoProvider, ZSsoProviderList, type TSsoProvider, type TSsoProviderInput, type TSsoProviderList } from '@aquasmart/domain';
import { http } from '../../../lib/http/http';

/** The single sign-on providers' calls (docs/sso.md); administrators only. */
export const SSO_PROVIDERS_QUERY_KEY = ['sso', 'providers'] as const;
const PATH = '/sso/providers';

export async function fetchSsoProviders(signal?: AbortSignal): Promise<TSsoProviderList> {
  return ZSsoProviderList.parse(await http.get<unknown>(PATH, { signal }));
}

export async function saveSsoProvider(id: number | null, body: TSsoProviderInput): Promise<TSsoProvider> {
  return ZSsoProvider.parse(id === null ? await http.post<unknown>(PATH, body) : await http.patch<unknown>(`${PATH}/${id}`, body));
}

export async function deleteSsoProvider(id: number): Promise<void> {
  await http.delete<unknown>(`${PATH}/${id}`);
}
