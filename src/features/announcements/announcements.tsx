import { useMemo } from 'react';
import { css, cva } from '../../../styled-system/css';
import { AlertIcon, CloseIcon, InfoIcon } from '../shell/icons';
import { announcementTexts as t } from './texts';
import { useAnnouncementsActor, useAnnouncementsView, useAppAnnouncements, type AnnouncementsRef } from './use-announcements';

const banner = cva({
  base: {
    py: '3', fontSize: 'sm', lineHeight: '1.45',
    borderBottomWidth: '1px',
  },
  variants: {
    tone: {
      error: { bg: 'dangerBg', color: 'danger', borderColor: '#f4c7c3' },
      info: { bg: 'infoBg', color: 'info', borderColor: 'brand.100' },
    },
  },
});

function AnnouncementList({ actorRef }: { actorRef: AnnouncementsRef }) {
  const { items, dismiss } = useAnnouncementsView(actorRef);
  if (items.length === 0) return null;
  return (
    <section aria-label={t.region} className={css({ width: '100%' })}>
      <ul className={css({ listStyle: 'none', m: 0, p: 0 })}>
        {items.map((item) => (
          <li key={item.id} className={banner({ tone: item.tone })} data-tone={item.tone}>
            <div className={css({ display: 'flex', alignItems: 'flex-start', gap: '3', width: '100%', maxWidth: '1050px', mx: 'auto', px: { base: '4', md: '6' } })}>
            <span className={css({ flexShrink: 0, mt: '1px' })}>{item.tone === 'error' ? <AlertIcon size={20} /> : <InfoIcon size={20} />}</span>
            <p className={css({ flex: '1', fontWeight: '500' })}>{item.message}</p>
            {item.dismissible ? (
              <button
                type="button"
                aria-label={t.dismiss}
                onClick={() => dismiss(item.id)}
                className={css({
                  flexShrink: 0, display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width: '32px', height: '32px', mt: '-1',
                  borderRadius: 'control', color: 'inherit', cursor: 'pointer', bg: 'transparent', _hover: { bg: 'rgba(11,74,143,0.1)' },
                  _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' },
                })}
              >
                <CloseIcon size={18} />
              </button>
            ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Outside the app (a page rendered on its own): a private actor on the public file and, with a token, the API. */
function StandaloneAnnouncements() {
  const source = useMemo(() => ({ authenticated: false, vendorId: null }), []);
  const actorRef = useAnnouncementsActor(source);
  return <AnnouncementList actorRef={actorRef} />;
}

/**
 * Announcement banners (spec §1, §4): error ones red and not dismissible, others blue with a
 * dismiss button. Renders the app-level announcements (root layout); render once per page frame.
 */
export function Announcements() {
  const appActor = useAppAnnouncements();
  return appActor ? <AnnouncementList actorRef={appActor} /> : <StandaloneAnnouncements />;
}

export default Announcements;
