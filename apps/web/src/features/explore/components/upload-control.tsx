import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPLORE_IMAGE_MAX_BYTES, EXPLORE_TITLE_MAX_LENGTH } from '@exhale/contract/content';
import { Button } from '../../../components/ui/button';
import { CameraIcon } from '../../../components/ui/icons';
import { inputClasses } from '../../../components/ui/field';
import { handleApiError } from '../../../lib/api';
import { serverText } from '../../../lib/messages';
import { notify } from '../../../lib/toast';
import { useUploadExplorePost } from '../api';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'];

/**
 * 'Upload' (spec §2 "Explore") opens the file picker. Nothing is sent yet: the chosen picture
 * shows in the composer below, with a title and Post or Cancel (decision 048).
 */
export function UploadButton({
  fileInput,
  onChoose,
  busy,
}: {
  fileInput: RefObject<HTMLInputElement | null>;
  onChoose: (file: File) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <input
        ref={fileInput}
        type="file"
        accept={ACCEPTED.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="explore-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = ''; // the same file may be chosen again later
          if (!file) return;
          if (!ACCEPTED.includes(file.type) || file.size > EXPLORE_IMAGE_MAX_BYTES) {
            notify.warning(t('explore.wrongFile'));
            return;
          }
          onChoose(file);
        }}
      />
      <Button disabled={busy} onClick={() => fileInput.current?.click()}>
        <CameraIcon className="size-5" />
        {busy ? t('explore.uploading') : t('explore.upload')}
      </Button>
    </>
  );
}

/** The chosen picture, a title and Post / Cancel; posting sends it for review. */
export function PostComposer({
  file,
  onDone,
  onPendingChange,
}: {
  file: File;
  onDone: () => void;
  onPendingChange: (pending: boolean) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const headingId = useId();
  const hintId = useId();
  const [title, setTitle] = useState('');
  const [preview, setPreview] = useState<string | null>(null);
  const upload = useUploadExplorePost();
  const titleInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  // The composer appears after the picker closes: the keyboard continues in its title field.
  useEffect(() => titleInput.current?.focus(), []);

  useEffect(() => onPendingChange(upload.isPending), [upload.isPending, onPendingChange]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (upload.isPending) return;
    upload.mutate(
      { file, title },
      {
        onSuccess: (response) => {
          notify.success(serverText(response.message, 'explore.submitted'));
          onDone();
        },
        onError: (error) => handleApiError(error, 'explore.uploadError'),
      },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      aria-labelledby={headingId}
      className="mt-6 grid gap-5 rounded-2xl border border-brand-100 bg-brand-50 p-4 sm:grid-cols-[12rem_1fr] sm:p-5"
    >
      {preview ? (
        <img
          src={preview}
          alt={t('explore.previewAlt')}
          className="aspect-square w-full rounded-xl bg-white object-cover sm:w-48"
        />
      ) : (
        <div className="aspect-square w-full rounded-xl bg-white sm:w-48" />
      )}
      <div className="flex flex-col gap-3">
        <h2 id={headingId} className="text-xl font-bold text-ink">
          {t('explore.composerTitle')}
        </h2>
        <div className="flex flex-col gap-1">
          <label htmlFor={titleId} className="font-medium text-ink">
            {t('explore.titleLabel')}
          </label>
          <input
            id={titleId}
            ref={titleInput}
            className={inputClasses}
            value={title}
            maxLength={EXPLORE_TITLE_MAX_LENGTH}
            aria-describedby={hintId}
            disabled={upload.isPending}
            onChange={(event) => setTitle(event.target.value)}
          />
        </div>
        <p id={hintId} className="text-sm text-ink-muted">
          {t('explore.uploadHint')}
        </p>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={upload.isPending}>
            {upload.isPending ? t('explore.uploading') : t('explore.post')}
          </Button>
          <Button variant="secondary" disabled={upload.isPending} onClick={onDone}>
            {t('explore.cancel')}
          </Button>
        </div>
      </div>
    </form>
  );
}
