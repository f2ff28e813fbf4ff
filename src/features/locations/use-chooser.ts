import { useActorRef, useSelector } from '@xstate/react';
import { useContext, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import type { Location, Vendor } from '../../../machines/load/load.actors';
import { connectChooser } from '../../../machines/selection/chooser.connect';
import { chooserMachine, type ChooserOption, type ChooserOptions } from '../../../machines/selection/chooser.machine';
import { formatAddress, sortLocations, sortVendors, vendorLabel } from '../../../machines/selection/selection.selectors';
import { settled, useSession } from '../../app/session';
import { paths } from '../../../core/rules/paths';
import { ServerEffectsContext } from '../../ui/settling-effect';

export type ChooserView = ReturnType<typeof connectChooser>;

function useChooser(loadOptions: (refresh: boolean) => Promise<ChooserOptions>, pathOf: (id: string) => string): ChooserView {
  const navigate = useNavigate();
  // On the server (a first screen) navigation never happens: the only option is where the server redirects the request.
  const server = useContext(ServerEffectsContext);
  const refs = useRef({ navigate, loadOptions, pathOf, server });
  refs.current = { navigate, loadOptions, pathOf, server };
  const logic = useMemo(
    () =>
      chooserMachine.provide({
        actors: { loadOptions: fromPromise<ChooserOptions, { refresh: boolean }>(({ input }) => refs.current.loadOptions(input.refresh)) },
        actions: {
          forwardToOnlyOption: (_, { id }: { id: string }) => {
            const { server, navigate, pathOf } = refs.current;
            if (server) server.forward(pathOf(id));
            else navigate(pathOf(id), { replace: true });
          },
          goToChosenOption: (_, { id }: { id: string }) => refs.current.navigate(refs.current.pathOf(id)),
        },
      }),
    [],
  );
  const actorRef = useActorRef(logic);
  const snapshot = useSelector(actorRef, (s) => s);
  return useMemo(() => connectChooser(snapshot, actorRef.send), [snapshot, actorRef]);
}

function vendorOption(vendor: Vendor): ChooserOption {
  return { id: vendor.id, label: vendorLabel(vendor), imageUrl: vendor.config.logoUrl };
}

function locationOption(location: Location): ChooserOption {
  return { id: location.id, label: location.displayName, detail: formatAddress(location.address) };
}

/** Vendor chooser: vendors by name ignoring case; one vendor → straight to its locations. */
export function useVendorChooser(): ChooserView & { vendors: Vendor[] } {
  const session = useSession();
  const view = useChooser(
    async (refresh) => {
      const vendors = await settled<Vendor[]>(session.vendors(), refresh);
      return { options: sortVendors(vendors).map(vendorOption), vendorCount: vendors.length };
    },
    (vendorId) => paths.locations(session.token, vendorId),
  );
  const vendors = useSelector(session.vendors(), (s) => s.context.data ?? []);
  return { ...view, vendors };
}

/** Location chooser: by display name; one location → straight to it. */
export function useLocationChooser(vendorId: string): ChooserView & { vendor: Vendor | null } {
  const session = useSession();
  const view = useChooser(
    async (refresh) => {
      const [vendors, locations] = await Promise.all([
        settled<Vendor[]>(session.vendors(), refresh && session.vendors().getSnapshot().value === 'failed'),
        settled<Record<string, Location>>(session.locations(vendorId), refresh),
      ]);
      return { options: sortLocations(locations).map(locationOption), vendorCount: vendors.length };
    },
    (locationId) => paths.location({ token: session.token, vendorId, locationId }),
  );
  const vendor = useSelector(session.vendors(), (s) => s.context.data?.find((v) => v.id === vendorId) ?? null);
  return { ...view, vendor };
}
