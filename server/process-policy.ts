/**
 * What the process does with an error nobody caught (decided; docs/operating.md, "Health, faults and overload"):
 *
 * - An **unhandled promise rejection** is logged at `error` with its reason and stack, counted, and the process keeps
 *   serving. Here it means a background promise whose failure no one awaited — a library's floating promise (pg-boss
 *   completes a job without awaiting it: with the database away that completion rejects), never a request: every
 *   request answers its own failure, and every change is a transaction in the database, so nothing in the process
 *   is left half done by it. Exiting would turn a database restart into an outage of every process at once.
 * - An **uncaught exception** (a synchronous throw out of a callback) is logged at `fatal` and the process exits with
 *   code 1 for its supervisor to restart it: its in-memory state (timers, caches, sockets) may be half updated.
 *
 * Never silent: both go to the log with the process's context.
 */
export interface PolicyLogger {
  error(obj: object, msg: string): void;
  fatal(obj: object, msg: string): void;
}

export interface ProcessPolicy {
  /** the logger to use from now on (the app's, once it is built) */
  useLogger(log: PolicyLogger): void;
  /** unhandled rejections seen so far */
  readonly unhandledRejections: number;
}

const consoleLogger: PolicyLogger = {
  error: (obj, msg) => console.error(msg, obj),
  fatal: (obj, msg) => console.error(msg, obj),
};

function describe(reason: unknown): { reason: string; stack?: string; code?: string } {
  if (reason instanceof Error) return { reason: reason.message, stack: reason.stack, code: (reason as { code?: string }).code };
  return { reason: String(reason) };
}

export function installProcessPolicy(exit: (code: number) => void = (code) => process.exit(code)): ProcessPolicy {
  let log = consoleLogger;
  let unhandled = 0;
  process.on('unhandledRejection', (reason) => {
    unhandled += 1;
    try {
      log.error({ ...describe(reason), unhandledRejections: unhandled }, 'unhandled promise rejection: logged, the process keeps serving');
    } catch {
      // a failing logger must not turn this into an exception
    }
  });
  process.on('uncaughtException', (error, origin) => {
    try {
      log.fatal({ ...describe(error), origin }, 'uncaught exception: the process exits for its supervisor to restart it');
    } finally {
      exit(1);
    }
  });
  return {
    useLogger(next) {
      log = next;
    },
    get unhandledRejections() {
      return unhandled;
    },
  };
}
