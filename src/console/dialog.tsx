/**
 * The console's dialog: the shared one (src/ui/dialog.tsx, Ark UI's), loaded only when a page first opens a dialog or
 * once the page is idle — not with the page. Most visits open none, and Ark's dialog is about 14 KB (gzip) of every
 * console page's scripts otherwise. Once opened it stays mounted, closed, so its closing and the focus's return work as
 * the shared one's.
 */
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import type { DialogProps } from '../ui/dialog';

type DialogModule = typeof import('../ui/dialog');
let loaded: DialogModule | null = null;
let loading: Promise<DialogModule> | null = null;
const load = () => (loading ??= import('../ui/dialog').then((module) => (loaded = module)));
const LazyDialog = lazy(() => load().then((module) => ({ default: module.Dialog })));

/** Starts loading the dialog once the page is idle (a dialog opened later opens at once). */
function usePreload() {
  useEffect(() => {
    if (loaded) return;
    const idle = typeof window !== 'undefined' && 'requestIdleCallback' in window;
    const handle = idle ? window.requestIdleCallback(() => void load(), { timeout: 3000 }) : setTimeout(() => void load(), 200);
    return () => (idle ? window.cancelIdleCallback(handle as number) : clearTimeout(handle as ReturnType<typeof setTimeout>));
  }, []);
}

export function Dialog(props: DialogProps) {
  usePreload();
  const [opened, setOpened] = useState(props.open);
  useEffect(() => {
    if (props.open) setOpened(true);
  }, [props.open]);
  // which one, chosen when it first opens and kept (a switch would mount the open dialog afresh): the loaded module's
  // when there is one, else the lazy one (which waits for it once)
  const chosen = useRef<ComponentType<DialogProps> | null>(null);
  // mounted closed first, then opened: Ark's dialog mounted already open never finishes its closing (its backdrop
  // stays, taking every click); `armed` once it has mounted (OnMount commits with it, in the same boundary)
  const [armed, setArmed] = useState(false);
  if (!props.open && !opened) return null;
  chosen.current ??= loaded?.Dialog ?? LazyDialog;
  const Chosen = chosen.current;
  return (
    <Suspense fallback={null}>
      <Chosen {...props} open={props.open && armed} />
      {armed ? null : <OnMount run={() => setArmed(true)} />}
    </Suspense>
  );
}

function OnMount({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}
