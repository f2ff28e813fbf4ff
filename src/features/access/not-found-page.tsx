import { Link } from 'react-router-dom';
import { css } from '../../../styled-system/css';
import { button } from '../../ui/button';
import { AccessLayout } from '../../app/access-layout';
import { notFoundTexts as t, pageTitles } from './texts';

/** `/404` and any unknown path (spec §2 Routing rules). */
export default function NotFoundPage() {
  return (
    <AccessLayout>
      <title>{pageTitles.notFound}</title>
      <main id="main" tabIndex={-1} className={css({ flex: '1', px: '4', py: { base: '12', md: '20' }, textAlign: 'center', outline: 'none' })}>
        <p aria-hidden="true" className={css({ fontSize: { base: '5xl', md: '6xl' }, fontWeight: '800', color: 'brand.600', lineHeight: '1' })}>404</p>
        <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: '700', mt: '3', mb: '6' })}>{t.title}</h1>
        <Link to="/" className={button({ variant: 'primary' })}>
          {t.button}
        </Link>
      </main>
    </AccessLayout>
  );
}
