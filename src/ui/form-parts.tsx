/** Small parts shared by the AutoPay and payment-plan pages: checkbox, titled section, alert (the terms row: src/ui/terms-checkbox). */
import { Checkbox } from '@ark-ui/react/checkbox';
import type { ReactNode } from 'react';
import { css } from '../../styled-system/css';

const styles = {
  box: css({
    display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width: '20px', height: '20px', borderWidth: '2px', borderColor: '#6b7483', borderRadius: '4px', bg: 'white', flexShrink: 0,
    _checked: { bg: 'brand.600', borderColor: 'brand.600', color: 'white' },
    '[data-focus-visible] > &': { outline: '3px solid', outlineColor: 'brand.500', outlineOffset: '2px' },
    _disabled: { opacity: 0.5 },
  }),
  checkbox: css({ display: 'inline-flex', alignItems: 'center', gap: '2', cursor: 'pointer', minHeight: '44px', _disabled: { cursor: 'not-allowed' } }),
  srOnly: css({ srOnly: true }),
  section: css({ bg: 'white', borderWidth: '1px', borderColor: 'line', borderRadius: 'card', boxShadow: 'card', p: { base: '4', md: '5' } }),
  sectionTitle: css({ fontSize: 'lg', fontWeight: '700', mb: '3' }),
  optional: css({ fontWeight: '400', color: 'muted' }),
  alert: css({ bg: '#fdecea', borderWidth: '1px', borderColor: '#f4c7c3', color: 'danger', borderRadius: 'card', p: '4', fontWeight: '600' }),
  link: css({ color: 'brand.700', textDecoration: 'underline' }),
};

export function CheckBox({ checked, onChange, label, labelHidden = true, disabled = false }: { checked: boolean; onChange(): void; label: string; labelHidden?: boolean; disabled?: boolean }) {
  return (
    <Checkbox.Root className={styles.checkbox} checked={checked} onCheckedChange={onChange} disabled={disabled}>
      <Checkbox.Control className={styles.box}>
        <Checkbox.Indicator>✓</Checkbox.Indicator>
      </Checkbox.Control>
      <Checkbox.Label className={labelHidden ? styles.srOnly : undefined}>{label}</Checkbox.Label>
      <Checkbox.HiddenInput />
    </Checkbox.Root>
  );
}

export function Section({ id, title, extra, children }: { id: string; title: string; extra?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={styles.section}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
        {extra ? <>{' '}<span className={styles.optional}>{extra}</span></> : null}
      </h2>
      {children}
    </section>
  );
}

export function Alert({ children }: { children: ReactNode }) {
  return <p role="alert" className={styles.alert}>{children}</p>;
}

/** A standing notice (not an error the user just caused): read by assistive technology as status, not as an alert. */
export function Notice({ children, testId }: { children: ReactNode; testId?: string }) {
  return <p role="status" className={styles.alert} data-testid={testId}>{children}</p>;
}

export const layout = {
  stack: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  actions: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '4' }),
  dl: css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'max-content 1fr' }, columnGap: '6', rowGap: '2', '& dt': { color: 'muted', fontWeight: '600' }, '& dd': { m: 0 } }),
  accent: css({ color: 'brand.700' }),
};
