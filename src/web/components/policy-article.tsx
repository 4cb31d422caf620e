import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { breadcrumbJsonLd } from '../../shared/catalog-structured-data';
import { type PolicyPage, policyPageList } from '../../shared/policy-pages';
import { siteOrigin } from '../app-data';
import { PageMeta } from './page-meta';

/**
 * The frame of a policy page (Returns, Shipping, Terms, Privacy, Contact): its head, its
 * heading and the other policy pages. Server-rendered like the landing pages (entry-server.tsx).
 */
export function PolicyArticle({ page, children }: { page: PolicyPage; children: ReactNode }) {
  const crumbs = [
    { name: 'Home', path: '/' },
    { name: page.title, path: page.path },
  ];
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-4 text-stone-800">
      <PageMeta
        title={page.title}
        description={page.description}
        canonicalPath={page.path}
        jsonLd={() => [breadcrumbJsonLd(crumbs, siteOrigin())]}
      />
      <h1 className="text-2xl font-extrabold text-stone-900">{page.title}</h1>
      {children}
      <nav aria-label="Other policies" className="mt-4 border-t border-brand-100 pt-4 text-sm">
        <ul className="flex flex-wrap gap-x-4 gap-y-2">
          {policyPageList
            .filter((other) => other.path !== page.path)
            .map((other) => (
              <li key={other.path}>
                <Link to={other.path} className="font-semibold text-brand-800 underline">
                  {other.title}
                </Link>
              </li>
            ))}
        </ul>
      </nav>
    </article>
  );
}

/** A titled part of a policy page. */
export function PolicySection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm">
      <h2 className="text-lg font-bold text-stone-900">{title}</h2>
      <div className="flex flex-col gap-2 text-sm leading-relaxed [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc">
        {children}
      </div>
    </section>
  );
}
