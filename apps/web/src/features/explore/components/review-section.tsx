import { formatReviewDate } from '@exhale/contract/formats';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { UserIcon } from '../../../components/ui/icons';
import { useAddExploreReview, useExploreReviews } from '../api';

/** The review box and the scrollable list of reviews under a post. */
export function ReviewSection({ exploreId, postLabel }: { exploreId: string; postLabel: string }) {
  const { t } = useTranslation();
  const fieldId = useId();
  const listId = useId();
  const [text, setText] = useState('');
  const reviews = useExploreReviews(exploreId);
  const addReview = useAddExploreReview(exploreId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const review = text.trim();
    if (!review || addReview.isPending) return; // spec §5: empty text is not sent
    addReview.mutate(review, {
      onSuccess: () => setText(''),
      // Spec §8: a failed review is only logged.
      onError: (error) => console.error('Error creating review', error),
    });
  };

  const list = reviews.data ?? [];
  return (
    <div className="flex flex-col gap-3">
      <form onSubmit={submit} className="flex flex-col gap-2">
        <label htmlFor={fieldId} className="sr-only">
          {t('explore.reviewLabel', { post: postLabel })}
        </label>
        <textarea
          id={fieldId}
          rows={2}
          maxLength={1000}
          value={text}
          placeholder={t('explore.reviewPlaceholder')}
          onChange={(event) => setText(event.target.value)}
          className="w-full resize-none rounded-lg border border-slate-500 px-3 py-2 text-base text-ink placeholder:text-slate-500"
        />
        <Button type="submit" size="sm" className="self-end" disabled={addReview.isPending}>
          {t('explore.submit')}
        </Button>
      </form>
      <h3 id={listId} className="sr-only">
        {t('explore.reviewsHeading', { post: postLabel })}
      </h3>
      {list.length === 0 ? null : (
        // Focusable so keyboard users can scroll it (the list is capped at about 10rem).
        <ul
          aria-labelledby={listId}
          tabIndex={0}
          className="flex max-h-40 flex-col gap-3 overflow-y-auto rounded-lg bg-slate-50 p-3"
        >
          {list.map((review) => (
            <li key={review._id} className="flex gap-2">
              <span
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800"
                aria-hidden="true"
              >
                <UserIcon className="size-4" />
              </span>
              <div className="min-w-0">
                <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                  <span className="font-semibold text-ink">
                    {review.user_id.name.trim() || t('explore.anonymous')}
                  </span>
                  <time dateTime={review.createdAt} className="text-xs text-ink-muted">
                    {formatReviewDate(review.createdAt)}
                  </time>
                </p>
                <p className="text-sm break-words text-ink">{review.review}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
