import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FormProvider,
  get,
  set,
  useController,
  useForm,
  useFormState,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import type { Upload, UploadKind } from '@exhale/contract/admin';
import { Button } from '../../../components/ui/button';
import { handleApiError, isApiErrorBody } from '../../../lib/api';
import { translateMessage } from '../../../lib/messages';
import { notify } from '../../../lib/toast';
import { CheckboxField, OtherErrors, SelectField, TextAreaField, TextField } from './form-controls';
import { LazyRichTextEditor } from './lazy-rich-text-editor';
import { UploadField, useUploadedImage } from './upload-field';

// The console's forms: react-hook-form holds what the operator types (strings for number
// inputs, as typed), a form's `toBody` turns that into the request body, and the contract's
// schema (the one the API parses the request with) checks it before anything is sent. Errors of
// the schema and of the server land on the field they name, as in the members' forms.

/**
 * Where an error about `path` of the request body is shown in a form holding `values`: the
 * longest part of the path the form has a field for ('features.2' → 'features' when the form
 * keeps the features as one text). A list or group of fields keeps its own error under `root`,
 * beside its items' errors. A path the form has nothing for stays as it is (listed at the end of
 * the form); an empty one is the form's `root`.
 */
export function formErrorPath(values: unknown, path: readonly PropertyKey[]): string {
  const keys = path.map(String).filter((key) => key !== '');
  if (keys.length === 0) return 'root';
  const kept: string[] = [];
  let node = values;
  for (const key of keys) {
    if (node === null || typeof node !== 'object' || !(key in node)) break;
    node = (node as Record<string, unknown>)[key];
    kept.push(key);
  }
  if (kept.length === 0) return keys.join('.');
  const at = kept.join('.');
  return node !== null && typeof node === 'object' ? `${at}.root` : at;
}

/** Validates a form's request body with the contract's schema; errors go to the fields. */
export function contractResolver<V extends FieldValues, B>(
  schema: z.ZodType<B>,
  toBody: (values: V) => unknown,
): Resolver<V, unknown, B> {
  return async (values) => {
    const result = await schema.safeParseAsync(toBody(values));
    if (result.success) return { values: result.data, errors: {} };
    const errors = {};
    for (const issue of result.error.issues) {
      const path = formErrorPath(values, issue.path);
      // The first rule a field breaks is the one to fix first.
      if (get(errors, path) === undefined) {
        set(errors, path, { type: issue.code, message: issue.message });
      }
    }
    return { values: {}, errors };
  };
}

/** The server's refusal: its message as a toast, its field errors beside their fields. */
export function showServerErrors<V extends FieldValues>(
  form: Pick<UseFormReturn<V>, 'getValues' | 'setError'>,
  error: unknown,
): void {
  handleApiError(error, 'common.genericError');
  if (!isApiErrorBody(error)) return;
  const values = form.getValues();
  const seen = new Set<string>();
  for (const item of error.errors ?? []) {
    const path = formErrorPath(values, item.path.split('.'));
    if (seen.has(path)) continue;
    seen.add(path);
    form.setError(path as Path<V>, { type: 'server', message: item.message });
  }
}

/** What a form hands its mutation: success toasts and goes on, failure shows the errors. */
export interface SaveHandlers {
  onSuccess: () => void;
  onError: (error: unknown) => void;
}

/**
 * A console form: its values start at `defaultValues`; on submit `toBody(values)` is checked
 * with the contract's `schema`, and only a valid body reaches `save`. Once saved, `saved` is
 * toasted and `onSaved` runs (close the dialog, leave the page…).
 */
export function useAdminForm<V extends FieldValues, B>({
  schema,
  defaultValues,
  toBody = (values) => values,
  save,
  saved,
  onSaved,
}: {
  schema: z.ZodType<B>;
  defaultValues: DefaultValues<V>;
  toBody?: (values: V) => unknown;
  save: (body: B, handlers: SaveHandlers) => void;
  /** Toasted once saved. */
  saved?: string;
  onSaved?: (body: B) => void;
}) {
  const form = useForm<V, unknown, B>({
    resolver: contractResolver(schema, toBody),
    defaultValues,
  });
  const onSubmit = form.handleSubmit((body) =>
    save(body, {
      onSuccess: () => {
        if (saved) notify.success(saved);
        onSaved?.(body);
      },
      onError: (error) => showServerErrors(form, error),
    }),
  );
  return { form, onSubmit };
}

/** The <form> around a console form's fields, which find the form through its context. */
export function AdminForm<V extends FieldValues, B>({
  form,
  onSubmit,
  className,
  children,
}: {
  form: UseFormReturn<V, unknown, B>;
  onSubmit: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className={className}>
        {children}
      </form>
    </FormProvider>
  );
}

/** The message of an error node: a field's own, or the one a list keeps under `root`. */
function messageOf(error: unknown): string | null {
  const node = error as { message?: unknown; root?: { message?: unknown } } | undefined;
  const message = node?.message ?? node?.root?.message;
  return typeof message === 'string' && message !== '' ? translateMessage(message) : null;
}

/** A field of the surrounding AdminForm: its value, change handlers and error text. */
function useFormField(name: string) {
  const { field, fieldState } = useController<FieldValues>({ name });
  return { field, error: messageOf(fieldState.error) };
}

