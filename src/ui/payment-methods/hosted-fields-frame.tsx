/**
 * The payments service's hosted fields as the add-method page shows them: an iframe of
 * `hostedFieldsUrl` (the payments origin). The card number, CVC and account number are typed there and never reach
 * this page; what this page gets is a `HostedFieldsPort` (`core/api/hosted-fields-protocol.ts`) for the creation machine —
 * check the fields, tokenize them, resume after a fresh JWT — answered by the frame's messages.
 *
 * Only messages from the frame's exact origin AND from this iframe's window are read (another frame or tab of the
 * same origin is ignored too); everything is parsed against the protocol, and what is posted goes to that origin
 * only. The frame's height is reserved exactly from the first paint: both sides know its layout (`HOSTED_LAYOUT`,
 * one or two columns by the frame's width — here a container query on the frame's box), so neither the frame's
 * arrival nor its first `resize` moves anything; a later `resize` (an error message that wraps) is followed.
 */
import { useEffect, useRef, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { css } from '../../../styled-system/css';
import { CHANNEL, HOSTED_LAYOUT, hostedFieldsHeight, originOf, parseFrameMessage, type FrameMessage, type HostedFieldsPort, type HostedKind, type TokenizeAnswer } from '../../../core/api/hosted-fields-protocol';

/** The portal's colours for the fields (Panda tokens: ink, brand.600, danger, the field border). */
const THEME = { text: '#1b2430', accent: '#1f6fd6', danger: '#b42318', border: '#6b7483', fontSizePx: 16 } as const;

/**
 * The box that reserves the frame's height: a size container whose child (the iframe, or the loading page's
 * placeholder) is as tall as the frame's layout at one column, or at two from `HOSTED_LAYOUT.twoColumnsFromPx`
 * (the same width the frame switches at: the iframe is exactly as wide as this box).
 */
const reserveBox = css({ containerType: 'inline-size', width: '100%' });
const reserved = css({
  display: 'block', width: '100%', height: 'var(--pp-hf-one)',
  // Panda reads this at build time, so a literal: RESERVED_TWO_COLUMNS_FROM_PX below fails to compile when it differs
  '@container (min-width: 480px)': { height: 'var(--pp-hf-two)' },
});

function reservedVars(kind: HostedKind): CSSProperties {
  return { '--pp-hf-one': `${hostedFieldsHeight(kind, 1)}px`, '--pp-hf-two': `${hostedFieldsHeight(kind, 2)}px` } as CSSProperties;
}

/** Holds the frame's place while the page loads (a skeleton of the frame's exact height). */
export function HostedFieldsPlaceholder({ kind }: { kind: HostedKind }) {
  return (
    <div className={reserveBox}>
      <span aria-hidden="true" data-skeleton="" className={reserved} style={{ ...reservedVars(kind), background: '#e8edf3', borderRadius: '6px' }} />
    </div>
  );
}

const subscribeNever = () => () => {};
/**
 * True in the browser, false while the server renders the page's first screen (src/server-render: React renders with
 * the server snapshot there). The painted first screen holds the frame's place with an empty box of its exact size,
 * not a frame of its own: the app's screen replaces the painted one as a whole, so a frame there would be loaded twice
 * (its 80 KB script parsed and run twice on the phone's main thread, the first time while the page paints) and what
 * the customer had typed or autofilled into the painted one would be gone when the app took over — a frame's fields
 * cannot be handed over like the page's own (`replayTyped`, src/ui/first-screen.ts). The one frame is the app's.
 */
const useInBrowser = () => useSyncExternalStore(subscribeNever, () => true, () => false);

/** The container query's width above; compiles only while it is HOSTED_LAYOUT's. */
export const RESERVED_TWO_COLUMNS_FROM_PX = 480 satisfies typeof HOSTED_LAYOUT.twoColumnsFromPx;

type Pending =
  | { kind: 'check'; resolve: (answer: Awaited<ReturnType<HostedFieldsPort['check']>>) => void }
  | { kind: 'tokenize'; resolve: (answer: TokenizeAnswer) => void };

export interface HostedFieldsProps {
  /** `…/hosted-fields` on the payments origin */
  src: string;
  kind: HostedKind;
  provider: string;
  /** the list's paymentMethodsJwt ('' when there is none yet: the first tokenization then asks for a fresh one) */
  jwt: string | null;
  /** the frame's accessible name */
  title: string;
  /** Enter pressed inside the frame: submit the form around it */
  onSubmit(): void;
  /** the port once the frame listens; null while it loads or after it unmounts */
  onPort(port: HostedFieldsPort | null): void;
}

export function HostedFields({ src, kind, provider, jwt, title, onSubmit, onPort }: HostedFieldsProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  // what the frame said last; until then (and while it says the layout's height) the reserved one applies
  const [height, setHeight] = useState<number | null>(null);
  const callbacks = useRef({ onSubmit, onPort });
  callbacks.current = { onSubmit, onPort };
  const init = useRef({ kind, provider, jwt });
  init.current = { kind, provider, jwt };
  const origin = originOf(src);

  useEffect(() => {
    if (!origin) return undefined;
    let pending: Pending | null = null;
    const post = (message: Record<string, unknown>) => frame.current?.contentWindow?.postMessage({ channel: CHANNEL, ...message }, origin);
    const ask = <K extends Pending['kind']>(kind: K, message: Record<string, unknown>) =>
      new Promise<Parameters<Extract<Pending, { kind: K }>['resolve']>[0]>((resolve) => {
        // one request at a time: an older one still waiting is answered as failed
        if (pending?.kind === 'tokenize') pending.resolve({ type: 'failed' });
        if (pending?.kind === 'check') pending.resolve({ valid: false, fields: [] });
        pending = { kind, resolve } as Pending;
        post(message);
      });
    const port: HostedFieldsPort = {
      check: () => ask('check', { type: 'check' }),
      tokenize: (extra) => ask('tokenize', { type: 'tokenize', extra }),
      resume: (fresh) => ask('tokenize', { type: 'jwt', jwt: fresh }),
    };
    const answer = (message: FrameMessage) => {
      const waiting = pending;
      if (message.type === 'invalid' || message.type === 'checked') {
        if (waiting?.kind === 'check') {
          pending = null;
          waiting.resolve(message.type === 'checked' ? { valid: true, brand: message.brand, funding: message.funding } : { valid: false, fields: message.fields });
        } else if (waiting?.kind === 'tokenize' && message.type === 'invalid') {
          pending = null;
          waiting.resolve({ type: 'failed' });
        }
        return;
      }
      if (waiting?.kind !== 'tokenize') return;
      pending = null;
      if (message.type === 'tokenized') waiting.resolve({ type: 'tokenized', key: message.key, brand: message.brand, lastFour: message.lastFour, funding: message.funding });
      else if (message.type === 'refused') waiting.resolve({ type: 'refused', status: message.status, code: message.code, message: message.message });
      else if (message.type === 'unauthorized') waiting.resolve({ type: 'unauthorized' });
      else if (message.type === 'failed') waiting.resolve({ type: 'failed' });
      else pending = waiting;
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || !frame.current || event.source !== frame.current.contentWindow) return;
      const message = parseFrameMessage(event.data);
      if (!message) return;
      switch (message.type) {
        case 'ready':
          post({ type: 'init', kind: init.current.kind, provider: init.current.provider, jwt: init.current.jwt ?? '', theme: THEME });
          callbacks.current.onPort(port);
          return;
        case 'resize':
          setHeight(message.height);
          return;
        case 'submit':
          callbacks.current.onSubmit();
          return;
        default:
          answer(message);
      }
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      if (pending?.kind === 'tokenize') pending.resolve({ type: 'failed' });
      pending = null;
      callbacks.current.onPort(null);
    };
  }, [origin]);

  const inBrowser = useInBrowser();
  if (!origin) return null;
  if (!inBrowser) {
    // what the app's screen shows here until its frame has painted: the frame's box, empty
    return (
      <div className={reserveBox}>
        <span aria-hidden="true" data-hosted-fields-pending="" className={reserved} style={reservedVars(kind)} />
      </div>
    );
  }
  return (
    <div className={reserveBox}>
      <iframe
        ref={frame}
        src={src}
        title={title}
        data-testid="hosted-fields"
        // the frame needs scripts and its own origin (its API); nothing else: no top navigation, no forms, no pop-ups
        sandbox="allow-scripts allow-same-origin"
        referrerPolicy="no-referrer"
        className={`${reserved} ${css({ border: 'none', overflow: 'hidden' })}`}
        style={{ ...reservedVars(kind), ...(height === null ? {} : { height }) }}
      />
    </div>
  );
}
