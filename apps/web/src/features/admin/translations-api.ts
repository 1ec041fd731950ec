import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContentTextUpdate, TranslatableEntity } from '@exhale/contract/content-texts';
import { api, unwrap } from '../../lib/api';

// Database text per language (decision 064): GET and PUT /api/admin/translations.

export const TRANSLATIONS_PAGE_SIZE = 10;

const translationKeys = {
  all: ['admin', 'translations'] as const,
  page: (entity: TranslatableEntity, page: number) =>
    ['admin', 'translations', entity, page] as const,
};

export function useContentTexts(entity: TranslatableEntity, page: number) {
  return useQuery({
    queryKey: translationKeys.page(entity, page),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(
        await api.GET('/api/admin/translations', {
          params: { query: { entity, page, page_size: TRANSLATIONS_PAGE_SIZE } },
        }),
      ),
  });
}

/** Saves one field's text in one language; readers' cached translations are fetched anew. */
export function useSaveContentText() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ContentTextUpdate) =>
      unwrap(await api.PUT('/api/admin/translations', { body })).data,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: translationKeys.all });
      // The operator's own screens (SIM test, lessons) show the new text without a reload.
      client.removeQueries({ queryKey: ['translate'] });
    },
  });
}
