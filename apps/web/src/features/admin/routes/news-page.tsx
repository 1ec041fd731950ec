import { useTranslation } from 'react-i18next';
import {
  adminNewsCreateSchema,
  adminNewsUpdateSchema,
  type AdminNews,
} from '@exhale/contract/admin';
import { Button } from '../../../components/ui/button';
import { handleApiError } from '../../../lib/api';
import { useDeleteNews, useNews, useSaveNews } from '../api';
import {
  AdminForm,
  FormCheckboxField,
  FormFooter,
  FormRichTextField,
  FormTextField,
  FormUploadField,
  useAdminForm,
} from '../components/admin-form';
import { Badge, Cell } from '../components/data-table';
import { EditableListPage } from '../components/editable-list-page';
import { DeleteButton, EditButton, RowActions } from '../components/row-actions';
import { formatIstDate } from '../format';
import { textOrNull } from '../form-values';

interface NewsValues {
  title: string;
  author: string;
  tag: string;
  description: string;
  link: string;
  image: string | null;
  published: boolean;
}

function NewsForm({ item, onDone }: { item?: AdminNews; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const save = useSaveNews();
  const { form, onSubmit } = useAdminForm({
    schema: item ? adminNewsUpdateSchema : adminNewsCreateSchema,
    defaultValues: {
      title: item?.title ?? '',
      author: item?.author ?? '',
      tag: item?.tag ?? '',
      description: item?.description ?? '',
      link: item?.link ?? '',
      image: item?.image ?? null,
      published: item?.published ?? true,
    } satisfies NewsValues,
    toBody: (values: NewsValues) => ({ ...values, tag: textOrNull(values.tag) }),
    save: (body, handlers) => save.mutate({ id: item?._id, body }, handlers),
    saved: t('news.saved'),
    onSaved: onDone,
  });

  return (
    <AdminForm form={form} onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2">
      <FormTextField name="title" label={t('news.title')} required className="sm:col-span-2" />
      <FormTextField name="author" label={t('news.author')} required />
      <FormTextField name="tag" label={t('news.tag')} hint={t('news.tagHint')} />
      <FormTextField
        name="link"
        label={t('news.link')}
        type="url"
        required
        hint={t('news.linkHint')}
        className="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <FormRichTextField name="description" label={t('news.description')} />
      </div>
      <div className="sm:col-span-2">
        <FormUploadField
          name="image"
          kind="image"
          label={t('news.image')}
          url={item?.image_url ?? null}
        />
      </div>
      <FormCheckboxField name="published" label={t('news.published')} />
      <FormFooter
        shown={['title', 'author', 'tag', 'link', 'description', 'image']}
        pending={save.isPending}
        className="sm:col-span-2"
      />
    </AdminForm>
  );
}

export function NewsPage() {
  const { t } = useTranslation('admin');
  const news = useNews();
  const save = useSaveNews();
  const remove = useDeleteNews();
  return (
    <EditableListPage
      section="news"
      dialogClassName="max-w-3xl"
      list={news}
      head={[
        ...(['title', 'author', 'status', 'date'] as const).map((key) => t(`news.${key}`)),
        t('common.actions'),
      ]}
      row={(item, edit) => (
        <tr key={item._id}>
          <Cell className="font-medium">
            <a
              href={item.link}
              target="_blank"
              rel="noreferrer"
              className="text-brand-800 underline"
            >
              {item.title}
            </a>
          </Cell>
          <Cell>{item.author}</Cell>
          <Cell>
            {item.published ? (
              <Badge tone="good">{t('news.live')}</Badge>
            ) : (
              <Badge>{t('news.hidden')}</Badge>
            )}
          </Cell>
          <Cell>{formatIstDate(item.created_at)}</Cell>
          <Cell>
            <RowActions>
              <EditButton name={item.title} onClick={edit} />
              <Button
                variant="ghost"
                size="sm"
                onClick={() =>
                  save.mutate(
                    { id: item._id, body: { published: !item.published } },
                    { onError: (error) => handleApiError(error, 'common.genericError') },
                  )
                }
              >
                {item.published ? t('news.unpublish') : t('news.publish')}
              </Button>
              <DeleteButton
                id={item._id}
                remove={remove}
                confirm={t('news.confirmDelete', { title: item.title })}
                deleted={t('news.deleted')}
              />
            </RowActions>
          </Cell>
        </tr>
      )}
      form={(item, done) => <NewsForm item={item} onDone={done} />}
    />
  );
}
