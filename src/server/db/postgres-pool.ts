// Every pg pool of the server is made here (the store's, the insights writer thread's), so that
// none of them can take its process down when PostgreSQL ends a connection.
import pg from 'pg';

export interface PostgresPoolOptions {
  url: string;
  max: number;
  /** Hears every error of a pooled connection (one the server ended or broke); it is dropped either way. */
  onConnectionError?: (error: Error) => void;
}

export function createPostgresPool({ url, max, onConnectionError = () => undefined }: PostgresPoolOptions): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000 });
  // A connection lost while a client is checked out (a failover, a restart, pg_terminate_backend)
  // is emitted as 'error' on that client, and pg-pool takes its own listener off a client for as
  // long as it is checked out: its 'error' event is for idle clients only. Unheard, the event
  // was thrown and the process exited. With a listener for the client's whole life, the query in
  // flight fails (the routes answer 503), and on release the pool sees the client is no longer
  // queryable and opens another for the next query.
  pool.on('connect', (client) => client.on('error', onConnectionError));
  // An idle client's error is also re-emitted on the pool, which has already dropped it; the
  // client's own listener above has heard it.
  pool.on('error', () => undefined);
  return pool;
}
