import { useTranslation } from 'react-i18next';
import {
  adminBlogCreateSchema,
  adminBlogUpdateSchema,
  type AdminBlog,
} from '@exhale/contract/admin';
import { Button } from '../../../components/ui/button';
import { handleApiError } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import { useBlogs, useDeleteBlog, useSaveBlog } from '../api';
import {
  AdminForm,
  FormCheckboxField,
  FormFooter,
  FormRichTextField,
  FormTextAreaField,
  FormTextField,
  FormUploadField,
  useAdminForm,
} from '../components/admin-form';
import { Badge, Cell } from '../components/data-table';
import { EditableListPage } from '../components/editable-list-page';
import { DeleteButton, EditButton, RowActions } from '../components/row-actions';
import { formatIstDate, slugify } from '../format';

function BlogForm({ blog, onDone }: { blog?: AdminBlog; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const save = useSaveBlog();
  const { form, onSubmit } = useAdminForm({
    schema: blog ? adminBlogUpdateSchema : adminBlogCreateSchema,
    defaultValues: {
      title: blog?.title ?? '',
      slug: blog?.slug ?? '',
      meta_title: blog?.meta_title ?? '',
      meta_description: blog?.meta_description ?? '',
      content: blog?.content ?? '',
      image: blog?.image ?? null,
      published: blog?.published ?? false,
    },
    save: (body, handlers) => save.mutate({ id: blog?._id, body }, handlers),
    saved: t('blogs.saved'),
    onSaved: onDone,
  });

  return (
    <AdminForm form={form} onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2">
      <FormTextField
        name="title"
        label={t('blogs.title')}
        // A new post's slug follows its title until the operator writes one.
        onValue={(title) => {
          if (!blog && !form.getFieldState('slug').isDirty) form.setValue('slug', slugify(title));
        }}
        required
        maxLength={200}
        className="sm:col-span-2"
      />
      <FormTextField name="slug" label={t('blogs.slug')} required hint={t('blogs.slugHint')} />
      <FormTextField name="meta_title" label={t('blogs.metaTitle')} maxLength={200} />
      <FormTextAreaField
        name="meta_description"
        label={t('blogs.metaDescription')}
        rows={2}
        maxLength={500}
        hint={t('blogs.metaDescriptionHint')}
        className="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <FormRichTextField name="content" label={t('blogs.content')} />
      </div>
      <div className="sm:col-span-2">
        <FormUploadField
          name="image"
          kind="image"
          label={t('blogs.image')}
          url={blog?.image_url ?? null}
        />
      </div>
      <FormCheckboxField name="published" label={t('blogs.published')} />
      <FormFooter
        shown={['title', 'slug', 'meta_title', 'meta_description', 'content', 'image']}
        pending={save.isPending}
        className="sm:col-span-2"
      />
    </AdminForm>
  );
}

export function BlogsPage() {
  const { t } = useTranslation('admin');
  const blogs = useBlogs();
  const save = useSaveBlog();
  const remove = useDeleteBlog();

  const togglePublished = (blog: AdminBlog) =>
    save.mutate(
      { id: blog._id, body: { published: !blog.published } },
      {
        onSuccess: () =>
          notify.success(blog.published ? t('blogs.unpublishedToast') : t('blogs.publishedToast')),
        onError: (error) => handleApiError(error, 'common.genericError'),
      },
    );

  return (
    <EditableListPage
      section="blogs"
      dialogClassName="max-w-3xl"
      list={blogs}
      head={[
        ...(['title', 'slug', 'status', 'date'] as const).map((key) => t(`blogs.${key}`)),
        t('common.actions'),
      ]}
      row={(blog, edit) => (
        <tr key={blog._id}>
          <Cell className="font-medium">{blog.title}</Cell>
          <Cell className="font-mono text-xs">{blog.slug}</Cell>
          <Cell>
            {blog.published ? (
              <Badge tone="good">{t('blogs.live')}</Badge>
            ) : (
              <Badge>{t('blogs.draft')}</Badge>
            )}
          </Cell>
          <Cell>{formatIstDate(blog.published_at ?? blog.created_at)}</Cell>
          <Cell>
            <RowActions>
              <EditButton name={blog.title} onClick={edit} />
              <Button variant="ghost" size="sm" onClick={() => togglePublished(blog)}>
                {blog.published ? t('blogs.unpublish') : t('blogs.publish')}
              </Button>
              <DeleteButton
                id={blog._id}
                remove={remove}
                confirm={t('blogs.confirmDelete', { title: blog.title })}
                deleted={t('blogs.deleted')}
              />
            </RowActions>
          </Cell>
        </tr>
      )}
      form={(blog, done) => <BlogForm blog={blog} onDone={done} />}
    />
  );
}
