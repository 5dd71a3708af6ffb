import { eq } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import { normaliseEmail } from '#server/modules/players/index.ts'
import { players } from '#server/modules/players/players.tables.ts'

/** What messages to a player and their verification need to know of the account. */
export interface PlayerContact {
  id: string
  email: string
  firstName: string
  locale: string
  phone: string
  emailVerifiedAt: Date | null
  phoneVerifiedAt: Date | null
}

const contactColumns = {
  id: players.id,
  email: players.email,
  firstName: players.firstName,
  locale: players.locale,
  phone: players.phone,
  emailVerifiedAt: players.emailVerifiedAt,
  phoneVerifiedAt: players.phoneVerifiedAt,
}

export async function findPlayerContact(
  db: Db | Tx,
  playerId: string,
): Promise<PlayerContact | undefined> {
  const [row] = await db.select(contactColumns).from(players).where(eq(players.id, playerId))
  return row
}

export async function findPlayerContactByEmail(
  db: Db | Tx,
  email: string,
): Promise<PlayerContact | undefined> {
  const [row] = await db
    .select(contactColumns)
    .from(players)
    .where(eq(players.email, normaliseEmail(email)))
  return row
}
