import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api';
import type { paths } from '../../lib/api-schema';

type JsonBody<P extends keyof paths, M extends 'post' | 'put'> = paths[P][M] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : never;

export type RegisterBody = JsonBody<'/api/auth/user/register', 'post'>;
export type OtpRequestBody = JsonBody<'/api/auth/user/login', 'post'>;
export type PasswordLoginBody = JsonBody<'/api/auth/user/password-login', 'post'>;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** POST /auth/user/register: a new account and its first session. */
export function useRegister() {
  return useMutation({
    mutationFn: async (body: RegisterBody) =>
      unwrap(await api.POST('/api/auth/user/register', { body })),
  });
}

/** POST /auth/user/login: mails or texts a sign-in code; answers with the temp (otp) token. */
export function useRequestOtp() {
  return useMutation({
    mutationFn: async (body: OtpRequestBody) =>
      unwrap(await api.POST('/api/auth/user/login', { body })),
  });
}

/**
 * POST /auth/user/verify with the temp token from the code request. The header is set here, not
 * left to the bearer order, so a stale WhatsApp token can never stand in for it.
 */
export function useVerifyOtp() {
  return useMutation({
    mutationFn: async ({ otp, tempToken }: { otp: string; tempToken: string }) =>
      unwrap(
        await api.POST('/api/auth/user/verify', { body: { otp }, headers: bearer(tempToken) }),
      ),
  });
}

/** POST /auth/user/password-login. */
export function usePasswordLogin() {
  return useMutation({
    mutationFn: async (body: PasswordLoginBody) =>
      unwrap(await api.POST('/api/auth/user/password-login', { body })),
  });
}

/** POST /auth/google-login with the ID token (credential) from Google's button. */
export function useGoogleLogin() {
  return useMutation({
    mutationFn: async (credential: string) =>
      unwrap(await api.POST('/api/auth/google-login', { body: { credential } })),
  });
}

/** POST /auth/reset-password: mails a reset link (same answer whether or not the account exists). */
export function useSendResetLink() {
  return useMutation({
    mutationFn: async (email: string) =>
      unwrap(await api.POST('/api/auth/reset-password', { body: { email } })),
  });
}

/** POST /user/reset-pwd, authorised by the reset token from the mailed link. */
export function useResetPassword() {
  return useMutation({
    mutationFn: async ({
      token,
      ...body
    }: {
      token: string;
      newPassword: string;
      confirm: string;
    }) => unwrap(await api.POST('/api/user/reset-pwd', { body, headers: bearer(token) })),
  });
}

/**
 * POST /auth/user/verify-email with the token from the link mailed at sign-up or after an
 * address change (decision 035).
 */
export function useVerifyEmail() {
  return useMutation({
    mutationFn: async (linkToken: string) =>
      unwrap(await api.POST('/api/auth/user/verify-email', { headers: bearer(linkToken) })),
  });
}