/** The error of a list or group of fields (`options`), shown where the list is. */
export function FieldError({ name }: { name: string }) {
  const { errors } = useFormState();
  const message = messageOf(get(errors, name));
  return message ? <p className="text-sm font-medium text-red-700">{message}</p> : null;
}

type Bound<P> = Omit<P, 'value' | 'onChange' | 'error' | 'checked'> & { name: string };

export function FormTextField({
  name,
  filter,
  onValue,
  ...props
}: Bound<ComponentProps<typeof TextField>> & {
  /** Rewrites what is typed before the form keeps it (e.g. to capitals). */
  filter?: (value: string) => string;
  /** Told every new value, after the form keeps it. */
  onValue?: (value: string) => void;
}) {
  const { field, error } = useFormField(name);
  return (
    <TextField
      {...props}
      ref={field.ref}
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      onBlur={field.onBlur}
      onChange={(typed) => {
        const value = filter ? filter(typed) : typed;
        field.onChange(value);
        onValue?.(value);
      }}
      error={error}
    />
  );
}

export function FormTextAreaField({ name, ...props }: Bound<ComponentProps<typeof TextAreaField>>) {
  const { field, error } = useFormField(name);
  return (
    <TextAreaField
      {...props}
      ref={field.ref}
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      onBlur={field.onBlur}
      onChange={field.onChange}
      error={error}
    />
  );
}

export function FormSelectField<T extends string>({
  name,
  ...props
}: Bound<ComponentProps<typeof SelectField<T>>>) {
  const { field, error } = useFormField(name);
  return (
    <SelectField<T> {...props} value={field.value as T} onChange={field.onChange} error={error} />
  );
}

export function FormCheckboxField({ name, ...props }: Bound<ComponentProps<typeof CheckboxField>>) {
  const { field } = useFormField(name);
  return <CheckboxField {...props} checked={Boolean(field.value)} onChange={field.onChange} />;
}

export function FormRichTextField({ name, label }: { name: string; label: string }) {
  const { field, error } = useFormField(name);
  return (
    <LazyRichTextEditor
      label={label}
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      error={error}
    />
  );
}

/**
 * An upload whose key the form keeps in `name`; `url` is the saved file's address, previewed
 * until an upload replaces both. `onUploaded` hears of each upload (a video's duration).
 */
export function FormUploadField({
  name,
  kind,
  label,
  url,
  onUploaded,
}: {
  name: string;
  kind: UploadKind;
  label: string;
  url: string | null;
  onUploaded?: (upload: Upload) => void;
}) {
  const { field, error } = useFormField(name);
  const preview = useUploadedImage({ key: field.value as string | null, url });
  return (
    <UploadField
      kind={kind}
      label={label}
      currentUrl={preview.url}
      error={error}
      onUploaded={(upload) => {
        preview.onUploaded(upload);
        field.onChange(upload.key);
        onUploaded?.(upload);
      }}
    />
  );
}

/** Every error of the form, by path ('' for the form's own), flattened from the error tree. */
export function flattenErrors(errors: unknown, prefix = ''): [string, string][] {
  if (errors === null || typeof errors !== 'object') return [];
  const node = errors as Record<string, unknown>;
  const found: [string, string][] =
    typeof node.message === 'string' && node.message !== '' ? [[prefix, node.message]] : [];
  for (const [key, child] of Object.entries(node)) {
    if (key === 'ref' || key === 'message' || key === 'type' || key === 'types') continue;
    // A list's own error is shown under the list's name.
    const path = key === 'root' ? prefix : prefix ? `${prefix}.${key}` : key;
    found.push(...flattenErrors(child, path));
  }
  return found;
}

/**
 * The end of a console form: the errors no field of it shows, then its Save button (disabled
 * and saying so while the save is pending) and any further actions beside it.
 */
export function FormFooter({
  shown,
  pending,
  className,
  submitLabel,
  children,
}: {
  /** Fields whose errors stand beside their control: a name (its sub-paths too) or a pattern. */
  shown: readonly (string | RegExp)[];
  pending: boolean;
  /** Of the row that holds the buttons, e.g. 'sm:col-span-2' in a two-column form. */
  className?: string;
  /** Instead of Save (Send, Reject…). */
  submitLabel?: string;
  /** Actions after Save, such as a Cancel link. */
  children?: ReactNode;
}) {
  const { errors } = useFormState();
  const all = Object.fromEntries(
    flattenErrors(errors).map(([path, message]) => [path, translateMessage(message)]),
  );
  return (
    <>
      <OtherErrors errors={all} shown={shown} />
      <div className={className}>
        <SubmitButton pending={pending} label={submitLabel} />
        {children}
      </div>
    </>
  );
}

/** A form's submit button: Save, or `label`; disabled and saying so while the save is pending. */
export function SubmitButton({
  pending,
  label,
  size,
}: {
  pending: boolean;
  label?: string;
  size?: 'sm';
}) {
  const { t } = useTranslation('admin');
  return (
    <Button type="submit" size={size} disabled={pending}>
      {pending ? t('common.saving') : (label ?? t('common.save'))}
    </Button>
  );
}
