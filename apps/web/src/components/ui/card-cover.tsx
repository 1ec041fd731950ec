/**
 * The 16:9 picture at the top of a list card (blogs, news), or a plain band of the same size when
 * there is none, so the cards of a row line up either way.
 */
export function CardCover({ src, priority = false }: { src: string | null; priority?: boolean }) {
  if (!src) return <div className="aspect-video w-full bg-brand-100" aria-hidden="true" />;
  return (
    <img
      src={src}
      alt=""
      width={800}
      height={450}
      // The first card is on the first screen, where its picture is the largest thing: fetch it at
      // once and first. The others wait until they are scrolled near.
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className="aspect-video w-full bg-brand-50 object-cover"
    />
  );
}
