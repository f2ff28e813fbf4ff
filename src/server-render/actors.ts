/**
 * The actors of a page rendered on the server (src/server-render/render-page.tsx). React runs no effects there, so the
 * hooks of `@xstate/react` would leave every actor unstarted — every page in its loading state. In the server-side
 * build `@xstate/react` resolves to ./xstate-react-server.ts, whose `useActorRef` asks this store instead: the actor of
 * a hook (by its `useId`, stable from one render pass to the next) is created and started on the first pass and the
 * same actor is handed back on the next, by then with its answers. The renderer renders, lets the started actors
 * settle, and renders again until no pass starts a new actor.
 */
import { createContext, type DependencyList, type EffectCallback } from 'react';
import { createActor, type AnyActorLogic, type AnyActorRef } from 'xstate';
import type { ServerEffects } from '../ui/settling-effect';
import { machineId } from '../app/hydration-state';
import type { ActorSnapshots } from '../../core/api/hydration';

/** Dependencies equal for a settling effect: the same values, any function equal to any function. */
function sameDeps(a: DependencyList, b: DependencyList): boolean {
  return a.length === b.length && a.every((value, i) => (typeof value === 'function' && typeof b[i] === 'function') || Object.is(value, b[i]));
}

export class ServerActors implements ServerEffects {
  private readonly actors = new Map<string, AnyActorRef>();
  private readonly machines = new Map<string, string>();

  /**
   * `restored`: snapshots of an earlier render of the same page (by hook id), each started from its snapshot when the
   * hook asks for an actor of the same machine — the render then needs none of the answers they were made from.
   */
  constructor(private readonly restored: ActorSnapshots = {}) {}
  private readonly effects = new Map<string, DependencyList>();
  private started = 0;
  /** Where the page sends the reader on arrival, if it does (src/app/redirect.tsx). */
  redirectedTo: string | null = null;

  /** Where the page sends the reader on by its answers alone (src/ui/settling-effect.ts), if it does. */
  forwardedTo: string | null = null;

  redirect(to: string): void {
    this.redirectedTo ??= to;
  }

  forward(to: string): void {
    this.forwardedTo ??= to;
  }

  /** A settling effect (src/ui/settling-effect.ts) runs when its dependencies changed; the run is a change of the pass. */
  run(id: string, deps: DependencyList, effect: EffectCallback): void {
    const last = this.effects.get(id);
    if (last && sameDeps(last, deps)) return;
    this.effects.set(id, [...deps]);
    this.started += 1;
    effect();
  }

  /** The actor of the hook `id`: the one started on an earlier pass, or a new one, started now. */
  actor(id: string, logic: AnyActorLogic, options: object | undefined): AnyActorRef {
    const known = this.actors.get(id);
    if (known) return known;
    const machine = machineId(logic);
    const restored = machine !== undefined && this.restored[id]?.machine === machine ? this.restored[id]!.snapshot : undefined;
    const actor = createActor(logic, (restored === undefined ? options : { ...(options ?? {}), snapshot: restored }) as never);
    this.actors.set(id, actor);
    if (machine !== undefined) this.machines.set(id, machine);
    this.started += 1;
    actor.start();
    return actor;
  }

  /**
   * The persisted snapshot of every machine the render started, by its hook's id (core/api/hydration.ts). Taken once the
   * page has settled: a snapshot with a call still on its way would make that call again where it is restored.
   */
  snapshots(): ActorSnapshots {
    const out: ActorSnapshots = {};
    for (const [id, machine] of this.machines) out[id] = { machine, snapshot: this.actors.get(id)!.getPersistedSnapshot() };
    return out;
  }

  /** How many actors the passes since the last call started, and settling effects they ran. */
  takeStarted(): number {
    const n = this.started;
    this.started = 0;
    return n;
  }

  stop(): void {
    for (const actor of this.actors.values()) {
      try {
        actor.stop();
      } catch {
        /* already stopped */
      }
    }
    this.actors.clear();
  }
}

export const ServerActorsContext = createContext<ServerActors | null>(null);
