import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { siteOrigin, storeSettings } from '../app-data';

const SERVER_HEAD = '[data-server-head]';

/** The head the server wrote for crawlers (page-head.ts); React's own tags take over from it. */
export function removeServerHead() {
  for (const element of document.head.querySelectorAll(SERVER_HEAD)) element.remove();
}

/**
 * A page's title, description, canonical link and structured data. React 19 hoists these into
 * <head>; render exactly one PageMeta per page.
 */
export function PageMeta({
  title,
  description,
  canonicalPath,
  jsonLd,
}: {
  title: string;
  description?: string;
  canonicalPath?: string;
  /**
   * The page's structured data, made only when these tags are written: the server's head stands
   * for the page on the server and on landing, and making it there cost a product page's render
   * its product's JSON-LD twice over (the server's head makes its own).
   */
  jsonLd?: () => object[];
}) {
  // The server writes the head of the pages it renders itself (page-heads.ts); rendered there too,
  // these tags would land in <body> and repeat it. In the browser the server's head stands for the
  // page it was written for, so hydration changes nothing in <head>; the first navigation away
  // replaces it with these tags, in one commit, before the browser paints (React Router's first
  // location has the key 'default').
  const landed = useLocation().key === 'default';
  const serverHeadStands =
    typeof document === 'undefined' || (landed && document.head.querySelector(SERVER_HEAD) !== null);
  useLayoutEffect(() => {
    if (!serverHeadStands) removeServerHead();
  }, [serverHeadStands]);
  if (serverHeadStands) return null;
  const fullTitle = title === storeSettings.storeName ? title : `${title} | ${storeSettings.storeName}`;
  return (
    <>
      <title>{fullTitle}</title>
      {description && <meta name="description" content={description} />}
      {canonicalPath && <link rel="canonical" href={`${siteOrigin()}${canonicalPath}`} />}
      {jsonLd?.().map((item) => (
        <script
          key={JSON.stringify(item).slice(0, 80)}
          type="application/ld+json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD must be raw JSON; '<' is escaped so it cannot close the tag
          dangerouslySetInnerHTML={{ __html: JSON.stringify(item).replace(/</g, '\\u003c') }}
        />
      ))}
    </>
  );
}
