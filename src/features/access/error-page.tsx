import { useId } from 'react';
import { Link, useParams } from 'react-router-dom';
import { css } from '../../../styled-system/css';
import { button } from '../../ui/button';
import { AccessLayout } from '../../app/access-layout';
import { errorPageContent, pageTitles } from './texts';

/** `/token/:token/error/:error?`: title, explanation and a button to `/` (spec §2 Error page, §8). */
export default function ErrorPage() {
  const { error } = useParams();
  const content = errorPageContent(error);
  const titleId = useId();
  return (
    <AccessLayout>
      <title>{pageTitles.error(content.title)}</title>
      <main id="main" tabIndex={-1} className={css({ flex: '1', px: '4', py: { base: '10', md: '16' }, outline: 'none' })}>
        <section
          aria-labelledby={titleId}
          className={css({ maxWidth: '560px', mx: 'auto', bg: 'white', borderRadius: 'card', boxShadow: 'card', borderWidth: '1px', borderColor: 'line', p: { base: '6', md: '8' }, textAlign: 'center' })}
        >
          <svg width="48" height="48" viewBox="0 0 48 48" aria-hidden="true" focusable="false" className={css({ mx: 'auto', mb: '4', color: 'brand.600' })}>
            <circle cx="24" cy="24" r="21" fill="none" stroke="currentColor" strokeWidth="3" />
            <path d="M24 13v14" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
            <circle cx="24" cy="34" r="2.5" fill="currentColor" />
          </svg>
          <h1 id={titleId} className={css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: '700', lineHeight: '1.25', mb: '3' })}>
            {content.title}
          </h1>
          {content.explanation ? <p className={css({ color: 'muted', mb: '6' })}>{content.explanation}</p> : null}
          <Link to="/" className={button({ variant: 'primary' }) + ' ' + css({ mt: content.explanation ? '0' : '3' })}>
            {content.button}
          </Link>
        </section>
      </main>
    </AccessLayout>
  );
}
