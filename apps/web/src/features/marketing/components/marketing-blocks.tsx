import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses, type ButtonVariant } from '../../../components/ui/button';
import { CheckIcon } from '../../../components/ui/icons';

/**
 * Where every marketing call to action leads (decision 028): these pages speak to organisations,
 * doctors and families, who start by talking to us, so each button opens the contact page.
 */
export const CONTACT_PATH = '/help-center/contact-us';

export function CtaLink({
  to,
  variant = 'primary',
  children,
}: {
  to: string;
  variant?: ButtonVariant;
  children: ReactNode;
}) {
  return (
    <Link to={to} className={buttonClasses({ variant, size: 'lg' })}>
      {children}
    </Link>
  );
}

export function CtaRow({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={clsx('mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap', className)}>
      {children}
    </div>
  );
}

export function MarketingHero({
  eyebrow,
  title,
  lead,
  illustration,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: string;
  illustration: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section
      aria-labelledby="page-title"
      className="bg-gradient-to-b from-brand-50 to-white px-4 pt-10 pb-14 sm:pt-16"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-10 lg:grid-cols-[1.3fr_1fr]">
        <div>
          <p className="font-semibold tracking-wide text-brand-800">{eyebrow}</p>
          <h1
            id="page-title"
            className="mt-3 text-3xl leading-tight font-extrabold text-ink sm:text-5xl"
          >
            {title}
          </h1>
          <p className="mt-5 max-w-prose text-lg text-ink-muted">{lead}</p>
          {children}
        </div>
        <div className="flex justify-center">{illustration}</div>
      </div>
    </section>
  );
}

export function MarketingSection({
  id,
  title,
  lead,
  tone = 'plain',
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  tone?: 'plain' | 'tinted';
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={clsx('px-4 py-14', tone === 'tinted' && 'bg-brand-50')}
    >
      <div className="mx-auto max-w-6xl">
        <h2 id={`${id}-title`} className="text-2xl font-bold text-ink sm:text-3xl">
          {title}
        </h2>
        {lead ? <p className="mt-3 max-w-prose text-lg text-ink-muted">{lead}</p> : null}
        {children}
      </div>
    </section>
  );
}

/** A card's words as the marketing catalogue holds them: `<section>.items.<key>.title|text`. */
export interface CardText {
  title: string;
  text: string;
}

/**
 * The cards of a catalogue section in the page's order. `items` is the section's
 * `t('….items', { returnObjects: true })`; the keys are listed by the page because the catalogues of
 * the six languages need not keep their keys in the same order.
 */
export function cardsOf<K extends string>(
  items: Record<K, CardText>,
  keys: readonly K[],
): CardContent[] {
  return keys.map((key) => ({ key, ...items[key] }));
}

/** Check-list lines from a catalogue section whose items are plain strings. */
export function lines<K extends string>(items: Record<K, string>, keys: readonly K[]) {
  return keys.map((key) => ({ key, text: items[key] }));
}

export interface CardContent {
  key: string;
  title: string;
  text: string;
  extra?: ReactNode;
}

/** Titled cards; `numbered` makes it an ordered list of steps. */
export function CardGrid({
  cards,
  numbered = false,
  columns = 3,
}: {
  cards: readonly CardContent[];
  numbered?: boolean;
  columns?: 2 | 3 | 4;
}) {
  const List = numbered ? 'ol' : 'ul';
  return (
    <List
      className={clsx(
        'mt-8 grid gap-5',
        columns === 2 && 'md:grid-cols-2',
        columns === 3 && 'md:grid-cols-3',
        columns === 4 && 'sm:grid-cols-2 lg:grid-cols-4',
      )}
    >
      {cards.map((card, index) => (
        <li
          key={card.key}
          className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-brand-100"
        >
          {numbered ? (
            <span
              className="inline-flex size-10 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
              aria-hidden="true"
            >
              {index + 1}
            </span>
          ) : null}
          <h3 className={clsx('text-lg font-semibold text-ink', numbered && 'mt-4')}>
            {card.title}
          </h3>
          <p className="mt-2 text-ink-muted">{card.text}</p>
          {card.extra}
        </li>
      ))}
    </List>
  );
}

export function CheckList({ items }: { items: readonly { key: string; text: ReactNode }[] }) {
  return (
    <ul className="mt-6 grid gap-3 md:grid-cols-2">
      {items.map((item) => (
        <li key={item.key} className="flex gap-3 text-lg text-ink">
          <CheckIcon className="mt-1 size-5 shrink-0 text-leaf-700" />
          <span>{item.text}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The pair of buttons the organisation pages open and close with: 'Contact us' and 'Get started',
 * both to the contact page. In the hero the first is primary; on the closing band both are inverse.
 */
export function ContactButtons({
  place,
  getStartedFirst = false,
}: {
  place: 'hero' | 'closing';
  getStartedFirst?: boolean;
}) {
  const { t } = useTranslation('marketing');
  const labels = getStartedFirst
    ? [t('getStarted'), t('contactUs')]
    : [t('contactUs'), t('getStarted')];
  const variants: ButtonVariant[] =
    place === 'hero' ? ['primary', 'secondary'] : ['inverse', 'inverse'];
  const buttons = labels.map((label, index) => (
    <CtaLink key={index} to={CONTACT_PATH} variant={variants[index]}>
      {label}
    </CtaLink>
  ));
  return place === 'hero' ? <CtaRow>{buttons}</CtaRow> : <>{buttons}</>;
}

/** The closing band: a last heading, a sentence and the page's calls to action. */
export function ClosingBand({
  title,
  text,
  children,
}: {
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="closing-title" className="bg-brand-900 px-4 py-14 text-white">
      <div className="mx-auto max-w-3xl text-center [&_:focus-visible]:outline-white">
        <h2 id="closing-title" className="text-2xl font-bold sm:text-3xl">
          {title}
        </h2>
        <p className="mt-3 text-lg text-brand-100">{text}</p>
        <CtaRow className="justify-center">{children}</CtaRow>
      </div>
    </section>
  );
}
