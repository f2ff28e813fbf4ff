import { css } from '../../../styled-system/css';
import { AccessLayout, ProductWordmark } from '../../app/access-layout';
import { LandingContent } from './landing-content';
import { pageTitles, performanceFoodTexts as t } from './texts';

/** Performance Foodservice wordmark (drawn, no external asset): navy type with a red accent bar. */
function PerformanceFoodLogo() {
  return (
    <span role="img" aria-label={t.logoLabel} className={css({ display: 'inline-flex', alignItems: 'center', gap: '2' })}>
      <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="6" fill="#0a2d5e" />
        <path d="M9 25V8h8a5.5 5.5 0 0 1 0 11h-4" fill="none" stroke="#ffffff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
        <rect x="6" y="27" width="20" height="2.5" rx="1.25" fill="#c8102e" />
      </svg>
      <span className={css({ display: 'flex', flexDirection: 'column', lineHeight: '1.05' })}>
        <span className={css({ fontWeight: '800', fontSize: { base: 'sm', md: 'md' }, color: '#0a2d5e', letterSpacing: '0.01em' })}>PERFORMANCE</span>
        <span className={css({ fontWeight: '600', fontSize: 'xs', color: '#a50e26', letterSpacing: '0.14em' })}>FOODSERVICE</span>
      </span>
    </span>
  );
}

/**
 * `/performancefoodservice` (spec: "content not shown"). DECISION: the landing page in the
 * Performance Foodservice brand — vendor logo in the top bar ("with PerformancePay" beside it),
 * the hero in the vendor's navy with a red accent, a line naming the vendor above the same
 * headline, and the same contact form (machine, texts and modal) as `/`.
 */
export default function PerformanceFoodPage() {
  return (
    <AccessLayout
      brand={
        <span className={css({ display: 'flex', alignItems: 'center', gap: { base: '2', md: '4' }, width: '100%' })}>
          <PerformanceFoodLogo />
          <span aria-hidden="true" className={css({ display: { base: 'none', md: 'block' }, width: '1px', height: '28px', bg: 'line' })} />
          <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1.5', fontSize: 'sm', color: 'muted', ml: { base: 'auto', md: '0' } })}>
            <span className={css({ display: { base: 'none', sm: 'inline' } })}>with</span>
            <span role="img" aria-label="PerformancePay">
              <ProductWordmark compact />
            </span>
          </span>
        </span>
      }
    >
      <title>{pageTitles.performanceFood}</title>
      <LandingContent
        eyebrow={t.intro}
        heroClassName={css({ gradientFrom: '#0a2d5e', gradientTo: '#061a38', borderBottom: '6px solid #c8102e' })}
      />
    </AccessLayout>
  );
}
