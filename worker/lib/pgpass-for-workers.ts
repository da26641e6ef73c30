/**
 * What the Worker build gives `pg` in place of the `pgpass` package (wrangler.toml [alias]): a Worker
 * has no ~/.pgpass to read, and its connection strings (Hyperdrive's, DATABASE_URL) carry their
 * password, so `pg` never asks. Answering "no password file" keeps pgpass and split2 (≈ 1.4 KB gz)
 * out of the script.
 */
export default function pgpass(_connection: unknown, callback: (password: string | undefined) => void): void {
  callback(undefined);
}
