import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { CameraIcon } from '../../../components/ui/icons';
import { inputClasses } from '../../../components/ui/field';
import { handleApiError } from '../../../lib/api';
import { serverText } from '../../../lib/messages';
import { notify } from '../../../lib/toast';
import { useUploadExplorePost } from '../api';

/**
 * Share a picture (spec §2 "Explore"): 'Upload' opens the file picker and sends the chosen file at
 * once; while it is on its way the button reads 'Uploading...' and cannot be pressed again.
 */
export function UploadControl() {
  const { t } = useTranslation();
  const titleId = useId();
  const hintId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState('');
  const upload = useUploadExplorePost();

  const send = (file: File) => {
    upload.mutate(
      { file, title },
      {
        onSuccess: (response) => {
          notify.success(serverText(response.message, 'explore.submitted'));
          setTitle('');
        },
        onError: (error) => handleApiError(error, 'explore.uploadError'),
      },
    );
  };

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="flex flex-col gap-1 sm:w-72">
        <label htmlFor={titleId} className="font-medium text-ink">
          {t('explore.titleLabel')}
        </label>
        <input
          id={titleId}
          className={inputClasses}
          value={title}
          maxLength={100}
          aria-describedby={hintId}
          onChange={(event) => setTitle(event.target.value)}
        />
      </div>
      <input
        ref={fileInput}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="explore-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = ''; // the same file may be chosen again later
          if (file) send(file);
        }}
      />
      <Button
        disabled={upload.isPending}
        aria-describedby={hintId}
        onClick={() => fileInput.current?.click()}
      >
        <CameraIcon className="size-5" />
        {upload.isPending ? t('explore.uploading') : t('explore.upload')}
      </Button>
      <p id={hintId} className="text-sm text-ink-muted sm:ml-2 sm:self-center">
        {t('explore.uploadHint')}
      </p>
    </div>
  );
}
