import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Redirect } from './redirect';
import { useReplay } from './replay-scope';
import { css } from '../../styled-system/css';
import { useReleaseFirstScreen } from '../ui/first-screen';
import { Page } from '../ui/page';
import { ChangeLocationBar } from '../ui/change-location-bar';
import { useSession } from './session';
import { ShellFrame } from './shell-frame';
import { shellTexts as t } from './texts';
import { useLocationContext, type LocationContextView } from './use-location-context';

export interface LocationFrameProps {
  vendorId: string;
  locationId: string;
  /** The dashboard shows the change-location bar (with more than one vendor or location). */
  changeLocationBar?: boolean;
  children: (context: LocationContextView) => ReactNode;
}

/**
 * Frame of the pages under a location base: header branded with the vendor's logo, the location
 * name and address. A location outside the contact's scope leads to /404.
 */
export function LocationFrame({ vendorId, locationId, changeLocationBar = false, children }: LocationFrameProps) {
  const session = useSession();
  const context = useLocationContext(vendorId, locationId);
  // "Once loading finishes" the selected location's saved action replays (machines/replay).
  const replay = useReplay();
  const { pathname } = useLocation();
  const loaded = context.status === 'loaded';
  // The page's failure is what the reader must see, not the first screen painted from the HTML.
  useReleaseFirstScreen(context.status === 'failed');
  useEffect(() => {
    if (loaded) replay?.send({ type: 'replay.loaded', scope: { token: session.token, vendorId, locationId }, path: pathname });
  }, [loaded, replay, session.token, vendorId, locationId, pathname]);
  if (context.status === 'missing') return <Redirect to="/404" replace />;
  const changeTo = changeLocationBar ? context.changeLocationTo : null;
  const bar = changeTo ? <ChangeLocationBar current={context.location?.displayName ?? ''} to={changeTo} label={t.changeLocation} /> : null;
  return (
    // Not ready while loading: whether the bar shows is known only then (it must not push the page down later).
    <ShellFrame vendor={context.vendor} location={context.location} bar={bar} ready={context.status !== 'loading'} pending={context.status === 'loading'}>
      {context.status === 'failed' ? (
        <Page>
          <p role="alert" className={css({ bg: 'white', borderWidth: '1px', borderColor: '#f4c7c3', color: 'danger', borderRadius: 'card', p: '5', fontWeight: '600' })}>{t.locationFailed}</p>
        </Page>
      ) : (
        children(context)
      )}
    </ShellFrame>
  );
}
