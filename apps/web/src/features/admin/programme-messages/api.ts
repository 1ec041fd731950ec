import type { LanguageCode } from '@exhale/contract/languages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChannelFigures,
  ChannelTest,
  DeliveryDay,
  ProgrammeMessage,
  ProgrammeMessageRequest,
} from '@exhale/contract/messaging';
import { api, unwrap } from '../../../lib/api';

// The console's calls for the messaging programme (API.md "Messaging programme"), kept apart from
// features/admin/api.ts.

export type { ChannelFigures, ChannelTest, DeliveryDay, ProgrammeMessage, ProgrammeMessageRequest };

export interface LibraryFilter {
  day_offset?: number;
  language?: LanguageCode;
  tobacco_type?: ProgrammeMessage['tobacco_type'] | 'any';
}

const keys = {
  library: ['admin', 'programme-messages'] as const,
  figures: ['admin', 'programme-figures'] as const,
};

/** GET /admin/programme-messages, filtered. */
export function useProgrammeMessages(filter: LibraryFilter) {
  return useQuery({
    queryKey: [...keys.library, filter],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/admin/programme-messages', {
          params: {
            query: {
              ...(filter.day_offset === undefined ? {} : { day_offset: filter.day_offset }),
              ...(filter.language ? { language: filter.language } : {}),
              ...(filter.tobacco_type ? { tobacco_type: filter.tobacco_type } : {}),
            },
          },
        }),
      ).data,
  });
}

export function useSaveProgrammeMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: ProgrammeMessageRequest }) =>
      id
        ? unwrap(
            await api.PUT('/api/admin/programme-messages/{id}', {
              params: { path: { id } },
              body,
            }),
          ).data
        : unwrap(await api.POST('/api/admin/programme-messages', { body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.library }),
  });
}

export function useDeleteProgrammeMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(await api.DELETE('/api/admin/programme-messages/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.library }),
  });
}

/** POST /admin/programme-messages/preview: a text filled with a sample member's figures. */
export function usePreviewProgrammeMessage() {
  return useMutation({
    mutationFn: async (body: { text: string; day_offset: number }) =>
      unwrap(await api.POST('/api/admin/programme-messages/preview', { body })).data,
  });
}

/** GET /admin/programme-figures: delivery per IST day, newest first. */
export function useProgrammeFigures(days: number) {
  return useQuery({
    queryKey: [...keys.figures, days],
    queryFn: async () =>
      unwrap(await api.GET('/api/admin/programme-figures', { params: { query: { days } } })).data,
  });
}

/** GET /admin/channel-figures: SMS, WhatsApp and push per IST day, and setup problems. */
export function useChannelFigures(days: number) {
  return useQuery({
    queryKey: ['admin', 'channel-figures', days],
    queryFn: async () =>
      unwrap(await api.GET('/api/admin/channel-figures', { params: { query: { days } } })).data,
  });
}

/**
 * POST /admin/channels/{channel}/test: a test message to the operator's own number, browsers or
 * email; answers what the provider said. The channel figures then count it.
 */
export function useSendChannelTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (channel: ChannelTest['channel']) =>
      unwrap(
        await api.POST('/api/admin/channels/{channel}/test', { params: { path: { channel } } }),
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'channel-figures'] }),
  });
}
