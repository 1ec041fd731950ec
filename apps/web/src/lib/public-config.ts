import { useQuery } from '@tanstack/react-query';
import { api } from './api';

let pending: ReturnType<typeof loadPublicConfig> | null = null;

async function loadPublicConfig() {
  const { data, error } = await api.GET('/api/config');
  if (error || !data) throw error ?? new Error('GET /api/config answered no body');
  return data.data;
}

/**
 * Settings the server decides at run time (Google client id, payment provider and its public key),
 * fetched from GET /api/config so one build works in every environment and holds no secret. Read
 * once per page load; a failed read is forgotten so the next caller tries again. For code outside
 * React (the checkout adapter).
 */
export function fetchPublicConfig() {
  pending ??= loadPublicConfig().catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

export function usePublicConfig() {
  return useQuery({
    queryKey: ['public-config'],
    queryFn: fetchPublicConfig,
    staleTime: Infinity,
  });
}
