import { brand } from '@exhale/contract/brand';

/** The support mail address and phone number as links (the footer and the legal pages). */
export function SupportContactLinks({
  listClassName,
  linkClassName,
}: {
  listClassName: string;
  linkClassName: string;
}) {
  const { support } = brand;
  return (
    <ul className={listClassName}>
      <li>
        <a href={`mailto:${support.email}`} className={linkClassName}>
          {support.email}
        </a>
      </li>
      <li>
        <a href={support.phoneHref} className={linkClassName}>
          {support.phone}
        </a>
      </li>
    </ul>
  );
}
