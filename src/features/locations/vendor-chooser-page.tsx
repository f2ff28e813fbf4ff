import { css, cx } from '../../../styled-system/css';
import { Page, PageTitle } from '../../ui/page';
import { LoadingRegion, Skeleton } from '../../ui/reserved';
import { VendorLogo } from '../../ui/brand';
import { ChevronRightIcon } from '../../ui/icons';
import { ShellFrame } from '../../app/shell-frame';
import { ChooserFailed } from './chooser-failed';
import { chooserTexts as t } from './texts';
import { useVendorChooser } from './use-chooser';

const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' }, gap: '4' });

/** "Choose a Vendor" (spec §2): a grid of cards with the vendor logo and name. */
export default function VendorChooserPage() {
  const { status, options, vendors, choose, retry } = useVendorChooser();
  return (
    <ShellFrame>
      <Page wide>
        <PageTitle>{t.vendorTitle}</PageTitle>
        {status === 'loading' || status === 'leaving' ? (
          // cards of the final size where the cards will be, so nothing below moves when they come
          <LoadingRegion label={t.loading} className={grid}>
            {[0, 1, 2].map((i) => <Skeleton key={i} height="150px" radius="var(--radii-card)" />)}
          </LoadingRegion>
        ) : null}
        {status === 'failed' ? <ChooserFailed message={t.vendorsFailed} onRetry={retry} /> : null}
        {status === 'choosing' ? (
          <ul className={cx(css({ listStyle: 'none', p: 0, m: 0 }), grid)}>
            {options.map((option) => {
              const vendor = vendors.find((v) => v.id === option.id);
              return (
                <li key={option.id}>
                  <button
                    type="button"
                    onClick={() => choose(option.id)}
                    className={css({
                      width: '100%', height: '100%', minHeight: '150px', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: '3',
                      p: '5', bg: 'white', borderWidth: '1px', borderColor: 'line', borderRadius: 'card', boxShadow: 'card', cursor: 'pointer', textAlign: 'center',
                      transition: 'border-color 120ms, box-shadow 120ms, transform 120ms',
                      _hover: { borderColor: 'brand.500', boxShadow: 'raised', transform: 'translateY(-1px)' },
                      _focusVisible: { outline: '3px solid', outlineColor: 'brand.500', outlineOffset: '2px' },
                    })}
                  >
                    {vendor ? <VendorLogo vendor={vendor} size={56} /> : null}
                    <span className={css({ fontWeight: '700', fontSize: 'lg', color: 'ink', display: 'inline-flex', alignItems: 'center', gap: '1' })}>
                      {option.label}
                      <span className={css({ color: 'brand.600' })}><ChevronRightIcon size={18} /></span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
      </Page>
    </ShellFrame>
  );
}
