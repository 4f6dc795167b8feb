import { redirect } from 'react-router';
import { startPath } from '@aquasmart/domain';
import { queryClient } from '../../lib/query-client';
import { currentUserQuery } from '../../lib/session/current-user';

/**
 * `/start`: on to the user's start page (`startPath`, docs/users.md "Where each user starts"),
 * asked for the signed-in user afresh (the answer stays in the cache for the shell); a user who
 * cannot be read starts on /customers. Loaded lazily: TanStack Query stays off the login page.
 */
export async function startPageLoader(): Promise<Response> {
  try {
    return redirect(startPath(await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 })));
  } catch {
    return redirect('/customers');
  }
}
