import type { Knex } from 'knex';

// Revocations by a commit-ordered cursor (server/features/wallet/tokens.ts). A revocation's time was taken before
// its transaction committed, and staff devices asked for "revoked after my last answer's clock": a revocation
// committed after an answer but stamped before it was never delivered. Now each revocation takes a number from
// `ticket_revocation_seq` while holding its park's revocation lock until commit, so within a park the numbers
// become visible in order, and a device asks for "numbers after the last one I have".
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE SEQUENCE ticket_revocation_seq AS bigint');
  await knex.schema.alterTable('ticket_tokens', (t) => {
    t.bigInteger('revoke_seq');
  });
  // Revocations made before this migration are numbered in the order of their time.
  await knex.raw(`
    UPDATE ticket_tokens SET revoke_seq = n.seq
      FROM (SELECT jti, nextval('ticket_revocation_seq') AS seq
              FROM (SELECT jti FROM ticket_tokens WHERE revoked_at IS NOT NULL ORDER BY revoked_at, jti) ordered) n
     WHERE ticket_tokens.jti = n.jti`);
  await knex.raw(
    'ALTER TABLE ticket_tokens ADD CONSTRAINT ticket_tokens_revoke_seq_check CHECK ((revoked_at IS NULL) = (revoke_seq IS NULL))',
  );
  await knex.raw('DROP INDEX IF EXISTS ticket_tokens_revoked');
  await knex.raw(
    'CREATE UNIQUE INDEX ticket_tokens_revocations ON ticket_tokens (park_id, revoke_seq) WHERE revoke_seq IS NOT NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS ticket_tokens_revocations');
  await knex.raw('ALTER TABLE ticket_tokens DROP CONSTRAINT IF EXISTS ticket_tokens_revoke_seq_check');
  await knex.schema.alterTable('ticket_tokens', (t) => {
    t.dropColumn('revoke_seq');
  });
  await knex.raw('DROP SEQUENCE IF EXISTS ticket_revocation_seq');
  await knex.raw(
    'CREATE INDEX ticket_tokens_revoked ON ticket_tokens (park_id, revoked_at) WHERE revoked_at IS NOT NULL',
  );
}
