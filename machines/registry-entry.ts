/**
 * The shape of a registered machine (issue 11). Each machine folder declares its own entries beside its model in
 * `<flow>.entry.ts` with `defineMachine`, and `machines/registry.ts` is one plain list of them.
 */
import type { AnyStateMachine, EventObject } from 'xstate';

export interface RegisteredMachine {
  /** Stable id (the machine's id). */
  id: string;
  machine: AnyStateMachine;
  /** Input the walk starts the machine with (machines that take input). */
  input?: unknown;
  /** Model events accepted by the snapshot. */
  events: (snapshot: any) => EventObject[];
  /** What the machine is for, one line (kept for older inline entries; `defineMachine` sets it to `purpose`). */
  description: string;
  /** What the machine is for, one line (the atlas shows it). Required through `defineMachine`. */
  purpose?: string;
  /** The feature the atlas groups it under (e.g. "Click-to-pay"). Required through `defineMachine`. */
  feature?: string;
}

/** A machine entry as a folder declares it: purpose and feature are required. */
export interface MachineEntry extends RegisteredMachine {
  purpose: string;
  feature: string;
}

/** Keeps only the events the snapshot accepts (guards included). */
export function accepted(events: (snapshot: any) => EventObject[]) {
  return (snapshot: any) => events(snapshot).filter((e) => snapshot.can(e));
}

/**
 * Declares a registry entry: the id is the machine's id, the model events are filtered to what the snapshot
 * accepts, and `description` mirrors `purpose` for older readers.
 */
export function defineMachine(entry: {
  machine: AnyStateMachine;
  input?: unknown;
  events: (snapshot: any) => EventObject[];
  purpose: string;
  feature: string;
}): MachineEntry {
  return {
    id: entry.machine.id,
    machine: entry.machine,
    ...(entry.input === undefined ? {} : { input: entry.input }),
    events: accepted(entry.events),
    description: entry.purpose,
    purpose: entry.purpose,
    feature: entry.feature,
  };
}

/** Purpose and feature of any entry, also of an older inline one (description only, no feature). */
export function purposeOf(entry: RegisteredMachine): string {
  return entry.purpose ?? entry.description;
}
export const UNSORTED_FEATURE = 'Unsorted';
export function featureOf(entry: RegisteredMachine): string {
  return entry.feature ?? UNSORTED_FEATURE;
}
