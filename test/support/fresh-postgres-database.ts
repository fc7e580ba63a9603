// A new, empty PostgreSQL database on the server of `adminUrl`, and a way to drop it: every suite
// that runs on PostgreSQL gets its own, so runs never see each other's rows.
import pg from 'pg';

export async function freshPostgresDatabase(adminUrl: string, prefix = 'bodyscan_test'): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try { await admin.query(`CREATE DATABASE ${name}`); } finally { await admin.end(); }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try { await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`); } finally { await client.end(); }
    },
  };
}
