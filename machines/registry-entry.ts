/**
 * The shape of a registered machine. Each machine folder declares its own entries beside its model in
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
  /** What the machine is for, one line (the atlas shows it). */
  purpose: string;
  /** The feature the atlas groups it under (e.g. "Click-to-pay"). */
  feature: string;
  /** The same line as `purpose`, under the name the atlas journey and the registry test read. */
  description: string;
}

/** A machine entry as a folder declares it. */
export type MachineEntry = RegisteredMachine;

/** Keeps only the events the snapshot accepts (guards included). */
export function accepted(events: (snapshot: any) => EventObject[]) {
  return (snapshot: any) => events(snapshot).filter((e) => snapshot.can(e));
}

/** Declares a registry entry: the id is the machine's id, and the model events are filtered to what the snapshot accepts. */
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
    purpose: entry.purpose,
    feature: entry.feature,
    description: entry.purpose,
  };
}

/** The purpose and the feature of an entry, as the atlas, its export and the QA path printer show them. */
export function purposeOf(entry: RegisteredMachine): string {
  return entry.purpose;
}
export function featureOf(entry: RegisteredMachine): string {
  return entry.feature;
}
