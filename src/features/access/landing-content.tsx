import type { ReactNode } from 'react';
import { css, cx } from '../../../styled-system/css';
import { ContactForm } from './contact-form';
import { landingTexts as t } from './texts';

export interface LandingContentProps {
  /** Extra class for the hero band (vendor colours). */
  heroClassName?: string;
  /** A line above the headline (e.g. naming the vendor). */
  eyebrow?: ReactNode;
}

/** Hero banner ("Simplify Your Life") beside the contact form; stacked on phones. */
export function LandingContent({ heroClassName, eyebrow }: LandingContentProps) {
  return (
    <main id="main" tabIndex={-1} className={css({ flex: '1', display: 'flex', flexDirection: 'column', outline: 'none' })}>
      <div
        className={cx(
          css({
            flex: '1', display: 'flex', alignItems: 'center',
            bgGradient: 'to-br', gradientFrom: 'brand.700', gradientTo: 'brand.900', color: 'white', position: 'relative', overflow: 'hidden',
          }),
          heroClassName,
        )}
      >
        <div
          className={css({
            width: '100%', maxWidth: '1050px', mx: 'auto', px: { base: '4', md: '6' }, py: { base: '8', lg: '16' },
            display: 'grid', gridTemplateColumns: { base: '1fr', lg: '1.1fr 1fr' }, gap: { base: '8', lg: '12' }, alignItems: 'center',
          })}
        >
          <section aria-label="PerformancePay" className={css({ maxWidth: '34rem' })}>
            {eyebrow ? <p className={css({ fontWeight: '600', fontSize: { base: 'sm', md: 'md' }, mb: '3', pl: '3', borderLeft: '4px solid', borderColor: 'currentColor' })}>{eyebrow}</p> : null}
            <h1 className={css({ fontSize: { base: '3xl', md: '5xl' }, fontWeight: '800', lineHeight: '1.1', letterSpacing: '-0.02em', mb: '4' })}>{t.headline}</h1>
            <p className={css({ fontSize: { base: 'lg', md: 'xl' }, fontWeight: '600', mb: '3' })}>{t.subheadline}</p>
            <p className={css({ fontSize: 'md', lineHeight: '1.6', opacity: 0.95 })}>{t.copy}</p>
            <svg viewBox="0 0 320 96" aria-hidden="true" focusable="false" className={css({ display: { base: 'none', md: 'block' }, mt: '8', width: '280px', opacity: 0.9 })}>
              <rect x="4" y="10" width="120" height="76" rx="10" fill="none" stroke="currentColor" strokeOpacity="0.55" strokeWidth="3" />
              <path d="M22 34h64M22 50h84M22 66h44" stroke="currentColor" strokeOpacity="0.55" strokeWidth="4" strokeLinecap="round" />
              <path d="M140 48h56" stroke="currentColor" strokeOpacity="0.55" strokeWidth="4" strokeLinecap="round" strokeDasharray="2 10" />
              <circle cx="250" cy="48" r="36" fill="none" stroke="currentColor" strokeOpacity="0.55" strokeWidth="3" />
              <path d="M233 49l12 12 22-26" fill="none" stroke="currentColor" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </section>
          <ContactForm />
        </div>
      </div>
    </main>
  );
}
