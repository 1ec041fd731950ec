import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateRequest } from '@exhale/contract/auth';
import { api, unwrap } from '../../lib/api';
import { authStore } from '../../lib/auth-store';
import type { StoredUser } from '../../lib/storage';
import { profileQueryKey } from '../../lib/use-profile';

/** Every answer that carries the user replaces the stored copy and the cached profile. */
function useStoreUser() {
  const queryClient = useQueryClient();
  return (user: StoredUser) => {
    authStore.setUser(user);
    queryClient.setQueryData(profileQueryKey, user);
  };
}

/** PUT /user/profile with the Personal Information form. */
export function useUpdateProfile() {
  const storeUser = useStoreUser();
  return useMutation({
    mutationFn: async (body: ProfileUpdateRequest) =>
      unwrap(await api.PUT('/api/user/profile', { body })),
    onSuccess: (response) => storeUser(response.data),
  });
}

/** PUT /user/profile as multipart with the picture in the field `profile`. */
export function useUploadAvatar() {
  const storeUser = useStoreUser();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('profile', file);
      // The OpenAPI document describes only the multipart text fields, not the file, so the
      // body is typed loosely; openapi-fetch sends FormData as is, with the browser's boundary.
      return unwrap(await api.PUT('/api/user/profile', { body: form as never }));
    },
    onSuccess: (response) => storeUser(response.data),
  });
}

/** PUT /user/profile/data-saver: lessons play their small version (decision 057). */
export function useSetDataSaver() {
  const storeUser = useStoreUser();
  return useMutation({
    mutationFn: async (dataSaver: boolean) =>
      unwrap(await api.PUT('/api/user/profile/data-saver', { body: { data_saver: dataSaver } })),
    onSuccess: (response) => storeUser(response.data),
  });
}

/** DELETE /user/profile/delete-pic. */
export function useDeleteAvatar() {
  const storeUser = useStoreUser();
  return useMutation({
    mutationFn: async () => unwrap(await api.DELETE('/api/user/profile/delete-pic')),
    onSuccess: (response) => storeUser(response.data),
  });
}

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  confirm: string;
}

/** PUT /user/profile/password_update?reqEvent=password_update. */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (body: PasswordChange) =>
      unwrap(
        await api.PUT('/api/user/profile/password_update', {
          params: { query: { reqEvent: 'password_update' } },
          body,
        }),
      ),
  });
}

/** POST /auth/user/delete-request: mails a link that confirms deleting the account. */
export function useRequestAccountDeletion() {
  return useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/auth/user/delete-request')),
  });
}
