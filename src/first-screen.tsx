/**
 * The first screen of a token page, rendered by the server into the page's HTML (the dashboard painted before
 * any JavaScript runs). Built for Node with the prerender build (scripts/build/prerender.ts →
 * `dist/.ssr/first-screen.mjs`) and called by server/http/first-screen.ts with the very API answers the page carries
 * inline (server/http/bootstrap.ts) — so it shows what the app's first render with those answers shows, from the same
 * components: `ShellLayout`, `AnnouncementBanners`, `ChangeLocationBar`, `DashboardView`. The app releases it once
 * its own screen is there (src/ui/first-screen.ts).
 *
 * Only a dashboard whose every answer is there gets one (else null: the page loads as it always did). Two things the
 * server cannot know may differ from the app's screen, which then replaces it as is: a banner the reader dismissed
 * earlier in this tab (session storage) and, on its last day, an expiration checked here in the vendor's zone (in the
 * viewer's by the app).
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { Temporal } from 'temporal-polyfill';
import { announcementsOf, mergeAnnouncements, type Announcement } from '../machines/announcements/announcements.actors';
import { selectVisibleAnnouncements } from '../machines/announcements/announcements.selectors';
import type { Autopay, PaymentPlan } from '../machines/dashboard/dashboard.actors';
import { hasPaymentPlans, isAutopayOn } from '../machines/dashboard/dashboard.selectors';
import { unreadBadgeOf } from '../machines/messages/messages.selectors';
import { changeLocationPath } from '../machines/selection/selection.selectors';
import type { Location, Vendor } from '../machines/load/load.actors';
import { AnnouncementBanners } from './features/announcements/announcement-banners';
import { DashboardView, messagesBadgeOf } from './features/dashboard/dashboard-page';
import { dashboardTexts as t } from './features/dashboard/texts';
import { ChangeLocationBar } from './ui/change-location-bar';
import { ShellLayout } from './app/shell-frame';
import { paths } from '../core/rules/paths';

export interface FirstScreenInput {
  /** The page's path as requested (`/token/<token>/vendors/<id>/locations/<id>`). */
  path: string;
  token: string;
  vendorId: string;
  locationId: string;
  /** API answers by path under /api (server/http/bootstrap.ts). */
  api: Record<string, unknown>;
  /** Public files by path. */
  files: Record<string, unknown>;
}

function listOf<T>(body: unknown, key: string): T[] | undefined {
  const list = body && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined;
  return Array.isArray(list) ? (list as T[]) : undefined;
}

/** The three sources in the app's order and rule (machines/announcements: global, vendor, public file). */
function announcementsFor(input: FirstScreenInput): Announcement[] {
  const bodies = [input.api['/announcements'], input.api[`/vendors/${input.vendorId}/announcements`], input.files['/static/announcements.json']];
  return mergeAnnouncements(bodies.map(announcementsOf));
}

/** The dashboard's first screen as HTML, or null when an answer it needs is missing. */
export function renderDashboardFirstScreen(input: FirstScreenInput): string | null {
  const { vendorId, locationId, token, api } = input;
  const vendors = listOf<Vendor>(api['/vendors'], 'vendors');
  const locations = listOf<Location>(api[`/vendors/${vendorId}/locations`], 'locations');
  const base = `/vendors/${vendorId}/locations/${locationId}`;
  const autopayAnswer = api[`${base}/autopay`] as { autoPay?: Autopay | null } | undefined;
  const plans = listOf<PaymentPlan>(api[`${base}/paymentplans`], 'paymentPlans');
  const vendor = vendors?.find((v) => v.id === vendorId);
  const location = locations?.find((l) => l.id === locationId);
  if (!vendors || !locations || !vendor || !location || !autopayAnswer || !plans) return null;
  // The MESSAGES badge: counted only when the location has unread messages (machines/messages); unknown → none yet,
  // as in the app until its count arrives (the badge sits in the tile's corner: it moves nothing).
  const unreadAnswer = listOf<unknown>(api[`${base}/messages?contactNotRead=true`], 'messages');
  const unread = location.hasUnreadMessages && unreadAnswer ? unreadBadgeOf(unreadAnswer.length) : null;
  const now = Temporal.Now.zonedDateTimeISO(vendor.eodCutoff?.timezone || 'UTC');
  const items = selectVisibleAnnouncements({ context: { announcements: announcementsFor(input), dismissed: [] } } as never, now);
  const changeTo = changeLocationPath(token, vendorId, vendors.length, locations.length);
  const bar = changeTo ? <ChangeLocationBar current={location.displayName} to={changeTo} label={t.changeLocation} /> : null;
  return renderToString(
    <StrictMode>
      <MemoryRouter initialEntries={[input.path]}>
        <ShellLayout vendor={vendor} location={location} bar={bar} visible announcements={<AnnouncementBanners items={items} placement="flow" />}>
          <DashboardView
            base={paths.location({ token, vendorId, locationId })}
            location={location}
            loading={false}
            autopayOn={isAutopayOn(autopayAnswer.autoPay)}
            hasPaymentPlans={hasPaymentPlans(plans)}
            messagesBadge={messagesBadgeOf(unread)}
          />
        </ShellLayout>
      </MemoryRouter>
    </StrictMode>,
  );
}
