/**
 * The terms checkbox of every form that pays or sets up payments (core §2 pay page, §4; recurring §2.1 AutoPay set-up
 * and management, §2.3 payment plan set-up and update): "I agree to the" and the "Electronic Payment Agreement", the
 * link to the terms document of the chosen method's provider, opening in a new tab (core §2, recurring §7).
 *
 * One component for all of them, so no page shows the agreement as plain text. Remounted (unchecked) when the terms
 * version changes (core §4). Without terms (no method chosen yet, or a provider without terms) there is no document
 * to link: the name stays as text and the page's form stays invalid until a method with terms is chosen.
 */
import { Checkbox } from '@ark-ui/react/checkbox';
import { css } from '../../styled-system/css';

export interface Terms {
  version: string;
  filename: string;
}

/** Verbatim texts (the pages' texts modules used to hold three copies). */
export const termsTexts = { label: 'I agree to the', link: 'Electronic Payment Agreement' } as const;

/** The terms document (decision: served from the same origin under /static/epa/{version}/{filename}). */
export function epaUrl(terms: Terms): string {
  return `/static/epa/${encodeURIComponent(terms.version)}/${encodeURIComponent(terms.filename)}`;
}

const styles = {
  row: css({ display: 'flex', alignItems: 'center', gap: '1', flexWrap: 'wrap' }),
  checkbox: css({ display: 'inline-flex', alignItems: 'center', gap: '2', cursor: 'pointer', minHeight: '44px' }),
  box: css({
    display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width: '20px', height: '20px', borderWidth: '2px', borderColor: '#6b7483',
    borderRadius: '4px', bg: 'white', flexShrink: 0,
    _checked: { bg: 'brand.600', borderColor: 'brand.600', color: 'white' },
    '[data-focus-visible] > &': { outline: '3px solid', outlineColor: 'brand.500', outlineOffset: '2px' },
  }),
  link: css({ color: 'brand.700', textDecoration: 'underline' }),
};

/** The checkbox and the agreement's link (see the header of this file). */
export function TermsCheckbox({ terms, accepted, onChange }: { terms: Terms | null; accepted: boolean; onChange(accepted: boolean): void }) {
  return (
    <div className={styles.row} data-testid="terms">
      <Checkbox.Root key={terms?.version ?? 'none'} className={styles.checkbox} checked={accepted} onCheckedChange={() => onChange(!accepted)}>
        <Checkbox.Control className={styles.box}>
          <Checkbox.Indicator>✓</Checkbox.Indicator>
        </Checkbox.Control>
        <Checkbox.Label>{termsTexts.label}</Checkbox.Label>
        <Checkbox.HiddenInput />
      </Checkbox.Root>
      {terms ? <a href={epaUrl(terms)} target="_blank" rel="noopener noreferrer" className={styles.link}>{termsTexts.link}</a> : <span>{termsTexts.link}</span>}
    </div>
  );
}
