import type { Knex } from 'knex';

// Ticket tokens moved from a JSON payload to a binary one (common/rules/ticketToken.ts, version 2), which halves
// the QR code's size. Live tokens of the first version are revoked so the next wallet read issues new ones; they
// go onto the revocation list like any other replaced token.
export async function up(knex: Knex): Promise<void> {
  // base64url of '{"' is 'eyJ': only the JSON tokens start that way.
  await knex('ticket_tokens')
    .whereNull('revoked_at')
    .where('token', 'like', 'eyJ%')
    .update({ revoked_at: knex.fn.now(), revoke_reason: 'changed' });
}

export async function down(): Promise<void> {
  // Nothing to undo: revoked tokens stay revoked, and version 2 tokens are read by the code of this version only.
}
