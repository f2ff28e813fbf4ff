import { useParams } from 'react-router-dom';
import { css, cx } from '../../../styled-system/css';
import { vendorLabel } from '../../../machines/selection/selection.selectors';
import { Page, PageTitle } from '../../ui/page';
import { LoadingRegion, Skeleton } from '../../ui/reserved';
import { ChangeLocationBar } from '../../ui/change-location-bar';
import { ChevronRightIcon, PinIcon } from '../../ui/icons';
import { useSession } from '../../app/session';
import { ShellFrame } from '../../app/shell-frame';
import { ChooserFailed } from './chooser-failed';
import { chooserTexts as t } from './texts';
import { useLocationChooser } from './use-chooser';
import { paths } from '../../../core/rules/paths';

const listBox = css({ bg: 'white', borderWidth: '1px', borderColor: 'line', borderRadius: 'card', boxShadow: 'card', overflow: 'hidden' });

function LocationChooser({ vendorId }: { vendorId: string }) {
  const session = useSession();
  const { status, options, vendorCount, vendor, choose, retry } = useLocationChooser(vendorId);
  // The change-location bar shows only when the contact has more than one vendor (spec §2).
  const bar = status === 'choosing' && vendorCount > 1 ? (
    <ChangeLocationBar current={vendor ? vendorLabel(vendor) : ''} to={paths.vendors(session.token)} label={t.changeVendor} />
  ) : null;
  return (
    // the bar sits above the page: the frame holds the page until the locations say whether there is one (else the bar,
    // arriving with them, pushed the page down 53 px)
    <ShellFrame vendor={vendor} bar={bar} ready={status !== 'loading'}>
      <Page>
        <PageTitle>{t.locationTitle}</PageTitle>
        {status === 'loading' || status === 'leaving' ? (
          // rows of the final size in the list's box, so nothing below moves when the rows come
          <LoadingRegion label={t.loading} className={listBox}>
            {[0, 1].map((i) => (
              // a row's two lines: the name (24 px) and the address (small, 21 px)
              <div key={i} className={css({ px: { base: '4', md: '5' }, py: '4', display: 'flex', flexDirection: 'column', '& + &': { borderTopWidth: '1px', borderColor: 'line' } })}>
                <Skeleton width="45%" height="24px" />
                <Skeleton width="70%" height="21px" />
              </div>
            ))}
          </LoadingRegion>
        ) : null}
        {status === 'failed' ? <ChooserFailed message={t.locationsFailed} onRetry={retry} /> : null}
        {status === 'choosing' ? (
          <ul className={cx(css({ listStyle: 'none', p: 0, m: 0 }), listBox)}>
            {options.map((option) => (
              <li key={option.id} className={css({ '& + &': { borderTopWidth: '1px', borderColor: 'line' } })}>
                <button
                  type="button"
                  onClick={() => choose(option.id)}
                  className={css({
                    width: '100%', display: 'flex', alignItems: 'center', gap: '3', px: { base: '4', md: '5' }, py: '4', textAlign: 'left', bg: 'white', cursor: 'pointer',
                    _hover: { bg: 'brand.50' }, _focusVisible: { outline: '3px solid', outlineColor: 'brand.500', outlineOffset: '-3px' },
                  })}
                >
                  <span className={css({ color: 'brand.600', flexShrink: 0 })}><PinIcon /></span>
                  <span className={css({ flex: '1', minWidth: 0 })}>
                    <span className={css({ display: 'block', fontWeight: '700', color: 'ink' })}>{option.label}</span>
                    <span className={css({ display: 'block', color: 'muted', fontSize: 'sm' })}>{option.detail}</span>
                  </span>
                  <span className={css({ color: 'brand.600', flexShrink: 0 })}><ChevronRightIcon /></span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </Page>
    </ShellFrame>
  );
}

/** "Choose a Location" (spec §2): rows by display name with the address; one location → straight there. */
export default function LocationChooserPage() {
  const { vendorId = '' } = useParams();
  return <LocationChooser key={vendorId} vendorId={vendorId} />;
}
