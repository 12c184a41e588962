import pg from 'pg';
import { statementName } from './rows';

/** A text sent this many times (in this process) is sent as a named prepared statement from then on. */
export const NAME_AFTER = 3;
/** At most this many named statements on one connection (each keeps its plan in the server's memory). */
export const NAMED_PER_CONNECTION = 200;
/** Texts counted at most: past this, a text not counted yet stays unnamed. */
const TEXTS_COUNTED = 5_000;

const sent = new Map<string, number>();

/** Whether `text` has now been sent often enough to be named (counts this sending). */
function oftenSent(text: string): boolean {
  const count = sent.get(text);
  if (count === undefined) {
    if (sent.size < TEXTS_COUNTED) sent.set(text, 1);
    return NAME_AFTER <= 1;
  }
  if (count >= NAME_AFTER) return true;
  sent.set(text, count + 1);
  return count + 1 >= NAME_AFTER;
}

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  values?: unknown;
  submit?: unknown;
}

interface ConnectionState {
  parsedStatements: Record<string, string>;
  submittedNamedStatements?: Record<string, string>;
}

/**
 * The pool's connection (decision 038): a statement with parameters whose text this process has
 * sent NAME_AFTER times goes out as a named prepared statement (its name a digest of its text,
 * `statementName`), so each connection parses it once, and PostgreSQL can keep a generic plan
 * instead of planning it on every request (measured: planning was more of PostgreSQL's time than
 * executing). A statement without parameters (the migrations' scripts, several commands in one
 * text), one whose caller names it already, or one named `''` on purpose (planned with its values
 * each time, as the header search needs) is sent as it comes. A text sent fewer times (a list of
 * ids of a varying length) stays unnamed, and a connection names at most NAMED_PER_CONNECTION.
 */
export class NamingClient extends pg.Client {
  /** Names this connection was given (a name is parsed once, when first sent). */
  private named = 0;

  // pg.Client's query is overloaded: this passes every form through.
  override query(config: any, values?: any, callback?: any): any {
    const c: QueryConfigLike | null = typeof config === 'string' ? { text: config } : config;
    if (
      c &&
      typeof c === 'object' &&
      typeof c.submit !== 'function' &&
      typeof c.text === 'string' &&
      c.name === undefined
    ) {
      const params = Array.isArray(values) ? values : c.values;
      if (Array.isArray(params) && params.length > 0 && oftenSent(c.text)) {
        const name = statementName(c.text);
        const connection = (this as unknown as { connection: ConnectionState }).connection;
        const known =
          connection.parsedStatements[name] !== undefined ||
          connection.submittedNamedStatements?.[name] !== undefined;
        if (known || this.named < NAMED_PER_CONNECTION) {
          if (!known) this.named++;
          config = { ...c, name };
        }
      }
    }
    return super.query(config, values, callback);
  }
}
