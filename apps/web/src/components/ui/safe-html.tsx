import clsx from 'clsx';
import { useEffect, useMemo, useState } from 'react';
import type { Config, DOMPurify } from 'dompurify';
import {
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_HREF,
  RICH_TEXT_LINK_REL,
  RICH_TEXT_TAGS,
} from '@exhale/contract/rich-text';

/**
 * The one way editor HTML (live-session descriptions, blogs and news) reaches the page
 * (ARCHITECTURE §5). The server sanitises on write; this sanitises again on render, with the same
 * allow-list from the contract, so a row written before that rule or by another tool cannot run
 * script here.
 *
 * DOMPurify is loaded on first use, so pages that never show editor HTML (the landing page) do
 * not carry it. Until it has loaded nothing is rendered, never the unsanitised markup. A page the
 * server rendered (decision 062) arrives with the text sanitised there; when the app takes it
 * over, the element keeps that content until DOMPurify is in and then gets the browser's own
 * sanitised copy (decision 094: keeping the server's copy did not measurably pay).
 */

const config: Config = {
  ALLOWED_TAGS: [...RICH_TEXT_TAGS],
  ALLOWED_ATTR: [...RICH_TEXT_ATTRIBUTES],
  ALLOWED_URI_REGEXP: RICH_TEXT_HREF,
  KEEP_CONTENT: true,
};

let purifier: DOMPurify | null = null;
let loading: Promise<DOMPurify> | null = null;

export function loadSanitizer(): Promise<DOMPurify> {
  loading ??= import('dompurify').then(({ default: instance }) => {
    instance.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.hasAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', RICH_TEXT_LINK_REL);
      }
    });
    purifier = instance;
    return instance;
  });
  return loading;
}

/**
 * The server render (entry-server.tsx) has no DOM for DOMPurify: the API that renders a page
 * passes its own sanitiser, which applies the same allow-list on write.
 */
let serverSanitize: ((html: string) => string) | undefined;
export function setServerSanitizer(sanitize: typeof serverSanitize): void {
  serverSanitize = sanitize;
}

/**
 * The server's sanitiser, required: a reader sees the server's HTML before any script runs, so a
 * server render without it must fail (the page is then drawn in the browser).
 */
function sanitizeOnServer(html: string): string {
  if (!serverSanitize) throw new Error('SafeHtml was rendered on the server without a sanitiser');
  return serverSanitize(html);
}

export interface SafeHtmlProps {
  html: string;
  className?: string;
}

export function SafeHtml({ html, className }: SafeHtmlProps) {
  const [ready, setReady] = useState(purifier !== null);

  useEffect(() => {
    if (ready) return;
    let active = true;
    loadSanitizer().then(
      () => active && setReady(true),
      (error: unknown) => console.error('Could not load the HTML sanitiser', error),
    );
    return () => {
      active = false;
    };
  }, [ready]);

  // Pages re-render often (the live-session countdown ticks every second); sanitise once per text.
  const clean = useMemo(
    () =>
      import.meta.env.SSR
        ? sanitizeOnServer(html)
        : ready && purifier
          ? purifier.sanitize(html, config)
          : '',
    [html, ready],
  );
  return (
    <div
      className={clsx(
        // Preflight resets lists and spacing; editor HTML needs them back.
        '[&_a]:font-semibold [&_a]:text-brand-800 [&_a]:underline [&_li]:mt-1 [&_ol]:mt-2 [&_ol]:list-decimal [&_ol]:pl-5 [&_p+p]:mt-2 [&_ul]:mt-2 [&_ul]:list-disc [&_ul]:pl-5',
        className,
      )}
      // Sanitised just above with the allow-list, or by the server; see the module comment.
      dangerouslySetInnerHTML={{ __html: clean }}
      // Taken over from the server, it keeps the server's sanitised content until its own is in.
      suppressHydrationWarning
    />
  );
}
