import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, errorStatus, unwrap } from './api';
import { authStore, useAuth } from './auth-store';
import { useLogout } from './use-logout';

export const profileQueryKey = ['user', 'profile'] as const;

/** GET /api/user/profile; every fetch replaces the stored user data (spec §4). */
export async function fetchProfile() {
  const user = unwrap(await api.GET('/api/user/profile')).data;
  if (user.name.trim() !== '') authStore.setUser(user);
  return user;
}

/** The profile query; the programme pages' route loader starts it with the pages' code. */
export const profileQuery = queryOptions({
  queryKey: profileQueryKey,
  queryFn: fetchProfile,
  retry: false,
});

/**
 * The signed-in user's profile, fresh from the server. A profile without a name logs the user out
 * (spec §4); a session the server no longer accepts (revoked by a password reset elsewhere, or
 * the account deleted) ends here too, instead of leaving a page whose every call fails.
 */
export function useProfile() {
  const logout = useLogout();
  const { isAuth } = useAuth();
  // Without a session there is no profile to ask for (after Logout the page is still on screen).
  const query = useQuery({ ...profileQuery, enabled: isAuth });
  const { data, error } = query;

  useEffect(() => {
    if (data && data.name.trim() === '') logout();
  }, [data, logout]);

  useEffect(() => {
    if (!error) return;
    // Spec §8: a failed profile refresh is only logged.
    console.error('Error Fetching User Data', error);
    if (errorStatus(error) === 401) logout('sessionEnded');
  }, [error, logout]);

  return query;
}
