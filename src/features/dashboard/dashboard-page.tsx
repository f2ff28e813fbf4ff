import { css } from '../../../styled-system/css';
import { Page } from '../../ui/page';
import { LoadingRegion } from '../../ui/reserved';
import { BellIcon, CalendarIcon, CardIcon, ChatIcon, DocumentIcon, DollarIcon, PrinterIcon, ReceiptIcon, RepeatIcon } from '../../ui/icons';
import { useSession } from '../../app/session';
import { useReplay } from '../../app/replay-scope';
import { TilePanel, TilePanelSkeleton, type Tile } from './dashboard-tiles';
import { useReleaseFirstScreen } from '../../ui/first-screen';
import { useShellVisible } from '../../app/shell-frame';
import { LocationPage } from '../../app/location-page';
import { dashboardTexts as t } from './texts';
import { useDashboard } from './use-dashboard';
import { unreadTexts as ut } from './texts';
import { useUnreadMessages } from './use-unread-messages';
import type { LocationContextView } from '../../app/use-location-context';
import { paths } from '../../../core/rules/paths';

const panels = css({ display: 'flex', flexDirection: 'column', gap: { base: '4', md: '6' } });

export interface DashboardViewProps {
  /** `/token/<token>/vendors/<id>/locations/<id>` */
  base: string;
  location: LocationContextView['location'];
  loading: boolean;
  autopayOn: boolean;
  hasPaymentPlans: boolean;
  messagesBadge: Tile['badge'];
  /** A tile's token action, by its page. */
  onTokenAction?: (page: string) => void;
}

/**
 * The dashboard's markup from its view: the app renders it (`DashboardContent`), and so does the server for the first
 * screen of a dashboard's HTML (src/first-screen.tsx).
 */
export function DashboardView({ base, location, loading, autopayOn, hasPaymentPlans, messagesBadge, onTokenAction }: DashboardViewProps) {
  const tokenAction = (page: string) => (onTokenAction ? () => onTokenAction(page) : undefined);
  const tools: Tile[] = [
    { label: t.pay, to: paths.click2pay(base), icon: <CardIcon size={28} />, onSelect: tokenAction('click2pay') },
    autopayOn
      ? { label: t.autopayOn, to: paths.autopayManage(base), icon: <RepeatIcon size={28} />, active: true }
      : { label: t.autopay, to: paths.autopay(base), icon: <RepeatIcon size={28} /> },
    { label: t.messages, to: paths.messages(base), icon: <ChatIcon size={28} />, badge: messagesBadge },
    { label: t.remitForm, to: paths.remit(base), icon: <PrinterIcon size={28} />, onSelect: tokenAction('remit') },
    { label: t.reminders, to: paths.reminders(base), icon: <BellIcon size={28} />, onSelect: tokenAction('reminders') },
    { label: t.statements, to: paths.statement(base), icon: <DocumentIcon size={28} /> },
  ];
  const reports: Tile[] = [
    { label: t.invoices, to: paths.invoices(base), icon: <ReceiptIcon size={28} /> },
    { label: t.payments, to: paths.payments(base), icon: <DollarIcon size={28} /> },
    ...(hasPaymentPlans ? [{ label: t.paymentPlans, to: paths.plans(base), icon: <CalendarIcon size={28} /> }] : []),
  ];
  return (
    <Page>
      <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: '700', lineHeight: '1.2', mb: '6' })}>
        {t.title}{' '}
        {location ? <span className={css({ color: 'brand.700' })}>{location.displayName}</span> : null}
      </h1>
      {loading ? (
        // Skeletons of the final size (spec'd tiles: 6 tools; 3 reports when there are plans — reserved, since plans
        // are known only after loading and a shorter panel at the end moves nothing above it).
        <LoadingRegion label={t.loading} className={panels}>
          <TilePanelSkeleton title={t.tools} count={tools.length} />
          <TilePanelSkeleton title={t.reports} count={3} />
        </LoadingRegion>
      ) : (
        <div className={panels}>
          <TilePanel id="dashboard-tools" title={t.tools} tiles={tools} />
          <TilePanel id="dashboard-reports" title={t.reports} tiles={reports} />
        </div>
      )}
    </Page>
  );
}

/** The MESSAGES tile's badge from the unread count. */
export function messagesBadgeOf(unread: number | 'new' | null): Tile['badge'] {
  return unread === null ? null : unread === 'new' ? { text: ut.new, label: ut.newLabel } : { text: String(unread), label: ut.count(unread) };
}

function DashboardContent({ base, vendorId, locationId, context }: { base: string; vendorId: string; locationId: string; context: LocationContextView }) {
  const { isLoading, autopayOn, hasPaymentPlans } = useDashboard(vendorId, locationId);
  // ── messages ── the MESSAGES tile's unread count
  const unread = useUnreadMessages(vendorId, locationId, context.location?.hasUnreadMessages);
  // PAY, REMIT FORM and REMINDERS "first trigger an action using the token": a history record (replay type
  // none) of the token, vendor and location, then the tile's own navigation.
  const replay = useReplay();
  const session = useSession();
  const onTokenAction = (page: string) =>
    replay?.send({
      type: 'replay.save',
      action: { id: `none:${page}:${locationId}`, token: session.token, vendorId, locationId, replayType: 'none', requestId: null, page, savedAt: new Date().toISOString() },
    });
  const loading = isLoading || context.status === 'loading';
  // The first screen from the HTML (if any) gives way once this page shows its tiles (src/ui/first-screen.ts).
  useReleaseFirstScreen(useShellVisible() && !loading);
  return (
    <DashboardView
      base={base}
      location={context.location}
      loading={loading}
      autopayOn={autopayOn}
      hasPaymentPlans={hasPaymentPlans}
      messagesBadge={messagesBadgeOf(unread)}
      onTokenAction={onTokenAction}
    />
  );
}

/** Dashboard at the location base (spec §2): visit recorded on open, TOOLS and REPORTS tiles. */
export default function DashboardPage() {
  return (
    <LocationPage page="none" changeLocationBar>
      {({ vendorId, locationId, base, context }) => <DashboardContent key={`${vendorId}/${locationId}`} base={base} vendorId={vendorId} locationId={locationId} context={context} />}
    </LocationPage>
  );
}
