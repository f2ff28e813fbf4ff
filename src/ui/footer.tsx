import { css } from '../../styled-system/css';

export interface FooterProps {
  /** The year shown in the copyright; defaults to the current year. */
  year?: number;
}

/** Site footer: "powered by" the branded valet service, and the current year in the copyright (spec §1). */
export function Footer({ year = new Date().getFullYear() }: FooterProps) {
  return (
    <footer className={css({ mt: 'auto', borderTopWidth: '1px', borderColor: 'line', bg: 'white', color: 'muted', fontSize: 'sm', py: '5' })}>
      <div className={css({ maxWidth: '1050px', mx: 'auto', px: { base: '4', md: '6' }, display: 'flex', flexDirection: { base: 'column', md: 'row' }, gap: '2', justifyContent: 'space-between', alignItems: { base: 'flex-start', md: 'center' } })}>
        <p>
          Powered by <strong className={css({ color: 'ink' })}>Performance Valet</strong>
        </p>
        <p>© {year} PerformancePay. All rights reserved.</p>
      </div>
    </footer>
  );
}
